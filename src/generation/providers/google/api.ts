// Google (Gemini API) through its official SDK (`@google/genai`): the key, the base URL as the SDK
// takes it (`https://generativelanguage.googleapis.com`), each call's signal and timeout; SDK
// errors classified into the gateway's kinds.
import { ApiError, GoogleGenAI } from '@google/genai';
import { kindOfStatus, ProviderError, REFUSAL_PATTERN } from '../errors';
import type { CallContext, ProviderSettings } from '../types';

export const GOOGLE_BASE_URL = 'https://generativelanguage.googleapis.com';

export function googleClient(s: ProviderSettings): GoogleGenAI {
  return new GoogleGenAI({ apiKey: s.apiKey ?? 'unset', httpOptions: { baseUrl: s.baseUrl ?? GOOGLE_BASE_URL, timeout: s.timeoutMs } });
}

/** Per-call options every SDK method takes in `config`. */
export const callConfig = (ctx: CallContext) => ({ abortSignal: ctx.signal, httpOptions: { timeout: ctx.timeoutMs } });

export async function googleCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    if (err instanceof ApiError) {
      const refused = err.status === 400 && REFUSAL_PATTERN.test(err.message);
      throw new ProviderError(refused ? 'content_refused' : kindOfStatus(err.status), `${what}: HTTP ${err.status}: ${err.message.slice(0, 300)}`, { provider: 'google', status: err.status, cause: err });
    }
    const e = err as Error;
    if (e?.name === 'AbortError' && !/timeout/i.test(e.message)) throw err;
    throw new ProviderError('retryable', `${what}: ${e?.message ?? String(err)}`, { provider: 'google', cause: err });
  }
}
