import type { ColumnType, Selectable } from 'kysely';

/** A blob prefix to delete: its rows are gone (written with their deletion, removed once the blobs are). */
export interface BlobDeletionsTable {
  /** Ends with `/`: `<account>/` or `<account>/run-results/<run>/`. */
  prefix: string;
  /** What was deleted: `run` or `account`. */
  reason: string;
  requested_at: ColumnType<Date, Date | undefined, never>;
}

export type BlobDeletion = Selectable<BlobDeletionsTable>;
