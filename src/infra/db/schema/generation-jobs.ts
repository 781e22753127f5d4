import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Updated = ColumnType<Date, Date | undefined, Date>;

export type JobStatus = 'processing' | 'completed' | 'failed';

/** Every generation operation; async ones are polled through GET /v1/jobs/{id}. */
export interface GenerationJobsTable {
  id: string;
  account_id: string;
  key_id: string | null;
  type: string;
  model: string;
  status: JobStatus;
  sandbox: Generated<boolean>;
  request: JSONColumnType<Record<string, unknown>>;
  cost_micros: Generated<number>;
  charge_operation_id: string | null;
  blob_key: string | null;
  /** Where the output went (destination, key/path, url). */
  output: JSONColumnType<Record<string, unknown>> | null;
  error: string | null;
  created_at: Created;
  updated_at: Updated;
  completed_at: Date | null;
  purged_at: Date | null;
}

export type GenerationJob = Selectable<GenerationJobsTable>;
