// Wallet top-ups: twelve fixed packages, custom amounts $10–$15,000, the bonus ladder, the
// one-hour account age and verified e-mail gates, and the payment step behind `PaymentGateway`
// (Stripe, which may leave a payment pending on Checkout, has its own flow in ./stripe).
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../infra/db/index';
import { coded } from '../../infra/http/errors';
import { floorToCent, microsToUsd, usdToMicros } from './money';
import { creditWallet } from './wallet';
import type { TopupPackagesView, TopupView } from './views';

export const MIN_TOPUP_USD = 10;
export const MAX_TOPUP_USD = 15_000;
/** The account must be at least one hour old to top up. */
export const MIN_ACCOUNT_AGE_MS = 60 * 60 * 1000;

/** The bonus ladder: the highest rung not above the amount applies, to the whole amount. */
export const BONUS_TIERS: ReadonlyArray<{ min_usd: number; bonus_percent: number }> = [
  { min_usd: 500, bonus_percent: 5 },
  { min_usd: 1_000, bonus_percent: 10 },
  { min_usd: 2_000, bonus_percent: 12 },
  { min_usd: 3_000, bonus_percent: 13 },
  { min_usd: 5_000, bonus_percent: 15 },
  { min_usd: 7_500, bonus_percent: 17 },
  { min_usd: 10_000, bonus_percent: 18 },
  { min_usd: 15_000, bonus_percent: 20 },
];

export interface TopupPackage {
  slug: string;
  name: string;
  amount_usd: number;
}

// Starter slugs are fixed by the published package list; the eight `scale-*` packages sit on the bonus ladder's rungs
// (their slug equals their dollar amount), so each shows one rung of the ladder.
export const TOPUP_PACKAGES: readonly TopupPackage[] = [
  { slug: 'topup-50', name: 'Starter 50', amount_usd: 15 },
  { slug: 'topup-100', name: 'Starter 100', amount_usd: 25 },
  { slug: 'topup-250', name: 'Starter 250', amount_usd: 60 },
  { slug: 'topup-500', name: 'Starter 500', amount_usd: 120 },
  ...[500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000].map((usd) => ({ slug: `scale-${usd}`, name: `Scale ${usd.toLocaleString('en-US')}`, amount_usd: usd })),
];

export function findPackage(slug: string): TopupPackage | undefined {
  return TOPUP_PACKAGES.find((p) => p.slug === slug);
}

/** Bonus for an amount, in micro-USD, floored to the cent; and the percent applied. */
export function bonusFor(amountMicros: number): { bonusMicros: number; percent: number } {
  let percent = 0;
  for (const rung of BONUS_TIERS) if (amountMicros >= usdToMicros(rung.min_usd)) percent = rung.bonus_percent;
  // Integer arithmetic: micros × percent / 100, then floored to whole cents.
  return { bonusMicros: floorToCent(Math.floor((amountMicros * percent) / 100)), percent };
}

export function quoteTopup(amountUsd: number) {
  const amountMicros = usdToMicros(amountUsd);
  const { bonusMicros, percent } = bonusFor(amountMicros);
  return {
    amount_usd: microsToUsd(amountMicros),
    bonus_percent: percent,
    bonus_usd: microsToUsd(bonusMicros),
    total_usd: microsToUsd(amountMicros + bonusMicros),
  };
}

/** The public catalogue (GET /v1/billing/topup/packages). */
export function packageCatalogue(): TopupPackagesView {
  return {
    object: 'list',
    currency: 'USD',
    packages: TOPUP_PACKAGES.map((p) => ({ slug: p.slug, name: p.name, currency: 'USD', ...quoteTopup(p.amount_usd) })),
    bonus_tiers: BONUS_TIERS.map((t) => ({ ...t })),
    min_usd: MIN_TOPUP_USD,
    max_usd: MAX_TOPUP_USD,
  };
}

/**
 * The payment step. A real processor plugs in here: `collect` charges the customer and resolves
 * only once the money is captured (throw an ApiError — e.g. 402 — when it is declined; nothing is
 * credited then), with a `paymentId` unique per payment (it keys the ledger entries, so a repeat
 * never credits twice). Add it to `paymentGatewayFor` under a new `ATELIER_TOPUP_GATEWAY` value.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Takes the payment; resolves once the money is captured. */
  collect(req: { accountId: string; amountMicros: number; description: string }): Promise<{ paymentId: string; status: 'succeeded' }>;
}

/**
 * Credits without collecting anything: for development and tests only. Enabled only by
 * `ATELIER_TOPUP_GATEWAY=direct`, which start-up refuses under `NODE_ENV=production` — left at
 * defaults, a public deployment would otherwise hand out free money to every signup.
 */
export class DirectCreditGateway implements PaymentGateway {
  readonly name = 'direct_credit';
  collect(): Promise<{ paymentId: string; status: 'succeeded' }> {
    return Promise.resolve({ paymentId: `pay_${randomBytes(12).toString('hex')}`, status: 'succeeded' });
  }
}

/** The deployment's gateway (`ATELIER_TOPUP_GATEWAY`); `null` when top-ups are not enabled. */
export function paymentGatewayFor(config: Pick<Config, 'topupGateway' | 'env'>): PaymentGateway | null {
  switch (config.topupGateway) {
    case 'direct':
      // Config refuses this in production already; a second guard costs nothing.
      return config.env === 'production' ? null : new DirectCreditGateway();
    // Stripe has its own flow (pending Checkout payments, webhooks): src/platform/billing/stripe.
    case 'stripe':
    case 'none':
      return null;
  }
}

/** A public signup confirms its e-mail address (the link of the signup e-mail) before it may pay. */
export const emailNotVerified = () =>
  coded(403, 'email_not_verified', 'Confirm this account’s e-mail address before topping up: open the link in the signup e-mail, or ask for a new one with POST /v1/console/verify-email/resend.');

export const topupUnavailable = () =>
  coded(503, 'topup_unavailable', 'Wallet top-ups are not enabled on this deployment: no payment gateway is configured (ATELIER_TOPUP_GATEWAY).');

export interface TopupRequest {
  accountId: string;
  package?: string;
  amountUsd?: number;
  now?: Date;
}

/**
 * Everything a top-up request must satisfy before any payment is tried: one of package or amount,
 * a known package or an amount in range, an account old enough. Checked even when no gateway is
 * configured, so a client learns what is wrong with its request before learning top-ups are off.
 */
export async function validateTopup(db: Database, req: TopupRequest): Promise<{ pkg?: TopupPackage; amountUsd: number }> {
  if ((req.package === undefined) === (req.amountUsd === undefined)) {
    throw coded(400, 'missing_fields', 'Send exactly one of `package` (a package slug) or `amount_usd`.', { fields: ['package', 'amount_usd'] });
  }
  let pkg: TopupPackage | undefined;
  let amountUsd: number;
  if (req.package !== undefined) {
    pkg = findPackage(req.package);
    if (!pkg) {
      throw coded(400, 'invalid_package', `Unknown package '${req.package}'. Send a package slug, never an amount, as \`package\`.`, {
        valid_packages: TOPUP_PACKAGES.map((p) => p.slug),
      });
    }
    amountUsd = pkg.amount_usd;
  } else {
    amountUsd = req.amountUsd!;
    if (!Number.isFinite(amountUsd) || amountUsd < MIN_TOPUP_USD || amountUsd > MAX_TOPUP_USD || usdToMicros(amountUsd) % 10_000 !== 0) {
      throw coded(400, 'invalid_amount', `amount_usd must be between $${MIN_TOPUP_USD} and $${MAX_TOPUP_USD.toLocaleString('en-US')}, in whole cents.`, {
        min_usd: MIN_TOPUP_USD,
        max_usd: MAX_TOPUP_USD,
      });
    }
  }
  const account = await db.selectFrom('accounts').select(['id', 'created_at', 'email_verified_at']).where('id', '=', req.accountId).executeTakeFirstOrThrow();
  const now = req.now ?? new Date();
  const eligibleAt = new Date(account.created_at.getTime() + MIN_ACCOUNT_AGE_MS);
  if (eligibleAt > now) {
    throw coded(403, 'account_too_new', 'Top-ups are available once the account is at least one hour old.', {
      account_created_at: account.created_at.toISOString(),
      eligible_at: eligibleAt.toISOString(),
    });
  }
  if (!account.email_verified_at) throw emailNotVerified();
  return { pkg, amountUsd };
}

/** Validates, collects through the gateway, credits amount and bonus as two ledger entries. */
export async function topUpWallet(db: Database, gateway: PaymentGateway, req: TopupRequest): Promise<TopupView> {
  const { pkg, amountUsd } = await validateTopup(db, req);
  const amountMicros = usdToMicros(amountUsd);
  const { bonusMicros, percent } = bonusFor(amountMicros);
  const payment = await gateway.collect({ accountId: req.accountId, amountMicros, description: pkg ? `package ${pkg.slug}` : `custom top-up $${amountUsd}` });
  const metadata = { payment_id: payment.paymentId, gateway: gateway.name, package: pkg?.slug ?? null };
  const topup = await creditWallet(db, {
    accountId: req.accountId, amountMicros, kind: 'topup', operationId: `topup:${payment.paymentId}`,
    operation: 'wallet_topup', label: pkg ? `wallet_topup:${pkg.slug}` : 'wallet_topup:custom', metadata,
  });
  let balanceMicros = topup.balanceMicros;
  let bonusEntryId: number | null = null;
  if (bonusMicros > 0) {
    const bonus = await creditWallet(db, {
      accountId: req.accountId, amountMicros: bonusMicros, kind: 'bonus', operationId: `bonus:${payment.paymentId}`,
      operation: 'wallet_topup_bonus', label: `topup_bonus:${percent}%`, metadata,
    });
    balanceMicros = bonus.balanceMicros;
    bonusEntryId = bonus.entry.id;
  }
  return {
    object: 'wallet_topup',
    id: payment.paymentId,
    status: payment.status,
    package: pkg?.slug ?? null,
    amount_usd: microsToUsd(amountMicros),
    bonus_percent: percent,
    bonus_usd: microsToUsd(bonusMicros),
    total_credited_usd: microsToUsd(amountMicros + bonusMicros),
    balance_usd: microsToUsd(balanceMicros),
    currency: 'USD',
    gateway: gateway.name,
    transactions: [topup.entry.id, ...(bonusEntryId !== null ? [bonusEntryId] : [])].map((id) => `txn_${id}`),
  };
}
