import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { RunPlan, RunStatus } from '../../../engine/contract/types';

export interface RunsTable {
  /** The run id, also the Temporal workflow id. */
  id: string;
  account_id: string;
  workflow_id: string;
  workflow_version: number;
  status: RunStatus;
  trigger_type: string;
  /** Runs started with a sandbox key are never charged. */
  sandbox: Generated<boolean>;
  input: JSONColumnType<Record<string, unknown>>;
  plan: JSONColumnType<RunPlan>;
  usd_cap_micros: number | null;
  usd_charged_micros: Generated<number>;
  current_node: string | null;
  nodes_total: Generated<number>;
  nodes_completed: Generated<number>;
  /** Last allocated event seq; bumped in the same transaction as each event insert. */
  last_seq: Generated<number>;
  last_heartbeat_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  error: string | null;
  temporal_workflow_id: string;
  /** The Temporal execution (run id) the run's writes come from, set by its first activity; a reset replaces it. */
  temporal_run_id: Generated<string | null>;
  /** The run's generation (resume count) that execution serves. */
  temporal_generation: Generated<number | null>;
  resumed_count: Generated<number>;
  retried_from: string | null;
  /** The run whose agent started this one through a workflow tool. */
  parent_run_id: Generated<string | null>;
  parent_node_id: Generated<string | null>;
}

export type Run = Selectable<RunsTable>;
