import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Deps } from '../../deps';
import { safeFetch } from '../../infra/net/safe-fetch';
import { openSecret } from './secret-box';

/** Envelope. */
export interface WebhookEnvelope {
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
  attempt: number;
}

export interface DeliveryAttemptInput {
  webhookId: string;
  accountId: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
  attempt: number;
}

export interface DeliveryAttemptResult {
  /** False when the webhook was deleted or deactivated: nothing sent, stop retrying. */
  sent: boolean;
  success: boolean;
  responseStatus: number;
}

/** Lowercase hex HMAC-SHA256 of the raw body with the webhook secret, no prefix. */
export function signPayload(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Receivers should answer within 5 seconds; a slower answer counts as failed. */
const DELIVERY_TIMEOUT_MS = 5_000;
const BODY_PREVIEW = 1_000;

const caCache = new Map<string, Buffer>();
function extraCa(file: string | undefined): Buffer | undefined {
  if (!file) return undefined;
  let ca = caCache.get(file);
  if (!ca) {
    ca = readFileSync(file);
    caCache.set(file, ca);
  }
  return ca;
}

/** One delivery attempt: POST the envelope, record a log row whatever happens. */
export async function deliverOnce(deps: Deps, input: DeliveryAttemptInput): Promise<DeliveryAttemptResult> {
  const webhook = await deps.db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', input.webhookId)
    .where('account_id', '=', input.accountId)
    .executeTakeFirst();
  // An inactive (or deleted) webhook gets no deliveries.
  if (!webhook || !webhook.active) return { sent: false, success: false, responseStatus: 0 };

  const envelope: WebhookEnvelope = { event: input.event, timestamp: input.timestamp, data: input.data, attempt: input.attempt };
  const rawBody = JSON.stringify(envelope);
  const secret = openSecret(deps.config.encryptionKey, webhook.secret_enc);
  let responseStatus = 0;
  let responseBody = '';
  try {
    const res = await safeFetch(
      webhook.url,
      {
        method: 'POST',
        headers: {
          ...webhook.headers,
          'content-type': 'application/json',
          'user-agent': 'Atelier-Webhooks/1.0',
          'x-svc-event': input.event,
          'x-svc-signature': signPayload(secret, rawBody),
        },
        body: rawBody,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        ca: extraCa(deps.config.webhookCaFile),
      },
      { allowPrivateNetwork: deps.config.allowPrivateNetwork },
    );
    responseStatus = res.status;
    responseBody = res.body.toString('utf8').slice(0, BODY_PREVIEW);
  } catch (err) {
    responseBody = `delivery failed: ${(err as Error).message}`.slice(0, BODY_PREVIEW);
  }
  const success = responseStatus >= 200 && responseStatus < 300;
  await deps.db
    .insertInto('webhook_deliveries')
    .values({
      id: `whd_${randomBytes(12).toString('hex')}`,
      webhook_id: webhook.id,
      account_id: webhook.account_id,
      event: input.event,
      payload: JSON.stringify(envelope),
      response_status: responseStatus,
      response_body: responseBody,
      success,
    })
    .execute();
  return { sent: true, success, responseStatus };
}
