// Ollama through its official SDK (`ollama`): host = ATELIER_OLLAMA_BASE_URL (e.g.
// http://127.0.0.1:11434), an optional bearer key for a proxy in front of it, and each call's
// signal and timeout passed through the SDK's fetch option (it takes no per-request signal).
import { Ollama } from 'ollama';
import { kindOfStatus, ProviderError } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

export function ollamaClient(s: ProviderSettings, ctx: CallContext): Ollama {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  return new Ollama({
    host: s.baseUrl ?? OLLAMA_BASE_URL,
    ...(s.apiKey ? { headers: { authorization: `Bearer ${s.apiKey}` } } : {}),
    fetch: (input, init) => fetch(input, { ...init, signal }),
  });
}

export async function ollamaCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as Error & { status_code?: number };
    if (e?.name === 'ResponseError' && typeof e.status_code === 'number') {
      // A model the server has not pulled is the deployment's gap, not the caller's fault.
      const kind = e.status_code === 404 || /not found|pull/i.test(e.message) ? 'unavailable' : kindOfStatus(e.status_code);
      throw new ProviderError(kind, `${what}: HTTP ${e.status_code}: ${e.message}`, { provider: 'ollama', status: e.status_code, cause: err });
    }
    if (e?.name === 'TimeoutError') throw new ProviderError('retryable', `${what}: timed out`, { provider: 'ollama', cause: err });
    if (e?.name === 'AbortError') throw err;
    throw new ProviderError('unavailable', `${what}: ${e?.message ?? String(err)}`, { provider: 'ollama', cause: err });
  }
}
