// Anthropic through its official SDK (`@anthropic-ai/sdk`): the base URL as the SDK takes it
// (`https://api.anthropic.com`, no /v1), no SDK retries (the gateway decides), errors classified.
import Anthropic, { APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { kindOfStatus, ProviderError, retryAfterMs } from '../errors';
import type { ProviderSettings } from '../types';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

export function anthropicClient(s: ProviderSettings): Anthropic {
  return new Anthropic({ apiKey: s.apiKey ?? 'unset', baseURL: s.baseUrl ?? ANTHROPIC_BASE_URL, maxRetries: 0, timeout: s.timeoutMs });
}

export function classifyAnthropic(what: string, err: unknown): unknown {
  if (err instanceof ProviderError || err instanceof APIUserAbortError) return err;
  if (err instanceof APIConnectionTimeoutError) return new ProviderError('retryable', `${what}: timed out`, { provider: 'anthropic', cause: err });
  if (err instanceof APIError) {
    if (err.status === undefined) return new ProviderError('retryable', `${what}: ${err.message}`, { provider: 'anthropic', cause: err });
    // {type: "error", error: {type: "overloaded_error" | "rate_limit_error" | "invalid_request_error" | …, message}}
    const body = (err.error as { error?: { type?: string; message?: string } } | undefined)?.error;
    const kind = body?.type === 'overloaded_error' ? 'retryable' : kindOfStatus(err.status);
    return new ProviderError(kind, `${what}: HTTP ${err.status}${body?.message ? `: ${body.message}` : ''}`, {
      provider: 'anthropic', status: err.status, retryAfterMs: retryAfterMs(err.headers?.get('retry-after')), cause: err,
    });
  }
  return new ProviderError('retryable', `${what}: ${(err as Error)?.message ?? String(err)}`, { provider: 'anthropic', cause: err });
}
