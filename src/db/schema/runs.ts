import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';
import type { NodeLog, RunPlan, RunStatus } from '../../engine/types';

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
  resumed_count: Generated<number>;
  retried_from: string | null;
}
export type Run = Selectable<RunsTable>;

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

export type RunEventType = 'node_started' | 'node_output' | 'node_completed' | 'run_finished';

export interface RunEventsTable {
  run_id: string;
  seq: number;
  type: RunEventType;
  node_id: string | null;
  dedupe_key: string;
  data: JSONColumnType<Record<string, unknown>, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type RunEvent = Selectable<RunEventsTable>;

export interface RunWatchdogStateTable {
  id: string;
  total_scans: Generated<number>;
  total_recovered: Generated<number>;
  total_stalled_detected: Generated<number>;
  total_reaped: Generated<number>;
  last_scan_at: Date | null;
  started_at: Generated<Date>;
}

export interface RunWatchdogActionsTable {
  id: Generated<number>;
  run_id: string;
  account_id: string;
  action: string;
  reason: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
