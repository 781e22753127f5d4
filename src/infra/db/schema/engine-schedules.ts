import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/** A workflow's schedule, mirrored by one Temporal Schedule. */
export interface EngineSchedulesTable {
  id: string;
  account_id: string;
  workflow_id: string;
  cron: string;
  timezone: string;
  active: Generated<boolean>;
  /** The run input each firing starts with. */
  input: JSONColumnType<Record<string, unknown>>;
  temporal_schedule_id: string;
  last_fired_at: Date | null;
  last_run_id: string | null;
  last_error: string | null;
  fire_count: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineSchedule = Selectable<EngineSchedulesTable>;
