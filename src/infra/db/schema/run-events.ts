import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

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
