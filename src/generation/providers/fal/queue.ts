// A fal queue request as a provider job: submit (with fal_webhook when Atelier has a public URL),
// status, result, cancel, and the completion webhook verified with fal's ED25519 signature.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { firstOutputUrl } from '../replicate/predictions';
import { ProviderError } from '../errors';
import type { CallContext, JobHandler, JobStatus, ProviderSettings, Usage } from '../types';
import { FAL_DEFAULT_JWKS_URL, FAL_JWKS_URL, falClient, falError } from './api';

const WEBHOOK_TOLERANCE_S = 5 * 60;
const JWKS_TTL_MS = 60 * 60 * 1000;
/** At most one fetch of the keys a minute beyond the cache (a flood of forged calls cannot drive it). */
const JWKS_REFRESH_MS = 60 * 1000;

interface Jwk { kty?: string; crv?: string; x?: string }
const jwksCache = new Map<string, { keys: Jwk[]; at: number }>();

async function fetchKeys(url: string, force: boolean): Promise<Jwk[]> {
  const cached = jwksCache.get(url);
  const age = cached ? Date.now() - cached.at : Infinity;
  if (cached && (age < JWKS_TTL_MS && (!force || age < JWKS_REFRESH_MS))) return cached.keys;
  // The operator's setting (or fal's own URL): fetched as configured, like a provider base URL.
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new ProviderError('unavailable', `fal webhook keys: ${url} answered ${res.status}`);
  const body = (await res.json()) as { keys?: Jwk[] };
  const keys = (body.keys ?? []).filter((k) => k.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.x === 'string');
  jwksCache.set(url, { keys, at: Date.now() });
  return keys;
}

/**
 * fal signs `request id \n user id \n timestamp \n sha256-hex(body)` with ED25519; the signature
 * (hex) must verify under one of the published keys, and the timestamp be within tolerance.
 */
export async function verifyFalWebhook(jwksUrl: string, headers: Record<string, string | string[] | undefined>, body: Buffer, nowS = Date.now() / 1000): Promise<void> {
  const h = (n: string) => { const v = headers[n]; return Array.isArray(v) ? v[0] : v; };
  const requestId = h('x-fal-webhook-request-id');
  const userId = h('x-fal-webhook-user-id');
  const ts = h('x-fal-webhook-timestamp');
  const sig = h('x-fal-webhook-signature');
  if (!requestId || !userId || !ts || !sig) throw new ProviderError('auth', 'webhook: missing x-fal-webhook-request-id, -user-id, -timestamp or -signature');
  if (!Number.isFinite(Number(ts)) || Math.abs(nowS - Number(ts)) > WEBHOOK_TOLERANCE_S) throw new ProviderError('auth', 'webhook: timestamp outside the tolerance');
  if (!/^[0-9a-f]{128}$/i.test(sig)) throw new ProviderError('auth', 'webhook: bad signature');
  const message = Buffer.from([requestId, userId, ts, createHash('sha256').update(body).digest('hex')].join('\n'), 'utf8');
  const signature = Buffer.from(sig, 'hex');
  const check = (keys: Jwk[]) => keys.some((k) => {
    try {
      return verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x! }, format: 'jwk' }), signature);
    } catch {
      return false;
    }
  });
  if (check(await fetchKeys(jwksUrl, false))) return;
  // fal may have rotated its keys since they were cached.
  if (check(await fetchKeys(jwksUrl, true))) return;
  throw new ProviderError('auth', 'webhook: bad signature');
}

interface QueueStatus { status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED'; queue_position?: number; logs?: Array<{ message: string }> }

/** A finished request's result payload in the job shape. */
function succeeded(payload: unknown, usage: Usage): JobStatus {
  const url = firstOutputUrl(pickFiles(payload));
  if (!url) return { status: 'failed', error: { kind: 'retryable', message: 'fal: the result had no file' } };
  return { status: 'succeeded', output: { url }, usage };
}

/** The result's files (video, images, audio, mesh…), not its other strings (prompts, seeds). */
function pickFiles(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object') return undefined;
  const files: unknown[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.url === 'string') files.push(o.url);
      else Object.values(o).forEach(walk);
    }
  };
  walk(payload);
  return files;
}

/** The job handler for one capability: `input` maps the request (the route's params are merged over it). */
export function queueJob<Req>(settings: ProviderSettings, input: (req: Req) => Record<string, unknown>, usage: (req?: Req) => Usage = () => ({})): JobHandler<Req> {
  return {
    async submit(req, ctx) {
      try {
        const fal = falClient(settings, ctx);
        const webhookUrl = ctx.job?.webhookUrl;
        const r = await fal.queue.submit(ctx.route.model, { input: { ...input(req), ...ctx.route.params }, ...(webhookUrl ? { webhookUrl } : {}) });
        if (!r?.request_id) throw new ProviderError('retryable', 'fal: the submit answer had no request_id', { provider: 'fal' });
        return { jobId: r.request_id };
      } catch (err) {
        throw falError(err);
      }
    },
    async poll(jobId, ctx) {
      const fal = falClient(settings, ctx);
      let s: QueueStatus;
      try {
        s = (await fal.queue.status(ctx.route.model, { requestId: jobId, logs: false })) as QueueStatus;
      } catch (err) {
        throw falError(err);
      }
      if (s.status === 'IN_QUEUE') return { status: 'queued' };
      if (s.status === 'IN_PROGRESS') return { status: 'running' };
      try {
        const result = await fal.queue.result(ctx.route.model, { requestId: jobId });
        return succeeded(result.data, usage());
      } catch (err) {
        // COMPLETED with an error: the app failed the request; it will not succeed on another read.
        const e = falError(err);
        if (e.kind === 'rate_limited' || (e.kind === 'retryable' && e.status === undefined)) throw e;
        return { status: 'failed', error: { kind: e.kind === 'content_refused' ? 'content_refused' : e.kind === 'client' ? 'client' : 'retryable', message: e.message } };
      }
    },
    async cancel(jobId, ctx) {
      try {
        await falClient(settings, ctx).queue.cancel(ctx.route.model, { requestId: jobId });
      } catch (err) {
        const e = falError(err);
        // Already finished (fal answers 400 "already completed") or gone: nothing left to stop.
        if (e.status === 400 || e.status === 404 || e.status === 409) return;
        throw e;
      }
    },
    async parseWebhook(headers, rawBody) {
      await verifyFalWebhook(settings.extra[FAL_JWKS_URL] ?? FAL_DEFAULT_JWKS_URL, headers, rawBody);
      let body: { request_id?: string; status?: string; payload?: unknown; error?: string };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new ProviderError('client', 'webhook: the body is not JSON');
      }
      if (!body.request_id) return null;
      if (body.status === 'OK') return { jobId: body.request_id, status: succeeded(body.payload, usage()) };
      const message = `fal: ${body.error ?? 'the request failed'}${body.payload ? ` ${JSON.stringify(body.payload).slice(0, 300)}` : ''}`;
      return { jobId: body.request_id, status: { status: 'failed', error: { kind: /422|validation|field required/i.test(message) ? 'client' : 'retryable', message } } };
    },
  };
}

/** Submits and polls to the end inside one call (images, upscales, cut-outs). */
export async function runQueued<Req>(handler: JobHandler<Req>, req: Req, ctx: CallContext, pollMs = 500): Promise<JobStatus> {
  const { jobId } = await handler.submit(req, ctx);
  const deadline = Date.now() + (ctx.timeoutMs || 120_000);
  for (;;) {
    const s = await handler.poll(jobId, ctx);
    if (s.status === 'succeeded' || s.status === 'failed' || s.status === 'canceled') return s;
    if (Date.now() > deadline || ctx.signal?.aborted) {
      await handler.cancel(jobId, ctx).catch(() => undefined);
      throw new ProviderError('retryable', `fal: request ${jobId} did not finish in time`, { provider: 'fal' });
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
