// ElevenLabs' client: ATELIER_ELEVENLABS_BASE_URL (the SDK's `baseUrl`, e.g.
// https://api.elevenlabs.io — it adds /v1/… itself), ATELIER_ELEVENLABS_API_KEY (sent as
// xi-api-key), and the one place its errors become ProviderError kinds.
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { kindOfStatus, ProviderError, REFUSAL_PATTERN, retryAfterMs } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';

/** A client for one call: no SDK retries (the gateway decides what to try next), the call's timeout. */
export function elevenClient(settings: ProviderSettings, ctx: Pick<CallContext, 'timeoutMs'>) {
  return new ElevenLabsClient({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl ?? ELEVENLABS_BASE_URL,
    maxRetries: 0,
    timeoutInSeconds: Math.max(1, Math.ceil((ctx.timeoutMs || settings.timeoutMs) / 1000)),
  });
}

/** The SDK's per-request options: the caller's signal. */
export const requestOptions = (ctx: Pick<CallContext, 'signal' | 'timeoutMs'>, settings: ProviderSettings) => ({
  abortSignal: ctx.signal,
  maxRetries: 0,
  timeoutInSeconds: Math.max(0.1, (ctx.timeoutMs || settings.timeoutMs) / 1000),
});

export function elevenError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as { name?: string; message?: string; statusCode?: number; body?: unknown; rawResponse?: { headers?: Headers } };
  if (e?.name === 'ElevenLabsTimeoutError' || /timed? ?out/i.test(e?.message ?? '') && e?.statusCode === undefined) {
    return new ProviderError('retryable', `elevenlabs: timed out`, { provider: 'elevenlabs', cause: err });
  }
  if (typeof e?.statusCode !== 'number') return new ProviderError('retryable', `elevenlabs: ${e?.message ?? String(err)}`, { provider: 'elevenlabs', cause: err });
  // Its errors are {detail: {status, message}} or {detail: "…"} or a validation list.
  const detail = (e.body as { detail?: unknown } | undefined)?.detail;
  const text = typeof detail === 'string' ? detail : (detail as { message?: string } | undefined)?.message ?? JSON.stringify(detail ?? e.body ?? e.message);
  const kind = kindOfStatus(e.statusCode);
  return new ProviderError(kind === 'client' && REFUSAL_PATTERN.test(text) ? 'content_refused' : kind, `elevenlabs: ${text}`.slice(0, 500), {
    status: e.statusCode,
    provider: 'elevenlabs',
    retryAfterMs: retryAfterMs(e.rawResponse?.headers?.get?.('retry-after')),
  });
}

/** A streamed audio body, whole. */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
