import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type IncidentStatus = 'unresolved' | 'resolved';

/** Opened by a failed run: the failing node, its error and the input it had. */
export interface EngineIncidentsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  run_id: string;
  node_id: string | null;
  node_type: string | null;
  error: string | null;
  node_input: JSONColumnType<Record<string, unknown>>;
  node_params: JSONColumnType<Record<string, unknown>>;
  status: Generated<IncidentStatus>;
  resolution_note: string | null;
  replay_count: Generated<number>;
  last_replayed_run_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  resolved_at: Date | null;
}
export type EngineIncident = Selectable<EngineIncidentsTable>;
