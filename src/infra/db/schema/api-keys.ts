import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type KeyType = 'read-only' | 'write' | 'admin';
export type KeyEnvironment = 'production' | 'sandbox';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  /** null for bucket-scoped keys, which carry no type. */
  type: KeyType | null;
  environment: KeyEnvironment;
  /** sha256 hex of the full key; the key itself is never stored. */
  key_hash: string;
  /** Masked form shown to users: first and last characters. */
  prefix: string;
  scopes: JSONColumnType<string[]>;
  allowed_ips: JSONColumnType<string[]>;
  allowed_referrers: JSONColumnType<string[]>;
  metadata: JSONColumnType<Record<string, string>>;
  rate_limit_per_minute: number | null;
  retention_hours: number | null;
  destination_id: string | null;
  keep_local_copy: Generated<boolean>;
  bucket_id: string | null;
  rotated_from: string | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type ApiKey = Selectable<ApiKeysTable>;
