import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** `approval_decided`: one approver's decision on a waiting control.approval node (who, when, the tally).
 * `run_reset`: an operator reset the run's Temporal execution; nodes from the reset point run again. */
export type RunEventType = 'node_started' | 'node_output' | 'node_completed' | 'run_finished' | 'approval_decided' | 'run_reset';

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
