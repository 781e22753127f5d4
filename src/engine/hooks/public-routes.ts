// POST /v1/hooks/{webhook_id}/{path}: public (no Bearer), any JSON body is the run input, 200
// {run_id, status:'queued'}. A hook with a secret takes `x-fh-timestamp: <unix seconds>` and
// `x-fh-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`: a timestamp more than
// five minutes off is stale, and a signature already accepted inside that window is a replay, so
// a captured call cannot be sent again. Mounted ahead of the JSON parser so the signature is
// checked over the exact bytes received. Our choices: body at most 1 MiB (413); unknown or deleted
// hook, or a path the hook does not serve → 404; a workflow whose trigger is no longer `webhook` →
// 404; 120 calls per minute per hook, signed or not (429 `{error}` with Retry-After, like
// per-endpoint limits); bad or stale signature → 401; replay → 409 signature_replayed; inactive
// workflow → 409 workflow_inactive; the workflow's rate policy then applies as for any run start.
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { ApiError, badRequest, coded, notFound, validationFailed } from '../../infra/http/errors';
import { jsonDepthExceeds, MAX_JSON_DEPTH, nulIssues } from '../../infra/http/input-guard';
import { createWindowStore } from '../../platform/limits/rate-limiter';
import { startTriggeredRun } from '../run/trigger-start';
import { HookAcceptedView, resolvePublicHook } from './service';
import { documentRoute } from '../../infra/http/openapi';

export const HOOK_MAX_BODY_BYTES = 1024 * 1024;
export const HOOK_RATE_PER_MINUTE = 120;

/** How far a signed call's timestamp may be from the server's clock, either way. */
export const HOOK_SIGNATURE_WINDOW_S = 300;

/** Constant-time check of `sha256=<hex>` against the HMAC of `<timestamp>.<raw body>`. */
export function signatureMatches(secret: string, timestamp: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  // Compare equal-length buffers always, so a malformed header costs the same as a wrong one.
  const given = m ? Buffer.from(m[1]!, 'hex') : Buffer.alloc(expected.length);
  return timingSafeEqual(expected, given) && m !== null;
}

function parseInput(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  // The edge's checks, for this raw-body route too: too deep → 400, NUL → 422 (both used to be 500s).
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) throw badRequest(`JSON body nested too deeply (limit ${MAX_JSON_DEPTH} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw validationFailed([{ type: 'json_invalid', loc: ['body'], msg: 'The hook body must be JSON' }]);
  }
  const nul = nulIssues(value, ['body']);
  if (nul.length > 0) throw validationFailed(nul);
  // A JSON object is the input as is; any other JSON value arrives as {body: value}.
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { body: value };
}

export function publicHookRoutes(deps: Deps): Router {
  const router = Router();
  const windows = createWindowStore(deps.config.redisUrl, `atelier:hook:${deps.config.temporal.taskQueue}:`);
  const raw = express.raw({ type: () => true, limit: HOOK_MAX_BODY_BYTES });
  const paths = ['/engine/v1/v1/hooks/:webhook_id', '/engine/v1/v1/hooks/:webhook_id/*path', '/engine/v1/hooks/:webhook_id', '/engine/v1/hooks/:webhook_id/*path'];
  router.post(paths, raw, documentRoute(async (req, res, next) => {
    try {
      const webhookId = String(req.params.webhook_id);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const found = /^wh_[0-9a-f]{32}$/.test(webhookId) ? await resolvePublicHook(deps, webhookId) : undefined;
      if (!found || !servesPath(found.trigger.config.path, req.params.path)) throw notFound();
      // Counted before the signature check: a flood of forged calls is throttled like any other.
      const now = Date.now();
      const hit = await windows.hit([{ key: webhookId, limit: HOOK_RATE_PER_MINUTE }], now);
      if (hit.blocked !== -1) {
        const oldest = hit.windows[0]?.oldestMs ?? now;
        const retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000));
        throw new ApiError(429, { error: `Rate limit exceeded: ${HOOK_RATE_PER_MINUTE} per 1 minute` }, { 'Retry-After': String(retryAfter) });
      }
      if (found.secret !== null) await checkSignature(deps, webhookId, found.secret, body, req.get('x-fh-timestamp'), req.get('x-fh-signature'), now);
      if (!found.workflow.active) {
        throw coded(409, 'workflow_inactive', `Workflow ${found.workflow.id} is inactive; activate it (PUT active=true) to accept hook calls.`, { workflow_id: found.workflow.id });
      }
      const input = parseInput(body);
      const run = await startTriggeredRun(deps, { accountId: found.workflow.account_id, workflowId: found.workflow.id, input, triggerType: 'webhook' });
      res.status(200).json({ run_id: run.id, status: 'queued' } satisfies z.output<typeof HookAcceptedView>);
    } catch (err) {
      next(err);
    }
  }, { summary: 'Start a run of a webhook-triggered workflow (no API key; when the hook has a secret: x-fh-timestamp and x-fh-signature: sha256=<hex HMAC of "<timestamp>.<raw body>">)', errors: [400, 401, 409, 413, 429], response: HookAcceptedView }));
  return router;
}

/** Whether the path after the hook id is the one the trigger names (slashes at either end aside). */
function servesPath(configured: string | undefined, given: unknown): boolean {
  const trim = (p: string) => p.replace(/^\/+|\/+$/g, '');
  const asked = Array.isArray(given) ? given.join('/') : typeof given === 'string' ? given : '';
  return trim(asked) === trim(configured ?? '');
}

/**
 * Refuses a signed call that is missing its timestamp or signature, signed with another secret or
 * over other bytes (401 invalid_signature), stale (401 stale_signature), or already accepted (409
 * signature_replayed). An accepted signature is remembered for the whole window its timestamp can
 * still be fresh in; expired ones are swept as calls come.
 */
async function checkSignature(deps: Deps, webhookId: string, secret: string, raw: Buffer, timestamp: string | undefined, signature: string | undefined, nowMs: number): Promise<void> {
  const t = timestamp?.trim() ?? '';
  if (!/^\d{1,12}$/.test(t) || !signatureMatches(secret, t, raw, signature)) {
    throw coded(401, 'invalid_signature', 'Missing or wrong x-fh-timestamp / x-fh-signature: expected x-fh-timestamp: <unix seconds> and x-fh-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>"> with this hook\'s secret.');
  }
  const skew = Math.abs(nowMs / 1000 - Number(t));
  if (skew > HOOK_SIGNATURE_WINDOW_S) {
    throw coded(401, 'stale_signature', `x-fh-timestamp is ${Math.round(skew)} s from the server's clock; a signed call must be sent within ${HOOK_SIGNATURE_WINDOW_S} s of its timestamp.`, { window_s: HOOK_SIGNATURE_WINDOW_S });
  }
  const { db } = deps;
  const kept = await db
    .insertInto('engine_hook_signatures')
    .values({ webhook_id: webhookId, signature: signature!.trim().toLowerCase(), expires_at: new Date((Number(t) + HOOK_SIGNATURE_WINDOW_S) * 1000 + 1000) })
    .onConflict((oc) => oc.columns(['webhook_id', 'signature']).doNothing())
    .returning('signature')
    .executeTakeFirst();
  if (!kept) throw coded(409, 'signature_replayed', 'This signed call was already accepted: sign each call with a new x-fh-timestamp.');
  await db.deleteFrom('engine_hook_signatures').where('webhook_id', '=', webhookId).where('expires_at', '<', new Date(nowMs)).execute();
}
