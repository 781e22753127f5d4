import type { ColumnType, Selectable } from 'kysely';

/**
 * One hour of storage charged for one subject (`simple:<account>` or `s3:<bucket>`); the primary
 * key makes each hour chargeable once, whatever retries or overlapping runs happen.
 */
export interface StorageAccrualsTable {
  subject: string;
  hour: Date;
  account_id: string;
  bytes: number;
  amount_micros: number;
  from_reservation_micros: number;
  from_wallet_micros: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type StorageAccrual = Selectable<StorageAccrualsTable>;
