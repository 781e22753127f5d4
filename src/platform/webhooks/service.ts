import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { Webhook, WebhookDelivery } from '../../infra/db/schema/index';
import { badRequest, coded, notFound } from '../../infra/http/errors';
import { assertPublicUrl, BlockedAddressError } from '../../infra/net/safe-fetch';
import { sealSecret } from './secret-box';
import { orNotFound } from '../../infra/db/or-not-found';
import { isoTime } from '../../infra/http/views';

export const MAX_WEBHOOKS = 10;
export const MAX_HEADERS = 10;
export const LOG_ROWS = 50;

// Headers the delivery itself sets; a custom header may not replace them.
const RESERVED_HEADERS = new Set(['x-svc-signature', 'x-svc-event', 'content-type', 'content-length', 'host', 'transfer-encoding', 'connection']);

/** A webhook: never its secret (only the create response carries it). */
export const WebhookView = z.object({
  id: z.string(),
  object: z.literal('webhook'),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  headers: z.record(z.string(), z.string()),
  created_at: isoTime,
  updated_at: isoTime,
});
export const WebhookCreatedView = WebhookView.extend({ secret: z.string().describe('The signing secret, shown once') });
export const DeliveryView = z.object({
  id: z.string(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  response_status: z.number().int().describe("The receiver's HTTP status; 0 when no answer came"),
  response_body: z.string(),
  success: z.boolean(),
  attempted_at: isoTime,
});

/** Never the secret (only the create response carries it). */
export function webhookView(w: Webhook): z.output<typeof WebhookView> {
  return {
    id: w.id,
    object: 'webhook',
    name: w.name,
    url: w.url,
    events: w.events,
    active: w.active,
    headers: w.headers,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
  };
}

/** Exactly these fields and no others. */
export function deliveryView(d: WebhookDelivery): z.output<typeof DeliveryView> {
  return {
    id: d.id,
    event: d.event,
    payload: d.payload,
    response_status: d.response_status,
    response_body: d.response_body,
    success: d.success,
    attempted_at: d.attempted_at.toISOString(),
  };
}

/** HTTPS only and a public host (DNS resolved), unless the deployment allows private networks. */
export async function validateWebhookUrl(deps: Deps, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute HTTPS URL');
  }
  if (url.protocol !== 'https:') throw badRequest('Webhook URLs must use HTTPS');
  if (url.username || url.password) throw badRequest('Webhook URLs must not carry credentials');
  try {
    await assertPublicUrl(url.toString(), { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) {
      throw badRequest('Webhook URLs must point to a public host (not localhost, 10.x, 172.16-31.x, 192.168.x or another private, loopback or link-local address)');
    }
    throw badRequest(`Webhook URL host could not be resolved: ${url.hostname}`);
  }
  return url.toString();
}

export function validateHeaders(headers: Record<string, string>): Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADERS) throw badRequest(`At most ${MAX_HEADERS} custom headers are allowed`);
  for (const [name, value] of entries) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw badRequest(`Invalid header name: ${name}`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw badRequest(`Header ${name} is set by the delivery and cannot be overridden`);
    if (/[\r\n\0]/.test(value) || value.length > 1024) throw badRequest(`Invalid value for header ${name}`);
  }
  return headers;
}

export async function getWebhook(deps: Deps, accountId: string, id: string): Promise<Webhook> {
  return orNotFound(deps.db.selectFrom('webhooks').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function createWebhook(
  deps: Deps,
  accountId: string,
  input: { name: string; url: string; events: string[]; headers?: Record<string, string> },
): Promise<{ webhook: Webhook; secret: string }> {
  const url = await validateWebhookUrl(deps, input.url);
  const headers = validateHeaders(input.headers ?? {});
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const webhook = await deps.db.transaction().execute(async (trx) => {
    // Serialise creates per account so the limit holds under concurrency.
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(trx);
    const { n } = await trx.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_WEBHOOKS) {
      throw coded(400, 'webhook_limit_reached', `At most ${MAX_WEBHOOKS} webhooks per account; delete one first.`, { limit: MAX_WEBHOOKS });
    }
    return trx
      .insertInto('webhooks')
      .values({
        id: `wh_${randomBytes(12).toString('hex')}`,
        account_id: accountId,
        name: input.name,
        url,
        events: JSON.stringify([...new Set(input.events)]),
        secret_enc: sealSecret(deps.config.encryptionKey, secret),
        headers: JSON.stringify(headers),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { webhook, secret };
}

export async function updateWebhook(
  deps: Deps,
  accountId: string,
  id: string,
  patch: { name?: string; url?: string; events?: string[]; active?: boolean; headers?: Record<string, string> },
): Promise<Webhook> {
  await getWebhook(deps, accountId, id);
  const set: Record<string, unknown> = { updated_at: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.url !== undefined) set.url = await validateWebhookUrl(deps, patch.url);
  if (patch.events !== undefined) set.events = JSON.stringify([...new Set(patch.events)]);
  if (patch.active !== undefined) set.active = patch.active;
  if (patch.headers !== undefined) set.headers = JSON.stringify(validateHeaders(patch.headers));
  return orNotFound(deps.db.updateTable('webhooks').set(set).where('id', '=', id).where('account_id', '=', accountId).returningAll().executeTakeFirst());
}

export async function deleteWebhook(deps: Deps, accountId: string, id: string): Promise<void> {
  const res = await deps.db.deleteFrom('webhooks').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound();
}

export async function webhookLogs(deps: Deps, accountId: string, id: string) {
  await getWebhook(deps, accountId, id);
  const rows = await deps.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', id)
    .where('account_id', '=', accountId)
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOG_ROWS)
    .execute();
  return rows.map(deliveryView);
}
