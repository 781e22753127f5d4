import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../infra/db/index';
import { ApiError, coded } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { documentRoute } from '../../infra/http/openapi';
import { usd, isoTime } from '../../infra/http/views';
import { TIERS, loadAccountTier, walletView, type TierDefinition } from './tiers';

const BILLING_MODEL = 'prepaid_wallet_usd' as const;
const SUBSCRIPTIONS_RETIRED = 'api_subscriptions_retired';
const USE_INSTEAD = 'POST /v1/tiers/wallet/topup';

const LimitsView = z.object({
  rpm: z.number().int().describe('Requests per minute: the one limit enforced'),
  daily_quota: z.number().int().nullable().describe('Reported only'),
  burst_4h: z.number().int().nullable().describe('Reported only'),
  concurrent_jobs: z.number().int(),
  max_upload_mb: z.number().int(),
});
const CurrentTierView = z.object({ tier: z.string(), name: z.string(), limits: LimitsView, wallet: z.object({ balance_usd: usd }) });
const TierRowView = z.object({
  tier: z.string(),
  name: z.string(),
  currency: z.literal('USD'),
  billing_model: z.literal(BILLING_MODEL),
  subscriptions_retired: z.literal(true),
  purchasable: z.literal(false),
  upgrade_path: z.enum(['contact_sales', 'wallet_topup']),
  unlock: z.object({ balance_usd: usd, lifetime_spend_usd: usd }).nullable().describe('Either threshold unlocks the tier'),
  limits: LimitsView,
});
const CompareView = z.object({ current_tier: z.string().nullable(), currency: z.literal('USD'), billing_model: z.literal(BILLING_MODEL), tiers: z.array(TierRowView) });
const CatalogView = CompareView.extend({
  subscriptions: z
    .array(z.object({ tier: z.string(), name: z.string(), purchasable: z.literal(false), legacy: z.literal(true), retired_at: z.iso.date(), limits: LimitsView }))
    .describe('Retired API subscriptions, listed for earlier holders'),
});
const EnterpriseApplicationView = z.object({
  id: z.string(),
  object: z.literal('enterprise_application'),
  status: z.string(),
  tier: z.literal('sub-enterprise'),
  company_name: z.string(),
  contact_email: z.string().nullable(),
  use_case: z.string().nullable(),
  expected_monthly_spend_usd: usd.nullable(),
  created_at: isoTime,
});

/** A tier as the compare and catalog endpoints show it: no prices, nothing to buy. */
function tierRow(t: TierDefinition): z.output<typeof TierRowView> {
  return {
    tier: t.slug,
    name: t.name,
    currency: 'USD',
    billing_model: BILLING_MODEL,
    subscriptions_retired: true,
    purchasable: false,
    upgrade_path: t.kind === 'enterprise' ? 'contact_sales' : 'wallet_topup',
    unlock: t.unlock,
    limits: t.limits,
  };
}

const offered = () => TIERS.filter((t) => !t.retired);

const enterpriseBody = z.object({
  company_name: z.string().trim().min(1).max(200).optional(),
  contact_email: z.email().max(320).optional(),
  use_case: z.string().max(5000).optional(),
  expected_monthly_spend_usd: z.number().min(0).max(1e9).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** `/v1/tiers/*` and `GET /v1/billing/plans`. */
export function tierRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/tiers/current',
    route({ response: CurrentTierView }, async ({ req, auth }) => {
      const current = req.accountTier ?? (await loadAccountTier(deps.db, auth.accountId));
      if (!current) throw coded(404, 'account_not_found', 'Account not found');
      const t = current.tier;
      return { tier: t.slug, name: t.name, limits: t.limits, wallet: walletView(current.balanceMicros) };
    }),
  );

  router.get(
    '/tiers/compare',
    route({ response: CompareView }, async ({ req }) => ({
      current_tier: req.accountTier?.tier.slug ?? null,
      currency: 'USD' as const,
      billing_model: BILLING_MODEL,
      tiers: offered().map(tierRow),
    })),
  );

  router.get(
    '/tiers/catalog',
    route({ response: CatalogView }, async ({ req }) => ({
      current_tier: req.accountTier?.tier.slug ?? null,
      currency: 'USD' as const,
      billing_model: BILLING_MODEL,
      tiers: offered().map(tierRow),
      // Retired API subscriptions, listed for earlier holders; nothing here can be bought.
      subscriptions: TIERS.filter((t) => t.retired).map((t) => ({
        tier: t.slug,
        name: t.name,
        purchasable: false as const,
        legacy: true as const,
        retired_at: '2026-08-13',
        limits: t.limits,
      })),
    })),
  );

  // Always 410. The body is the platform's coded envelope ({detail: {error, message, …}}, as every
  // other coded refusal) and keeps the top-level `error` and `use_instead` this route has always
  // answered with, so clients written against either form read it.
  router.post('/tiers/subscribe', documentRoute(() => {
    throw new ApiError(410, {
      error: SUBSCRIPTIONS_RETIRED,
      use_instead: USE_INSTEAD,
      detail: {
        error: SUBSCRIPTIONS_RETIRED,
        message: 'API subscriptions were retired on 2026-08-13: tiers follow wallet balance and lifetime spend. Top up the wallet instead.',
        use_instead: USE_INSTEAD,
      },
    });
  }, { summary: 'Tiers are reached by balance and spend, not bought: always 410', status: 410 }));

  router.post(
    '/tiers/enterprise/apply',
    route({ body: enterpriseBody, status: 201, response: EnterpriseApplicationView }, async ({ body, auth, req }) => {
      if (!body.company_name) throw coded(400, 'missing_fields', 'company_name is required.', { fields: ['company_name'] });
      if ((req.accountTier?.tier.slug ?? null) === 'sub-enterprise') {
        throw coded(400, 'already_subscribed', 'This account is already on the Enterprise tier.');
      }
      try {
        const row = await deps.db
          .insertInto('enterprise_applications')
          .values({
            id: `ent_${randomBytes(12).toString('hex')}`,
            account_id: auth.accountId,
            company_name: body.company_name,
            contact_email: body.contact_email ?? null,
            use_case: body.use_case ?? null,
            expected_monthly_spend_usd: body.expected_monthly_spend_usd ?? null,
            details: JSON.stringify(body.details ?? {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return {
          id: row.id,
          object: 'enterprise_application' as const,
          status: row.status,
          tier: 'sub-enterprise' as const,
          company_name: row.company_name,
          contact_email: row.contact_email,
          use_case: row.use_case,
          expected_monthly_spend_usd: row.expected_monthly_spend_usd,
          created_at: row.created_at.toISOString(),
        };
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw coded(400, 'application_pending', 'An enterprise application for this account is already pending review.');
        }
        throw err;
      }
    }),
  );

  // Subscription plans are retired; the list is empty.
  router.get('/billing/plans', route({ response: z.object({ plans: z.array(z.unknown()).max(0).describe('Always empty: subscription plans are retired') }) }, async () => ({ plans: [] })));

  return router;
}
