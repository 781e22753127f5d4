import type { ColumnType, Selectable } from 'kysely';

/** Something on the S3 server whose rows are gone (written with their deletion, removed once it is). */
export interface S3DeletionsTable {
  /** The bucket on the server. */
  bucket: string;
  /** A folder (ends with `/`) inside a shared bucket, or '' with `whole_bucket`. */
  prefix: string;
  /** The bucket itself goes too: its objects, versions, multipart uploads and then the bucket. */
  whole_bucket: boolean;
  /** Server users (access key ids) to delete with it. */
  access_keys: ColumnType<string[], string[] | undefined, string[]>;
  /** What was deleted, for whoever looks at a stuck row: `account`. */
  reason: string;
  requested_at: ColumnType<Date, Date | undefined, never>;
}

export type S3Deletion = Selectable<S3DeletionsTable>;
