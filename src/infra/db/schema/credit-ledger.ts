import type { ColumnType, Generated, Selectable } from 'kysely';

export interface CreditLedgerTable {
  id: Generated<number>;
  account_id: string;
  kind: 'spend' | 'refund';
  operation_id: string;
  reference_operation_id: string | null;
  label: string;
  /** Credits this entry is worth (positive for spends, negative for refunds). */
  credits: number;
  /** Part of `credits` taken from (or returned to) the included allowance. */
  included_credits: number;
  /** Part paid by (or returned to) the wallet, micro-USD. */
  wallet_micros: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type CreditLedgerEntry = Selectable<CreditLedgerTable>;
