import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A simple bucket; its files live under `path_prefix` in the server's simple-bucket bucket. */
export interface SimpleBucketsTable {
  id: string;
  account_id: string;
  /** Sanitised to [a-zA-Z0-9_-], at most 50 characters; unique per account. */
  name: string;
  path_prefix: string;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  region: ColumnType<string, string | undefined, never>;
  max_file_size_mb: number | null;
  allowed_mime_types: JSONColumnType<string[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type SimpleBucket = Selectable<SimpleBucketsTable>;
