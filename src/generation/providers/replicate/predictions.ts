// A Replicate prediction as a provider job: create (with the webhook when Atelier has a public
// URL), read, cancel, and the completion webhook verified with the Standard Webhooks scheme.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError } from '../errors';
import type { CallContext, JobHandler, JobStatus, ProviderSettings, Usage } from '../types';
import { modelRef, replicateClient, replicateError, REPLICATE_WEBHOOK_SECRET } from './api';

export interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  logs?: string;
  metrics?: { predict_time?: number };
}

/** A webhook older (or newer) than this is refused: a replayed delivery cannot re-finish a job. */
const WEBHOOK_TOLERANCE_S = 5 * 60;

/** The first URL (or data URI) in a prediction's output, whatever shape the model returns. */
export function firstOutputUrl(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) for (const o of output) { const u = firstOutputUrl(o); if (u) return u; }
  if (output && typeof output === 'object') for (const v of Object.values(output)) { const u = firstOutputUrl(v); if (u) return u; }
  return undefined;
}

const count = (output: unknown) => (Array.isArray(output) ? output.length : output ? 1 : 0);

/** A prediction in the job shape every adapter answers. */
export function statusOf(p: Prediction, usage?: (p: Prediction) => Usage): JobStatus {
  switch (p.status) {
    case 'starting': return { status: 'queued' };
    case 'processing': return { status: 'running', progress: progressOf(p.logs) };
    case 'canceled':
    case 'aborted': return { status: 'canceled' };
    case 'failed': {
      const message = typeof p.error === 'string' ? p.error : JSON.stringify(p.error ?? 'the prediction failed');
      return { status: 'failed', error: { kind: /nsfw|safety|flagged|content/i.test(message) ? 'content_refused' : 'client', message: message.slice(0, 500) } };
    }
    case 'succeeded': {
      const url = firstOutputUrl(p.output);
      if (!url) return { status: 'failed', error: { kind: 'retryable', message: 'the prediction succeeded without an output' } };
      return { status: 'succeeded', output: { url }, usage: usage?.(p) ?? { images: count(p.output) || undefined } };
    }
    default: return { status: 'running' };
  }
}

/** The last "NN%" progress bar in the logs (tqdm, as most Replicate models print), 0..1. */
function progressOf(logs?: string): number | undefined {
  const all = logs ? [...logs.matchAll(/(\d{1,3})%\|/g)] : [];
  const last = all.at(-1)?.[1];
  return last !== undefined ? Math.min(1, Number(last) / 100) : undefined;
}

/**
 * Standard Webhooks: HMAC-SHA256 of `${id}.${timestamp}.${body}` with the secret's base64 part
 * (after `whsec_`), compared with every `v1,<sig>` in the header; the timestamp within tolerance.
 */
export function verifyStandardWebhook(secret: string, headers: Record<string, string | string[] | undefined>, body: Buffer, nowS = Date.now() / 1000): void {
  const h = (n: string) => { const v = headers[n]; return Array.isArray(v) ? v[0] : v; };
  const id = h('webhook-id');
  const ts = h('webhook-timestamp');
  const sigs = h('webhook-signature');
  if (!id || !ts || !sigs) throw new ProviderError('auth', 'webhook: missing webhook-id, webhook-timestamp or webhook-signature');
  const t = Number(ts);
  if (!Number.isFinite(t) || Math.abs(nowS - t) > WEBHOOK_TOLERANCE_S) throw new ProviderError('auth', 'webhook: timestamp outside the tolerance');
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.`).update(body).digest();
  const ok = sigs.split(' ').some((s) => {
    const [version, b64] = s.split(',');
    if (version !== 'v1' || !b64) return false;
    const got = Buffer.from(b64, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  if (!ok) throw new ProviderError('auth', 'webhook: bad signature');
}

/**
 * The job handler for one capability: `input` maps the request to the model's inputs (the
 * route's `params` are merged over them), `usage` reads what a finished prediction used.
 */
export function predictionJob<Req>(
  settings: ProviderSettings,
  input: (req: Req) => Record<string, unknown>,
  usage?: (p: Prediction, req?: Req) => Usage,
): JobHandler<Req> {
  return {
    async submit(req, ctx) {
      const { client, state } = replicateClient(settings, ctx);
      try {
        const webhook = ctx.job?.webhookUrl;
        const p = (await client.predictions.create({
          ...modelRef(ctx.route.model),
          input: { ...input(req), ...ctx.route.params },
          ...(webhook ? { webhook, webhook_events_filter: ['completed'] } : {}),
        } as Parameters<typeof client.predictions.create>[0])) as Prediction;
        if (!p?.id) throw new ProviderError('retryable', 'replicate: the create answer had no prediction id', { provider: 'replicate' });
        return { jobId: p.id };
      } catch (err) {
        throw replicateError(err, state);
      }
    },
    async poll(jobId, ctx) {
      const { client, state } = replicateClient(settings, ctx);
      try {
        return statusOf((await client.predictions.get(jobId)) as Prediction, usage);
      } catch (err) {
        throw replicateError(err, state);
      }
    },
    async cancel(jobId, ctx) {
      const { client, state } = replicateClient(settings, ctx);
      try {
        await client.predictions.cancel(jobId);
      } catch (err) {
        const e = replicateError(err, state);
        // Already finished or gone: nothing left to stop.
        if (e.status === 404 || e.status === 409 || e.status === 422) return;
        throw e;
      }
    },
    async parseWebhook(headers, rawBody) {
      const secret = settings.extra[REPLICATE_WEBHOOK_SECRET];
      if (!secret) throw new ProviderError('auth', `webhook: ${REPLICATE_WEBHOOK_SECRET} is not set, so no delivery can be verified`);
      verifyStandardWebhook(secret, headers, rawBody);
      let p: Prediction;
      try {
        p = JSON.parse(rawBody.toString('utf8')) as Prediction;
      } catch {
        throw new ProviderError('client', 'webhook: the body is not JSON');
      }
      if (!p?.id || typeof p.id !== 'string') return null;
      return { jobId: p.id, status: statusOf(p, usage) };
    },
  };
}

/** Runs a prediction to the end inside one call (short renders: images, upscales, cut-outs). */
export async function runPrediction<Req>(handler: JobHandler<Req>, req: Req, ctx: CallContext, pollMs = 1000): Promise<JobStatus> {
  const { jobId } = await handler.submit(req, ctx);
  const deadline = Date.now() + (ctx.timeoutMs || 120_000);
  for (;;) {
    const s = await handler.poll(jobId, ctx);
    if (s.status === 'succeeded' || s.status === 'failed' || s.status === 'canceled') return s;
    if (Date.now() > deadline || ctx.signal?.aborted) {
      await handler.cancel(jobId, ctx).catch(() => undefined);
      throw new ProviderError('retryable', `replicate: prediction ${jobId} did not finish in time`, { provider: 'replicate' });
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
