// POST /v1/billing/stripe/webhook: public (Stripe sends no key), mounted ahead of the JSON parser
// so Stripe's signature is checked over the exact bytes received, with the SDK's constructEvent and
// the default five-minute tolerance. A bad or stale signature answers 400 and changes nothing; with
// top-ups not paid through Stripe it answers 503 topup_unavailable (never 401). Each event id is
// handled once: it is recorded in stripe_events in the transaction that applies it, so a retried
// delivery, or one racing its twin, finds it and changes nothing. A failure answers 500 and Stripe
// delivers the event again later.
import express, { Router, type Request } from 'express';
import Stripe from 'stripe';
import { z } from 'zod';
import type { Deps } from '../../../deps';
import { isUniqueViolation } from '../../../infra/db/index';
import { coded } from '../../../infra/http/errors';
import { documentRoute } from '../../../infra/http/openapi';
import { checkedAnswer } from '../../../infra/http/route';
import { topupUnavailable } from '../topup';
import { createStripeClient } from './client';
import { applyPaymentFacts, type PaymentFacts } from './payments';

export const STRIPE_WEBHOOK_PATH = '/v1/billing/stripe/webhook';
const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean().describe('The event id was handled before; nothing changed') });
const MAX_BODY_BYTES = 1024 * 1024;
const TOLERANCE_S = 300;

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** What an event says about a payment, or null when it says nothing we act on. */
export function paymentFactsOf(event: Stripe.Event): PaymentFacts | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const pi = idOf(s.payment_intent);
      if (s.mode !== 'payment' || !pi) return null;
      return {
        paymentIntentId: pi,
        accountId: s.metadata?.account_id ?? s.client_reference_id ?? null,
        amountCents: s.amount_total,
        succeeded: s.payment_status === 'paid',
        checkoutSessionId: s.id,
        package: s.metadata?.package ?? null,
      };
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return { paymentIntentId: pi.id, accountId: pi.metadata?.account_id ?? null, amountCents: pi.amount, succeeded: true, package: pi.metadata?.package ?? null };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const pi = idOf(charge.payment_intent);
      if (!pi) return null;
      return { paymentIntentId: pi, accountId: charge.metadata?.account_id ?? null, amountCents: charge.amount, refundedCents: charge.amount_refunded };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const pi = idOf(dispute.payment_intent);
      if (!pi) return null;
      return { paymentIntentId: pi, disputed: true };
    }
    default:
      return null;
  }
}

export function stripeWebhookRoutes(deps: Deps): Router {
  const router = Router();
  const config = deps.config.stripe;
  const enabled = deps.config.topupGateway === 'stripe' && Boolean(config.webhookSecret);
  const stripe = enabled ? createStripeClient(config) : null;
  const raw = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

  router.post(STRIPE_WEBHOOK_PATH, raw, documentRoute(async (req, res, next) => {
    try {
      if (!enabled || !stripe) throw topupUnavailable();
      const event = verify(stripe, req, config.webhookSecret!);
      const handled = await handleEvent(deps, stripe, event);
      res.status(200).json(checkedAnswer(WebhookAnswer, { received: true, duplicate: handled === 'duplicate' }, req));
    } catch (err) {
      next(err);
    }
  }, { summary: 'Stripe webhook (signed with the endpoint secret; public)', status: 200, response: WebhookAnswer, errors: [400, 503] }));
  return router;
}

function verify(stripe: Stripe, req: Request, secret: string): Stripe.Event {
  const header = req.header('stripe-signature');
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!header) throw coded(400, 'invalid_signature', 'The Stripe-Signature header is missing.');
  try {
    return stripe.webhooks.constructEvent(body, header, secret, TOLERANCE_S);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw coded(400, 'invalid_signature', 'The Stripe-Signature does not match this body and the endpoint secret, or its timestamp is outside the five-minute tolerance.');
    }
    throw coded(400, 'invalid_event', 'The body is not a Stripe event.');
  }
}

async function handleEvent(deps: Deps, stripe: Stripe, event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
  const log = deps.logger.child({ stripe_event: event.id, type: event.type });
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
    return saveDefaultPaymentMethod(deps, stripe, event, event.data.object);
  }
  const facts = paymentFactsOf(event);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, payment_intent_id: facts?.paymentIntentId ?? null })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate' as const;
      if (!facts) return 'ignored' as const;
      await applyPaymentFacts(trx, facts, log);
      return 'applied' as const;
    });
  } catch (err) {
    // Its twin committed first (the same event delivered twice at once).
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/**
 * Checkout in setup mode finished: the card it saved becomes the customer's default payment method
 * (Stripe does not make it the default by itself), so later top-ups are paid off-session with it.
 * Only for the customer Atelier created for the account the session names.
 */
async function saveDefaultPaymentMethod(deps: Deps, stripe: Stripe, event: Stripe.Event, session: Stripe.Checkout.Session): Promise<'applied' | 'duplicate' | 'ignored'> {
  const seen = await deps.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return 'duplicate';
  const accountId = session.metadata?.account_id ?? session.client_reference_id;
  const customer = idOf(session.customer);
  const setupIntent = idOf(session.setup_intent);
  const account = accountId ? await deps.db.selectFrom('accounts').select('stripe_customer_id').where('id', '=', accountId).executeTakeFirst() : undefined;
  if (account?.stripe_customer_id && customer === account.stripe_customer_id && setupIntent) {
    const intent = await stripe.setupIntents.retrieve(setupIntent);
    const method = idOf(intent.payment_method);
    if (method) await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } });
  }
  await deps.db.insertInto('stripe_events').values({ id: event.id, type: event.type, payment_intent_id: null }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return 'applied';
}
