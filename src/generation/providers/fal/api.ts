// fal's client: ATELIER_FAL_BASE_URL stands for its queue host (https://queue.fal.run; a proxy or
// a test server in its place), ATELIER_FAL_API_KEY is the `Key …` credential, and
// ATELIER_FAL_JWKS_URL is where fal publishes the keys its webhooks are signed with.
import { createFalClient } from '@fal-ai/client';
import { kindOfStatus, ProviderError, REFUSAL_PATTERN, retryAfterMs } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const FAL_QUEUE_URL = 'https://queue.fal.run';
export const FAL_JWKS_URL = 'ATELIER_FAL_JWKS_URL';
export const FAL_DEFAULT_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';

/**
 * A client for one call. Its requests go to the configured queue host; its fetch carries the
 * caller's signal and the timeout, and turns a 429 into rate_limited at once (the SDK would
 * retry it blind, without reading Retry-After).
 */
export function falClient(settings: ProviderSettings, ctx: Pick<CallContext, 'signal' | 'timeoutMs'>) {
  const base = (settings.baseUrl ?? FAL_QUEUE_URL).replace(/\/+$/, '');
  const timed: typeof fetch = async (input, init) => {
    const signals = [AbortSignal.timeout(ctx.timeoutMs || settings.timeoutMs)];
    if (ctx.signal) signals.push(ctx.signal);
    let res: Response;
    try {
      res = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    } catch (err) {
      const e = err as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new ProviderError('retryable', `fal: timed out (${e.message})`, { provider: 'fal', cause: err });
      throw err;
    }
    if (res.status === 429) {
      throw new ProviderError('rate_limited', `fal: rate limited (${(await res.text()).slice(0, 200)})`, { status: 429, provider: 'fal', retryAfterMs: retryAfterMs(res.headers.get('retry-after')) });
    }
    return res;
  };
  return createFalClient({
    credentials: settings.apiKey,
    suppressLocalCredentialsWarning: true,
    fetch: timed,
    // The SDK builds https://queue.fal.run/<app>/…: the same path on the configured host.
    requestMiddleware: async (req) => ({ ...req, url: req.url.replace(/^https:\/\/queue\.fal\.run/, base) }),
  });
}

/** Any failure of an SDK call as a ProviderError kind. */
export function falError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as { name?: string; message?: string; status?: number; body?: unknown };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new ProviderError('retryable', `fal: timed out`, { provider: 'fal', cause: err });
  if (typeof e?.status !== 'number') return new ProviderError('retryable', `fal: ${e?.message ?? String(err)}`, { provider: 'fal', cause: err });
  const detail = typeof e.body === 'object' && e.body ? JSON.stringify((e.body as { detail?: unknown }).detail ?? e.body) : String(e.message ?? '');
  const kind = kindOfStatus(e.status);
  return new ProviderError(kind === 'client' && REFUSAL_PATTERN.test(detail) ? 'content_refused' : kind, `fal: ${detail}`.slice(0, 500), { status: e.status, provider: 'fal' });
}

export const dataUri = (data: Buffer, mime = 'image/png') => `data:${mime};base64,${data.toString('base64')}`;
