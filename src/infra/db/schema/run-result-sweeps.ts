import type { ColumnType, Selectable } from 'kysely';

/** A finished run whose unreferenced result blobs were swept, at the resume count it had then. */
export interface RunResultSweepsTable {
  run_id: string;
  resumed_count: number;
  swept_at: ColumnType<Date, Date | undefined, Date>;
}

export type RunResultSweep = Selectable<RunResultSweepsTable>;
