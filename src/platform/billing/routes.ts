import { Router } from 'express';
import { z } from 'zod';
import { requireAdmin } from '../auth/enforce';
import type { Deps } from '../../deps';
import { coded } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { estimate } from './estimate';
import { microsToUsd } from './money';
import { MARGIN, publishedPrices, STORAGE_PRICE } from './prices';
import { packageCatalogue, paymentGatewayFor, topUpWallet, topupUnavailable, validateTopup, type PaymentGateway } from './topup';
import { getBalanceMicros } from './wallet';
import { EstimateView, PaymentMethodSetupView, PricingView, TopupPackagesView, TopupPendingView, TopupView, TransactionListView } from './views';
import { checkedAnswer } from '../../infra/http/route';
import { createStripeClient } from './stripe/client';
import { paymentMethodSetup, stripeTopUp, type StripeTopupDeps } from './stripe/topup';

/** The top-up package catalogue is public (no key). Mounted at the root. */
export function billingPublicRoutes(): Router {
  const router = Router();
  router.get('/v1/billing/topup/packages', route({ response: TopupPackagesView }, () => packageCatalogue()));
  return router;
}

const topupBody = z.object({
  package: z.string().min(1).optional(),
  amount_usd: z.number().optional(),
});

const estimateBody = z.object({
  operations: z
    .array(z.object({ type: z.string().min(1), model: z.string().min(1), count: z.number().int().min(1).max(1_000_000).default(1) }))
    .min(1)
    .max(100),
});

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  type: z.enum(['charge', 'refund', 'topup', 'bonus', 'adjustment']).optional(),
});

/** Wallet, estimate, pricing and ledger routes (relative to /v1). */
export function walletRoutes(deps: Deps, gateway: PaymentGateway | null = paymentGatewayFor(deps.config)): Router {
  const router = Router();
  const stripe: StripeTopupDeps | null = deps.config.topupGateway === 'stripe'
    ? { db: deps.db, stripe: createStripeClient(deps.config.stripe), baseUrl: () => deps.config.publicBaseUrl, logger: deps.logger }
    : null;

  const topupResponse = z.union([TopupView, TopupPendingView]);
  const topup = route({ body: topupBody, response: topupResponse, errors: [502] }, async ({ auth, body, req, res }) => {
    requireAdmin(auth, 'Topping up the wallet');
    if (auth.sandbox) throw coded(403, 'sandbox_key_not_allowed', 'Sandbox keys cannot top up the wallet; use a live admin key or a session token.');
    const request = { accountId: auth.accountId, package: body.package, amountUsd: body.amount_usd };
    if (stripe) {
      const answer = await stripeTopUp(stripe, { ...request, requestKey: req.header('x-idempotency-key') ?? String(req.id) });
      if (answer.status === 200) return answer.body;
      // Pending on Stripe's Checkout page: 202, credited by the webhook.
      res.status(202).json(checkedAnswer(topupResponse, answer.body, req));
      return undefined;
    }
    if (!gateway) {
      await validateTopup(deps.db, request);
      throw topupUnavailable();
    }
    return topUpWallet(deps.db, gateway, request);
  });
  router.post('/tiers/wallet/topup', topup);
  // Alias.2 lists POST /v1/billing/topup among the capped endpoints.
  router.post('/billing/topup', topup);

  // Saves a card for off-session top-ups: Stripe's Checkout in setup mode; the webhook makes it the default.
  router.post(
    '/console/billing/payment-method',
    route({ status: 201, response: PaymentMethodSetupView, summary: 'Save a payment method for top-ups (Stripe Checkout, setup mode)', errors: [502, 503] }, async ({ auth, req }) => {
      requireAdmin(auth, 'Saving a payment method');
      if (auth.sandbox) throw coded(403, 'sandbox_key_not_allowed', 'Sandbox keys cannot save a payment method; use a live admin key or a session token.');
      if (!stripe) throw topupUnavailable();
      const setup = await paymentMethodSetup(stripe, auth.accountId, req.header('x-idempotency-key') ?? String(req.id));
      return { object: 'payment_method_setup' as const, ...setup };
    }),
  );

  router.post(
    '/billing/estimate',
    route({ body: estimateBody, response: EstimateView }, async ({ auth, body }) => estimate(body.operations, await getBalanceMicros(deps.db, auth.accountId))),
  );

  router.get(
    '/pricing',
    route({ response: PricingView }, () => ({
      object: 'pricing' as const,
      currency: 'USD' as const,
      billing_model: 'prepaid_wallet_usd' as const,
      margin_percent: Math.round(MARGIN * 100),
      operations: publishedPrices(),
      storage: { ...STORAGE_PRICE },
    })),
  );

  router.get(
    '/billing/transactions',
    route({ query: listQuery, response: TransactionListView }, async ({ auth, query }) => {
      let q = deps.db.selectFrom('ledger_entries').where('account_id', '=', auth.accountId);
      if (query.type) q = q.where('kind', '=', query.type);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      return {
        object: 'list' as const,
        data: rows.map((r) => ({
          id: `txn_${r.id}`,
          object: 'transaction' as const,
          type: r.kind,
          label: r.label,
          operation: r.operation,
          amount_usd: microsToUsd(r.amount_micros),
          balance_after_usd: microsToUsd(r.balance_after_micros),
          currency: 'USD' as const,
          reference: r.reference_operation_id,
          metadata: r.metadata,
          created_at: r.created_at.toISOString(),
        })),
        total,
        has_more: query.offset + rows.length < total,
        limit: query.limit,
        offset: query.offset,
      };
    }),
  );
  return router;
}
