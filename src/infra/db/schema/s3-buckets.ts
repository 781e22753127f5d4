import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

export type S3BillingMode = 'wallet' | 'invoice_monthly';

/** An object-store bucket, one real bucket (`server_bucket`) on the S3 server. */
export interface S3BucketsTable {
  id: string;
  account_id: string;
  display_name: string;
  description: string | null;
  server_bucket: string;
  region: string;
  status: string;
  storage_class: string;
  quota_gb: number;
  billing_mode: S3BillingMode;
  block_public_access: boolean;
  mfa_delete_enabled: boolean;
  tags: JSONColumnType<Record<string, string>>;
  /** Configuration as last set through the API, by section (cors, lifecycle, logging, …). */
  settings: JSONColumnType<Record<string, unknown>>;
  /** Deposit held at creation (wallet mode); hourly storage is drawn from it first. */
  reservation_micros: ColumnType<number, number | undefined, number>;
  reservation_operation_id: string | null;
  used_bytes: ColumnType<number, number | undefined, number>;
  object_count: ColumnType<number, number | undefined, number>;
  usage_updated_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Date | null;
}
export type S3Bucket = Selectable<S3BucketsTable>;
