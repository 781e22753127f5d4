// The wallet side of a Stripe payment. Every event Stripe sends about a payment (its
// PaymentIntent) adds facts to its stripe_payments row — it succeeded, for how much, for which
// account, how much of it has been refunded, that it is disputed — and the row is then brought to
// what those facts call for, under its lock and in the transaction that records the event: credited
// once (amount and bonus), refunds taken back in proportion, the account suspended on a dispute.
// Facts only accumulate (a refund total only grows, a success is never undone), so events applied
// twice or in any order end in the same state.
import { sql } from 'kysely';
import type { Logger } from '../../../infra/logging/logger';
import type { StripePayment } from '../../../infra/db/schema/index';
import { usdToMicros } from '../money';
import { bonusFor } from '../topup';
import { creditWithin, reverseWithin, type Executor } from '../wallet';

export interface PaymentFacts {
  paymentIntentId: string;
  /** From the object's metadata.account_id (or a Checkout session's client_reference_id). */
  accountId?: string | null;
  amountCents?: number | null;
  succeeded?: boolean;
  /** The charge's cumulative amount_refunded. */
  refundedCents?: number;
  disputed?: boolean;
  checkoutSessionId?: string | null;
  package?: string | null;
}

export interface PaymentOutcome {
  payment: StripePayment;
  /** Set when this call credited the wallet. */
  credited?: { amountMicros: number; bonusMicros: number; percent: number; balanceMicros: number; entryIds: number[] };
}

const CENT_MICROS = 10_000;

export async function applyPaymentFacts(trx: Executor, facts: PaymentFacts, log?: Pick<Logger, 'warn'>): Promise<PaymentOutcome> {
  await trx.insertInto('stripe_payments').values({ payment_intent_id: facts.paymentIntentId }).onConflict((oc) => oc.doNothing()).execute();
  const row = await trx.selectFrom('stripe_payments').selectAll().where('payment_intent_id', '=', facts.paymentIntentId).forUpdate().executeTakeFirstOrThrow();

  let accountId = row.account_id;
  if (facts.accountId && !accountId) {
    const known = await trx.selectFrom('accounts').select('id').where('id', '=', facts.accountId).executeTakeFirst();
    if (known) accountId = known.id;
    else log?.warn({ payment_intent: facts.paymentIntentId }, 'stripe payment names an unknown account; nothing credited');
  } else if (facts.accountId && accountId && facts.accountId !== accountId) {
    log?.warn({ payment_intent: facts.paymentIntentId }, 'stripe payment names another account than first recorded; the first is kept');
  }
  const now = new Date();
  const next = {
    account_id: accountId,
    amount_cents: row.amount_cents ?? facts.amountCents ?? null,
    succeeded_at: row.succeeded_at ?? (facts.succeeded ? now : null),
    refunded_cents: Math.max(row.refunded_cents, facts.refundedCents ?? 0),
    disputed_at: row.disputed_at ?? (facts.disputed ? now : null),
    checkout_session_id: row.checkout_session_id ?? facts.checkoutSessionId ?? null,
    package: row.package ?? facts.package ?? null,
    credited_at: row.credited_at,
    credited_micros: row.credited_micros,
    bonus_micros: row.bonus_micros,
    reversed_micros: row.reversed_micros,
  };

  let credited: PaymentOutcome['credited'];
  if (accountId && next.succeeded_at && next.amount_cents && next.amount_cents > 0 && !next.credited_at) {
    const amountMicros = next.amount_cents * CENT_MICROS;
    const { bonusMicros, percent } = bonusFor(amountMicros);
    const metadata = { payment_id: facts.paymentIntentId, gateway: 'stripe', package: next.package };
    const topup = await creditWithin(trx, {
      accountId, amountMicros, kind: 'topup', operationId: `topup:${facts.paymentIntentId}`, operation: 'wallet_topup',
      label: next.package ? `wallet_topup:${next.package}` : 'wallet_topup:custom', metadata,
    });
    let balanceMicros = topup.balanceMicros;
    const entryIds = [topup.entry.id];
    if (bonusMicros > 0) {
      const bonus = await creditWithin(trx, {
        accountId, amountMicros: bonusMicros, kind: 'bonus', operationId: `bonus:${facts.paymentIntentId}`, operation: 'wallet_topup_bonus',
        label: `topup_bonus:${percent}%`, metadata,
      });
      balanceMicros = bonus.balanceMicros;
      entryIds.push(bonus.entry.id);
    }
    next.credited_at = now;
    next.credited_micros = amountMicros + bonusMicros;
    next.bonus_micros = bonusMicros;
    credited = { amountMicros, bonusMicros, percent, balanceMicros, entryIds };
  }

  if (accountId && next.credited_at && next.amount_cents) {
    // A refund takes back the same share of what was credited, bonus included: floor(credited × refunded / paid).
    const refunded = Math.min(next.refunded_cents, next.amount_cents);
    const target = Math.floor((next.credited_micros * refunded) / next.amount_cents);
    const delta = target - next.reversed_micros;
    if (delta > 0) {
      await reverseWithin(trx, {
        accountId, amountMicros: delta, operationId: `stripe_refund:${facts.paymentIntentId}:${target}`, operation: 'wallet_topup_refund',
        label: refunded === next.amount_cents ? 'wallet_topup_refund:full' : 'wallet_topup_refund:partial',
        metadata: { payment_id: facts.paymentIntentId, gateway: 'stripe', refunded_usd: refunded / 100 },
      });
      next.reversed_micros = target;
    }
  }

  // A disputed payment stops the account at once (every credential answers 403 account_suspended):
  // when the dispute is new, or when it came before we knew whose payment it was. Only then, so an
  // operator who restores the account is not overruled by a later event about the same payment.
  if (accountId && next.disputed_at && (!row.disputed_at || !row.account_id)) {
    await trx.updateTable('accounts').set({ status: 'suspended' }).where('id', '=', accountId).where('status', '!=', 'suspended').execute();
  }

  const payment = await trx
    .updateTable('stripe_payments')
    .set({ ...next, updated_at: sql<Date>`now()` })
    .where('payment_intent_id', '=', facts.paymentIntentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { payment, credited };
}

/** USD amount in whole cents for Stripe (amounts are validated to whole cents before). */
export const usdToCents = (usd: number) => Math.round(usdToMicros(usd) / CENT_MICROS);
