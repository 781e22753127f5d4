// A wallet top-up paid through Stripe. With a default payment method on the account's Stripe
// customer (Stripe's customer.invoice_settings.default_payment_method, read from Stripe each time),
// the payment is made off-session at once and credited in the same request; when the customer must
// act — no saved method, 3-D Secure, a card Stripe refuses off-session — the answer is a Checkout
// page to pay on, and the webhook credits the wallet when Stripe says the payment succeeded.
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database } from '../../../infra/db/index';
import type { Logger } from '../../../infra/logging/logger';
import { microsToUsd, usdToMicros } from '../money';
import { bonusFor, validateTopup, type TopupRequest } from '../topup';
import type { TopupPendingView, TopupView } from '../views';
import { gatewayFailed, isCardError } from './client';
import { applyPaymentFacts, usdToCents } from './payments';

export interface StripeTopupDeps {
  db: Database;
  stripe: Stripe;
  /** The public base URL Checkout returns the customer to (read per request: tests learn it late). */
  baseUrl: () => string;
  logger: Logger;
}

/** Metadata every Stripe object Atelier creates carries: the account, and what it is for. */
export function stripeMetadata(accountId: string, extra: Record<string, string> = {}): Record<string, string> {
  return { account_id: accountId, atelier: 'wallet', ...extra };
}

/**
 * The Stripe idempotency key of one top-up request: the client's X-Idempotency-Key (else the
 * request id), scoped to the account and the amount, so two accounts' keys never meet at Stripe and
 * a retried request finds the payment the first one made instead of paying again.
 */
export function stripeIdempotencyKey(kind: string, accountId: string, requestKey: string, amountCents: number): string {
  return `atelier-${kind}-` + createHash('sha256').update(`${accountId}\n${requestKey}\n${amountCents}`).digest('hex').slice(0, 40);
}

/** The account's Stripe customer, created (once) on first use and remembered on the account. */
export async function ensureCustomer(deps: Pick<StripeTopupDeps, 'db' | 'stripe'>, accountId: string): Promise<string> {
  const account = await deps.db.selectFrom('accounts').select(['stripe_customer_id', 'email', 'name']).where('id', '=', accountId).executeTakeFirstOrThrow();
  if (account.stripe_customer_id) return account.stripe_customer_id;
  const customer = await deps.stripe.customers.create(
    { name: account.name, ...(account.email ? { email: account.email } : {}), metadata: stripeMetadata(accountId) },
    { idempotencyKey: `atelier-customer-${accountId}` },
  );
  const saved = await deps.db
    .updateTable('accounts')
    .set({ stripe_customer_id: customer.id })
    .where('id', '=', accountId)
    .where('stripe_customer_id', 'is', null)
    .returning('stripe_customer_id')
    .executeTakeFirst();
  if (saved?.stripe_customer_id) return saved.stripe_customer_id;
  // A concurrent request saved one first: use that one.
  const winner = await deps.db.selectFrom('accounts').select('stripe_customer_id').where('id', '=', accountId).executeTakeFirstOrThrow();
  return winner.stripe_customer_id ?? customer.id;
}

/** The customer's default payment method as Stripe holds it, or null. */
async function defaultPaymentMethod(stripe: Stripe, customerId: string): Promise<string | null> {
  const customer = await stripe.customers.retrieve(customerId);
  if (customer.deleted) return null;
  const pm = customer.invoice_settings?.default_payment_method;
  if (!pm) return null;
  return typeof pm === 'string' ? pm : pm.id;
}

export type StripeTopupAnswer = { status: 200; body: TopupView } | { status: 202; body: TopupPendingView };

export async function stripeTopUp(deps: StripeTopupDeps, req: TopupRequest & { requestKey: string }): Promise<StripeTopupAnswer> {
  const { pkg, amountUsd } = await validateTopup(deps.db, req);
  const amountCents = usdToCents(amountUsd);
  const amountMicros = usdToMicros(amountUsd);
  const { bonusMicros, percent } = bonusFor(amountMicros);
  const metadata = stripeMetadata(req.accountId, { purpose: 'wallet_topup', ...(pkg ? { package: pkg.slug } : {}) });
  const description = pkg ? `Atelier wallet top-up: ${pkg.name}` : 'Atelier wallet top-up';
  const quote = {
    object: 'wallet_topup' as const, package: pkg?.slug ?? null, amount_usd: microsToUsd(amountMicros), bonus_percent: percent,
    bonus_usd: microsToUsd(bonusMicros), total_credited_usd: microsToUsd(amountMicros + bonusMicros), currency: 'USD' as const, gateway: 'stripe',
  };

  try {
    const customer = await ensureCustomer(deps, req.accountId);
    const method = await defaultPaymentMethod(deps.stripe, customer);
    if (method) {
      let intent: Stripe.PaymentIntent | null = null;
      try {
        intent = await deps.stripe.paymentIntents.create(
          { amount: amountCents, currency: 'usd', customer, payment_method: method, off_session: true, confirm: true, metadata, description },
          { idempotencyKey: stripeIdempotencyKey('pi', req.accountId, req.requestKey, amountCents) },
        );
      } catch (err) {
        // Refused off-session (authentication_required, a declined card…): the customer pays on Checkout.
        if (!isCardError(err)) throw err;
        const refused = err.payment_intent;
        if (refused?.id) await cancelQuietly(deps, refused.id);
      }
      if (intent?.status === 'succeeded') {
        const outcome = await deps.db.transaction().execute((trx) =>
          applyPaymentFacts(trx, { paymentIntentId: intent.id, accountId: req.accountId, amountCents: intent.amount, succeeded: true, package: pkg?.slug ?? null }, deps.logger),
        );
        const entries = await deps.db
          .selectFrom('ledger_entries')
          .select('id')
          .where('account_id', '=', req.accountId)
          .where('operation_id', 'in', [`topup:${intent.id}`, `bonus:${intent.id}`])
          .orderBy('id')
          .execute();
        const balance = outcome.credited?.balanceMicros ?? (await deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', req.accountId).executeTakeFirstOrThrow()).balance_micros;
        return { status: 200, body: { ...quote, id: intent.id, status: 'succeeded', balance_usd: microsToUsd(balance), transactions: entries.map((e) => `txn_${e.id}`) } };
      }
      if (intent?.status === 'processing') {
        // The money is on its way (e.g. a bank debit): credited when Stripe's webhook reports success.
        return { status: 202, body: { ...quote, id: intent.id, status: 'pending', checkout_url: null, expires_at: null } };
      }
      // requires_action, requires_payment_method…: this payment needs the customer; Checkout takes it instead.
      if (intent) await cancelQuietly(deps, intent.id);
    }
    const session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer,
        client_reference_id: req.accountId,
        metadata,
        payment_intent_data: { metadata, description, setup_future_usage: 'off_session' },
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: description } } }],
        success_url: `${deps.baseUrl()}/studio?topup=success`,
        cancel_url: `${deps.baseUrl()}/studio?topup=cancelled`,
      },
      { idempotencyKey: stripeIdempotencyKey('checkout', req.accountId, req.requestKey, amountCents) },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
    return {
      status: 202,
      body: { ...quote, id: session.id, status: 'pending', checkout_url: session.url, expires_at: new Date(session.expires_at * 1000).toISOString() },
    };
  } catch (err) {
    throw gatewayFailed(err);
  }
}

/** Cancels a PaymentIntent the customer was never shown; failing that only leaves it unused. */
async function cancelQuietly(deps: Pick<StripeTopupDeps, 'stripe' | 'logger'>, id: string): Promise<void> {
  try {
    await deps.stripe.paymentIntents.cancel(id);
  } catch (err) {
    deps.logger.warn({ payment_intent: id, err: (err as Error).message }, 'could not cancel an off-session payment intent Checkout replaces');
  }
}

/** Checkout in setup mode: the customer saves a card, which becomes the default for later top-ups. */
export async function paymentMethodSetup(deps: StripeTopupDeps, accountId: string, requestKey: string): Promise<{ checkout_url: string; expires_at: string; id: string }> {
  try {
    const customer = await ensureCustomer(deps, accountId);
    const metadata = stripeMetadata(accountId, { purpose: 'payment_method' });
    const session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'usd',
        customer,
        client_reference_id: accountId,
        metadata,
        setup_intent_data: { metadata },
        success_url: `${deps.baseUrl()}/studio?payment_method=saved`,
        cancel_url: `${deps.baseUrl()}/studio?payment_method=cancelled`,
      },
      { idempotencyKey: stripeIdempotencyKey('setup', accountId, requestKey, 0) },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout session without a URL');
    return { id: session.id, checkout_url: session.url, expires_at: new Date(session.expires_at * 1000).toISOString() };
  } catch (err) {
    throw gatewayFailed(err);
  }
}
