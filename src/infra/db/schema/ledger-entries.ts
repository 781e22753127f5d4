import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type LedgerKind = 'charge' | 'refund' | 'topup' | 'bonus' | 'adjustment';

export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: string;
  kind: LedgerKind;
  /** Signed micro-USD: negative for charges, positive for credits and refunds. */
  amount_micros: number;
  balance_after_micros: number;
  /** Caller-chosen id that makes the entry idempotent per account (retries never double-charge). */
  operation_id: string;
  /** What was paid for, usually `<action>:<model>`. */
  operation: string;
  /** Ledger label shown in transactions, e.g. `story_step_videos:veo-3` or `s3_bucket_reservation`. */
  label: string;
  /** For refunds: the operation_id of the charge reversed. */
  reference_operation_id: string | null;
  metadata: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type LedgerEntry = Selectable<LedgerEntriesTable>;
