import type { RequestHandler } from 'express';
import { coded } from '../../infra/http/errors';

/**
 * The workflow engine "needs the Medium plan or higher". The reference pairs Medium
 * with Startup ("Startup/Medium"), so Medium or higher is what webhooks call
 * "Startup and above": PAYG Standard ($25 balance or $50 lifetime spend), PAYG Premium,
 * Enterprise, and the retired Startup and Business plans.
 */
export const MEDIUM_OR_HIGHER = ['payg-standard', 'payg-premium', 'sub-enterprise', 'sub-startup', 'sub-business'] as const;

/**
 * After the access chain (which resolved `req.accountTier`): refuses accounts below the Medium plan
 * with 403 `feature_not_available` (context `required_tiers`), naming the plan
 * needed (`required_plan`) and the account's tier.
 */
export function requireMediumPlan(feature: string, upgradeUrl: string): RequestHandler {
  const allowed = new Set<string>(MEDIUM_OR_HIGHER);
  return (req, _res, next) => {
    const tier = req.accountTier!.tier;
    if (allowed.has(tier.slug)) return next();
    throw coded(
      403,
      'feature_not_available',
      `${feature} needs the Medium plan or higher (PAYG Standard: a $25 balance or $50 lifetime spend; PAYG Premium; Enterprise). This account is on ${tier.name} (${tier.slug}); top up to reach it.`,
      { required_plan: 'medium', required_tiers: [...MEDIUM_OR_HIGHER], tier: tier.slug, upgrade_url: upgradeUrl },
    );
  };
}
