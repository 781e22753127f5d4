import type { ColumnType, Generated, Selectable } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  email: string | null;
  password_hash: string | null;
  /** Wallet balance in micro-USD; a CHECK keeps it from going negative. */
  balance_micros: Generated<number>;
  /** Everything ever charged (net of refunds), in micro-USD; drives tier promotion. */
  lifetime_spend_micros: Generated<number>;
  /** Assigned tier for tiers that cannot be derived from money (enterprise, retired plans). */
  tier_override: string | null;
  /**
   * When the included credit allowance was granted (null: not at creation). A public signup
   * without it earns the allowance with its first payment: billing/credits.ts also counts a
   * `topup` ledger entry.
   */
  included_credits_granted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  status: Generated<string>;
  /** The account's Stripe customer (created on its first Stripe top-up). */
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** What a Stripe refund could not take back from an already spent wallet; above zero, nothing can be spent. */
  owed_micros: Generated<number>;
  /** When the owner confirmed the e-mail address (top-ups need it). */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type Account = Selectable<AccountsTable>;
