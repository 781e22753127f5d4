import type { Database } from '../../infra/db/index';
import { microsToUsd, usdToMicros } from '../billing/money';

export interface TierLimits {
  /** Requests per minute: the only limit enforced. */
  rpm: number;
  /** Reported only; refuse nothing. */
  daily_quota: number | null;
  burst_4h: number | null;
  concurrent_jobs: number;
  max_upload_mb: number;
}

export interface TierDefinition {
  slug: string;
  name: string;
  kind: 'payg' | 'enterprise' | 'subscription';
  /** Retired subscription plans, kept for earlier holders. */
  retired: boolean;
  /** Money thresholds that unlock a pay-as-you-go tier (either one suffices). */
  unlock: { balance_usd: number; lifetime_spend_usd: number } | null;
  limits: TierLimits;
}

// Only rpm is the published limit; the reported-only figures are ours (docs/platform.md, Tiers).
export const TIERS: readonly TierDefinition[] = [
  {
    slug: 'payg-basic', name: 'PAYG Basic', kind: 'payg', retired: false, unlock: null,
    limits: { rpm: 30, daily_quota: 1_000, burst_4h: 500, concurrent_jobs: 2, max_upload_mb: 25 },
  },
  {
    slug: 'payg-standard', name: 'PAYG Standard', kind: 'payg', retired: false, unlock: { balance_usd: 25, lifetime_spend_usd: 50 },
    limits: { rpm: 120, daily_quota: 10_000, burst_4h: 3_000, concurrent_jobs: 5, max_upload_mb: 100 },
  },
  {
    slug: 'payg-premium', name: 'PAYG Premium', kind: 'payg', retired: false, unlock: { balance_usd: 120, lifetime_spend_usd: 500 },
    limits: { rpm: 500, daily_quota: 50_000, burst_4h: 15_000, concurrent_jobs: 20, max_upload_mb: 500 },
  },
  {
    slug: 'sub-enterprise', name: 'Enterprise', kind: 'enterprise', retired: false, unlock: null,
    limits: { rpm: 5000, daily_quota: null, burst_4h: null, concurrent_jobs: 100, max_upload_mb: 5_000 },
  },
  {
    slug: 'sub-developer', name: 'Developer', kind: 'subscription', retired: true, unlock: null,
    limits: { rpm: 60, daily_quota: 2_000, burst_4h: 1_000, concurrent_jobs: 3, max_upload_mb: 50 },
  },
  {
    slug: 'sub-startup', name: 'Startup', kind: 'subscription', retired: true, unlock: null,
    limits: { rpm: 300, daily_quota: 20_000, burst_4h: 6_000, concurrent_jobs: 10, max_upload_mb: 250 },
  },
  {
    slug: 'sub-business', name: 'Business', kind: 'subscription', retired: true, unlock: null,
    limits: { rpm: 1000, daily_quota: 100_000, burst_4h: 30_000, concurrent_jobs: 50, max_upload_mb: 1_000 },
  },
];

const BY_SLUG = new Map(TIERS.map((t) => [t.slug, t]));
export const DEFAULT_TIER = BY_SLUG.get('payg-basic')!;

export function tierBySlug(slug: string): TierDefinition | undefined {
  return BY_SLUG.get(slug);
}

export interface TierInputs {
  balanceMicros: number;
  lifetimeSpendMicros: number;
  tierOverride: string | null;
}

/**
 * An assigned tier (enterprise, retired plans) wins; otherwise the highest
 * pay-as-you-go tier whose balance or lifetime-spend threshold is met. Dropping below the balance
 * threshold demotes unless lifetime spend holds the tier.
 */
export function resolveTier(input: TierInputs): TierDefinition {
  if (input.tierOverride) {
    const assigned = BY_SLUG.get(input.tierOverride);
    if (assigned) return assigned;
  }
  let best = DEFAULT_TIER;
  for (const tier of TIERS) {
    if (tier.kind !== 'payg' || !tier.unlock) continue;
    const byBalance = input.balanceMicros >= usdToMicros(tier.unlock.balance_usd);
    const bySpend = input.lifetimeSpendMicros >= usdToMicros(tier.unlock.lifetime_spend_usd);
    if ((byBalance || bySpend) && tier.limits.rpm > best.limits.rpm) best = tier;
  }
  return best;
}

export interface AccountTier {
  tier: TierDefinition;
  balanceMicros: number;
  lifetimeSpendMicros: number;
}

/** Reads what the tier depends on in one indexed lookup. */
export async function loadAccountTier(db: Database, accountId: string): Promise<AccountTier | null> {
  const row = await db
    .selectFrom('accounts')
    .select(['balance_micros', 'lifetime_spend_micros', 'tier_override'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tier: resolveTier({ balanceMicros: row.balance_micros, lifetimeSpendMicros: row.lifetime_spend_micros, tierOverride: row.tier_override }),
    balanceMicros: row.balance_micros,
    lifetimeSpendMicros: row.lifetime_spend_micros,
  };
}

export const walletView = (balanceMicros: number) => ({ balance_usd: microsToUsd(balanceMicros) });
