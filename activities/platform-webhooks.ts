import type { Deps } from '../src/deps';
import { deliverOnce, type DeliveryAttemptInput, type DeliveryAttemptResult } from '../src/platform/webhooks/deliver';

/** Webhook delivery attempts (workflows/webhook-delivery.ts). */
export function createPlatformWebhookActivities(deps: Deps) {
  return {
    deliverWebhookAttempt(input: DeliveryAttemptInput): Promise<DeliveryAttemptResult> {
      return deliverOnce(deps, input);
    },
  };
}

export type PlatformWebhookActivities = ReturnType<typeof createPlatformWebhookActivities>;
