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
  status: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type Account = Selectable<AccountsTable>;
