import { coded } from '../../infra/http/errors';
import type { TierDefinition } from '../tiers/tiers';

/** Every subscribable event type. */
export const WEBHOOK_EVENTS = [
  'generation.completed', 'generation.failed', 'credits.low', 'credits.depleted', 'billing.charged', 'key.used',
  'images.batch.completed', 'background.removed', 'background.replaced', 'background.blurred', 'shadow.added',
  'commerce.job.completed', 'commerce.job.failed', 'commerce.item.completed', 'commerce.job.awaiting_credits',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Webhooks are offered on the Startup tier and above. Among today's tiers that is
 * every paying pay-as-you-go tier from PAYG Standard up (Standard is the first tier a wallet
 * unlocks, as Startup was the first paid plan above Developer), Enterprise, and the retired
 * Startup and Business plans. PAYG Basic and the retired Developer plan poll GET /v1/jobs/{id}.
 */
export const WEBHOOK_TIERS = ['payg-standard', 'payg-premium', 'sub-enterprise', 'sub-startup', 'sub-business'] as const;

export function webhooksAllowed(tier: TierDefinition | undefined): boolean {
  return tier !== undefined && (WEBHOOK_TIERS as readonly string[]).includes(tier.slug);
}

/** 403 `feature_not_available` with `required_tiers`. */
export function requireWebhookTier(tier: TierDefinition | undefined): void {
  if (webhooksAllowed(tier)) return;
  throw coded(403, 'feature_not_available', 'Webhooks are available on PAYG Standard and above (Startup tier and above); lower tiers poll GET /v1/jobs/{job_id}.', {
    feature: 'webhooks',
    tier: tier?.slug ?? null,
    required_tiers: [...WEBHOOK_TIERS],
  });
}

