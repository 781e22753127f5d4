import { proxyActivities, sleep } from '@temporalio/workflow';
import type { PlatformWebhookActivities } from '../activities/platform-webhooks';
import type { WebhookDeliveryInput, WebhookDeliveryResult } from '../src/platform/webhooks/emit';

// Each attempt is one activity with no Temporal retry: the documented schedule is
// ours to keep, and every attempt must leave exactly one log row.
const { deliverWebhookAttempt } = proxyActivities<PlatformWebhookActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 1 },
});

/** Delay before attempt 2 and attempt 3. */
const DELAYS = ['1 second', '2 seconds'] as const;
const ATTEMPTS = 3;

/** One webhook delivery: up to 3 attempts, 1 s then 2 s apart; never disables the webhook. */
export async function webhookDelivery(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  let responseStatus = 0;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let result;
    try {
      result = await deliverWebhookAttempt({ ...input, attempt });
    } catch {
      // The attempt activity itself failed (e.g. database down): count it as a failed try.
      result = { sent: true, success: false, responseStatus: 0 };
    }
    if (!result.sent) return { success: false, attempts: attempt - 1, responseStatus };
    responseStatus = result.responseStatus;
    if (result.success) return { success: true, attempts: attempt, responseStatus };
    if (attempt < ATTEMPTS) await sleep(DELAYS[attempt - 1]!);
  }
  return { success: false, attempts: ATTEMPTS, responseStatus };
}
