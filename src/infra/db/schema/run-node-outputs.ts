import type { Generated, JSONColumnType, Selectable } from 'kysely';
import type { NodeLog } from '../../../engine/contract/types';

export type NodeRunStatus = 'running' | 'succeeded' | 'failed' | 'skipped';

export interface RunNodeOutputsTable {
  run_id: string;
  node_id: string;
  node_type: string;
  status: NodeRunStatus;
  ok: Generated<boolean>;
  output: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  usd_charged_micros: Generated<number>;
  error: string | null;
  logs: JSONColumnType<NodeLog[], string | undefined, string>;
  duration_ms: Generated<number>;
  skipped: Generated<boolean>;
  tokens_consumed: Generated<number>;
  attempt: Generated<number>;
  started_at: Date | null;
  finished_at: Date | null;
}

export type RunNodeOutputRow = Selectable<RunNodeOutputsTable>;
