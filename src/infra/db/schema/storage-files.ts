import type { ColumnType, Selectable } from 'kysely';

/** A file uploaded into a simple bucket (POST /v1/photos/upload). */
export interface StorageFilesTable {
  id: string;
  account_id: string;
  bucket_id: string;
  /** Key of the object on the S3 server. */
  object_key: string;
  filename: string;
  size_bytes: number;
  /** Detected from the file's bytes, not taken from the client. */
  content_type: string;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type StorageFile = Selectable<StorageFilesTable>;
