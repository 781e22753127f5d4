import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

export type DestinationKind = 'internal' | 's3';

export interface OutputDestinationsTable {
  id: string;
  account_id: string;
  name: string;
  kind: DestinationKind;
  /** internal: {prefix}; s3: {bucket, region, endpoint, prefix, access_key_id, secret_enc}. */
  config: JSONColumnType<Record<string, unknown>>;
  created_at: Created;
}

export type OutputDestination = Selectable<OutputDestinationsTable>;
