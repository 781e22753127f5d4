import type { ColumnType, Generated, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

/** Registered face asset. */
export interface FaceAssetsTable {
  id: string;
  account_id: string;
  key_id: string | null;
  name: string | null;
  sandbox: Generated<boolean>;
  source_url: string;
  blob_key: string;
  width: number | null;
  height: number | null;
  retention_hours: number | null;
  expires_at: Date | null;
  deleted_at: Date | null;
  purged_at: Date | null;
  created_at: Created;
}

export type FaceAsset = Selectable<FaceAssetsTable>;
