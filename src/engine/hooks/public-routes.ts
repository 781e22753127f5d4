// POST /v1/hooks/{webhook_id}/{path}: public (no Bearer), any JSON body is the run
// input, optional `x-fh-signature: sha256=<hex HMAC-SHA256 of the raw body>`, 200 {run_id,
// status:'queued'}. Mounted ahead of the JSON parser so the signature is checked over the exact
// bytes received. Our choices (README): body at most 1 MiB (413); unknown or deleted → 404; a
// workflow whose trigger is no longer `webhook` → 404; 120 calls per minute per hook, signed or not
// (429 `{error}` with Retry-After, like per-endpoint limits); bad signature → 401; inactive
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

/** Constant-time check of `sha256=<hex>` against the HMAC of the raw body. */
export function signatureMatches(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  const expected = createHmac('sha256', secret).update(raw).digest();
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
      if (!found) throw notFound();
      // Counted before the signature check: a flood of forged calls is throttled like any other.
      const now = Date.now();
      const hit = await windows.hit([{ key: webhookId, limit: HOOK_RATE_PER_MINUTE }], now);
      if (hit.blocked !== -1) {
        const oldest = hit.windows[0]?.oldestMs ?? now;
        const retryAfter = Math.max(1, Math.ceil((oldest + 60_000 - now) / 1000));
        throw new ApiError(429, { error: `Rate limit exceeded: ${HOOK_RATE_PER_MINUTE} per 1 minute` }, { 'Retry-After': String(retryAfter) });
      }
      if (found.secret !== null && !signatureMatches(found.secret, body, req.get('x-fh-signature'))) {
        throw coded(401, 'invalid_signature', 'Missing or wrong x-fh-signature: expected sha256=<hex HMAC-SHA256 of the raw body> with this hook\'s secret.');
      }
      if (!found.workflow.active) {
        throw coded(409, 'workflow_inactive', `Workflow ${found.workflow.id} is inactive; activate it (PUT active=true) to accept hook calls.`, { workflow_id: found.workflow.id });
      }
      const input = parseInput(body);
      const run = await startTriggeredRun(deps, { accountId: found.workflow.account_id, workflowId: found.workflow.id, input, triggerType: 'webhook' });
      res.status(200).json({ run_id: run.id, status: 'queued' } satisfies z.output<typeof HookAcceptedView>);
    } catch (err) {
      next(err);
    }
  }, { summary: 'Start a run of a webhook-triggered workflow (no API key; x-fh-signature: sha256=<hex HMAC of the raw body> when the hook has a secret)', errors: [400, 401, 409, 413, 429], response: HookAcceptedView }));
  return router;
}
