import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { workflowRef } from '../../infra/temporal/workflow-ref';

export interface WebhookDeliveryInput {
  webhookId: string;
  accountId: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookDeliveryResult {
  success: boolean;
  attempts: number;
  responseStatus: number;
}

export const webhookDeliveryWorkflowId = (webhookId: string) => `webhook-delivery-${webhookId}-${randomBytes(8).toString('hex')}`;

/** Starts one delivery workflow (retries live inside it, durable across crashes). */
/** The webhookDelivery workflow (workflows/webhook-delivery.ts), started by reference. */
export const webhookDelivery = workflowRef<(input: WebhookDeliveryInput) => Promise<WebhookDeliveryResult>>('webhookDelivery');

export async function startDelivery(deps: Deps, input: WebhookDeliveryInput) {
  return deps.temporal.workflow.start(webhookDelivery, {
    taskQueue: deps.taskQueue,
    workflowId: webhookDeliveryWorkflowId(input.webhookId),
    args: [input],
    memo: { account_id: input.accountId, webhook_id: input.webhookId, event: input.event },
  });
}

/**
 * Emits an event to every active webhook of the account subscribed to it, one delivery workflow
 * each. Never throws: an event that cannot be delivered must not fail the operation that caused it.
 * Returns how many deliveries started.
 */
export async function emitEvent(deps: Deps, accountId: string, event: string, data: Record<string, unknown>): Promise<number> {
  try {
    const hooks = await deps.db
      .selectFrom('webhooks')
      .select(['id'])
      .where('account_id', '=', accountId)
      .where('active', '=', true)
      .where(sql<boolean>`events ? ${event}`)
      .execute();
    if (hooks.length === 0) return 0;
    // The tier gate applies when webhooks are created; an account that drops a tier
    // by spending keeps getting its events — credits.depleted matters most exactly then.
    const timestamp = new Date().toISOString();
    await Promise.all(hooks.map((h) => startDelivery(deps, { webhookId: h.id, accountId, event, timestamp, data })));
    return hooks.length;
  } catch (err) {
    deps.logger.error({ err, event, accountId }, 'could not emit webhook event');
    return 0;
  }
}
