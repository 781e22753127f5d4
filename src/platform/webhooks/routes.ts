import type { Request } from 'express';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { coded } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { loadAccountTier } from '../tiers/tiers';
import { startDelivery, type WebhookDeliveryResult } from './emit';
import { requireWebhookTier, WEBHOOK_EVENTS } from './events';
import { createWebhook, deleteWebhook, getWebhook, MAX_HEADERS, updateWebhook, webhookLogs, webhookView } from './service';

const params = z.object({ id: z.string().min(1) });
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);
const headers = z
  .record(z.string(), z.string())
  .refine((h) => Object.keys(h).length <= MAX_HEADERS, { message: `At most ${MAX_HEADERS} custom headers` });

const createBody = z.object({
  name: z.string().trim().min(1).max(100),
  url: z.string().min(1).max(2048),
  events,
  headers: headers.optional(),
});

const patchBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  url: z.string().min(1).max(2048).optional(),
  events: events.optional(),
  active: z.boolean().optional(),
  headers: headers.optional(),
});

const registerBody = z.object({ url: z.string().min(1).max(2048), events });

async function gate(deps: Deps, req: Request, accountId: string) {
  const tier = req.accountTier?.tier ?? (await loadAccountTier(deps.db, accountId))?.tier;
  requireWebhookTier(tier);
}

/** Console webhook management (seed 000 §4.5) and POST /v1/webhooks/register; paths relative to /v1. */
export function webhookRoutes(deps: Deps): Router {
  const router = Router();

  router.post(
    '/console/webhooks',
    route({ body: createBody, status: 201 }, async ({ auth, body, req }) => {
      await gate(deps, req, auth.accountId);
      const { webhook, secret } = await createWebhook(deps, auth.accountId, body);
      return { ...webhookView(webhook), secret };
    }),
  );

  router.get(
    '/console/webhooks',
    route({}, async ({ auth }) => {
      const rows = await deps.db.selectFrom('webhooks').selectAll().where('account_id', '=', auth.accountId).orderBy('created_at', 'asc').execute();
      return rows.map(webhookView);
    }),
  );

  router.get('/console/webhooks/:id', route({ params }, async ({ auth, params: p }) => webhookView(await getWebhook(deps, auth.accountId, p.id))));

  router.patch(
    '/console/webhooks/:id',
    route({ params, body: patchBody }, async ({ auth, params: p, body }) => webhookView(await updateWebhook(deps, auth.accountId, p.id, body))),
  );

  router.delete(
    '/console/webhooks/:id',
    route({ params, status: 204 }, async ({ auth, params: p }) => {
      await deleteWebhook(deps, auth.accountId, p.id);
      return undefined;
    }),
  );

  router.post(
    '/console/webhooks/:id/test',
    route({ params }, async ({ auth, params: p, req }) => {
      const webhook = await getWebhook(deps, auth.accountId, p.id);
      await gate(deps, req, auth.accountId);
      if (!webhook.active) throw coded(400, 'webhook_inactive', 'The webhook is not active; activate it (PATCH active=true) to send a test delivery.');
      const timestamp = new Date().toISOString();
      // seed 000 §4.5: the first configured event type, data {test, timestamp, webhook_id}.
      const event = webhook.events[0]!;
      const handle = await startDelivery(deps, {
        webhookId: webhook.id,
        accountId: auth.accountId,
        event,
        timestamp,
        data: { test: true, timestamp, webhook_id: webhook.id },
      });
      const result = (await handle.result()) as WebhookDeliveryResult;
      return {
        success: result.success,
        message: result.success
          ? `Test ${event} delivered (HTTP ${result.responseStatus}) on attempt ${result.attempts}.`
          : `Test ${event} delivery failed after ${result.attempts} attempts${result.responseStatus ? ` (last response HTTP ${result.responseStatus})` : ' (no response)'}.`,
        timestamp,
      };
    }),
  );

  router.get('/console/webhooks/:id/logs', route({ params }, async ({ auth, params: p }) => webhookLogs(deps, auth.accountId, p.id)));

  router.post(
    '/webhooks/register',
    route({ body: registerBody, status: 201 }, async ({ auth, body, req }) => {
      await gate(deps, req, auth.accountId);
      const host = (() => {
        try {
          return new URL(body.url).hostname;
        } catch {
          return 'webhook';
        }
      })();
      const { webhook, secret } = await createWebhook(deps, auth.accountId, { name: `Registered: ${host}`.slice(0, 100), url: body.url, events: body.events });
      return { ...webhookView(webhook), secret };
    }),
  );
  return router;
}
