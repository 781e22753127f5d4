// Replicate's client: base URL (ATELIER_REPLICATE_BASE_URL, `…/v1` like the SDK's own option),
// key (ATELIER_REPLICATE_API_KEY), the webhook signing secret (ATELIER_REPLICATE_WEBHOOK_SECRET),
// and the one place its errors become ProviderError kinds.
import Replicate from 'replicate';
import { kindOfStatus, ProviderError, REFUSAL_PATTERN, retryAfterMs } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const REPLICATE_DEFAULT_BASE_URL = 'https://api.replicate.com/v1';
export const REPLICATE_WEBHOOK_SECRET = 'ATELIER_REPLICATE_WEBHOOK_SECRET';

/**
 * A client for one call: its fetch carries the caller's signal and the timeout, and remembers the
 * last response's Retry-After (the SDK's error keeps the response, but a 429 it retried itself
 * loses it).
 */
export function replicateClient(settings: ProviderSettings, ctx: Pick<CallContext, 'signal' | 'timeoutMs'>) {
  const state: { retryAfter?: string | null } = {};
  const timed: typeof fetch = async (input, init) => {
    const signals = [AbortSignal.timeout(ctx.timeoutMs || settings.timeoutMs)];
    if (ctx.signal) signals.push(ctx.signal);
    const res = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    state.retryAfter = res.headers.get('retry-after');
    return res;
  };
  const client = new Replicate({ auth: settings.apiKey, baseUrl: settings.baseUrl ?? REPLICATE_DEFAULT_BASE_URL, fetch: timed, userAgent: 'atelier' });
  return { client, state };
}

/** Any failure of an SDK call, as the kind the gateway and the job worker act on. */
export function replicateError(err: unknown, state: { retryAfter?: string | null } = {}): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as { name?: string; message?: string; response?: Response };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new ProviderError('retryable', `replicate: timed out (${e.message ?? ''})`, { provider: 'replicate', cause: err });
  const status = e?.response?.status;
  if (status === undefined) return new ProviderError('retryable', `replicate: ${e?.message ?? String(err)}`, { provider: 'replicate', cause: err });
  const text = String(e.message ?? '');
  const kind = kindOfStatus(status);
  // Replicate answers 422 for bad input and for a prompt its safety checker flagged.
  const refined = (kind === 'client' && REFUSAL_PATTERN.test(text)) ? 'content_refused' : kind;
  return new ProviderError(refined, `replicate: ${detailOf(text)}`, {
    status,
    provider: 'replicate',
    retryAfterMs: retryAfterMs(e.response?.headers.get('retry-after') ?? state.retryAfter),
  });
}

/** The `detail` of Replicate's JSON error body when the SDK's message carries one. */
function detailOf(message: string): string {
  const json = /: (\{.*\})\.?$/s.exec(message)?.[1];
  if (json) {
    try {
      const body = JSON.parse(json) as { detail?: string; title?: string };
      if (body.detail || body.title) return `${body.title ? `${body.title}: ` : ''}${body.detail ?? ''}`.slice(0, 500);
    } catch {
      /* not JSON: the message as is */
    }
  }
  return message.slice(0, 500);
}

/** `owner/name` runs the model's latest version; `owner/name:version` (or a bare version hash) pins one. */
export function modelRef(model: string): { model?: string; version?: string } {
  const [name, version] = model.split(':');
  if (version) return { version };
  if (/^[0-9a-f]{64}$/.test(model)) return { version: model };
  return { model: name };
}

/** Images go to Replicate inline, as data URIs (no upload to its file store). */
export const dataUri = (data: Buffer, mime = 'image/png') => `data:${mime};base64,${data.toString('base64')}`;
