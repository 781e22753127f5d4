// One error taxonomy at every adapter's edge (ProviderError), and the API errors the gateway alone
// turns them into. Adapters never throw ApiError: whether to fall back, and what the client sees,
// is the gateway's decision (gateway.ts).
import { ApiError, coded } from '../../infra/http/errors';
import type { Capability, ProviderErrorKind } from './types';

export const LABELS: Record<Capability, string> = {
  chat: 'chat completions', image: 'image generation', speech: 'text-to-speech', video: 'video generation',
  transcription: 'speech-to-text', music: 'music generation', upscale: 'upscaling',
  removeBackground: 'background removal', ocr: 'OCR', model3d: '3D generation', translate: 'translation', embed: 'embeddings', imageTool: 'image tools',
};

/**
 * - `retryable`: timeout, 5xx, overloaded, connection reset — try the next route.
 * - `rate_limited`: 429; `retryAfterMs` from Retry-After when the provider sent one — next route.
 * - `unavailable`: the provider cannot take calls now (breaker open, not reachable, no such model
 *   upstream on this deployment) — next route.
 * - `auth`: our key for it is wrong or lacks access (the operator's fault) — next route.
 * - `client`: the request itself is bad for this model (size, format, length) — answered, no fallback.
 * - `content_refused`: the provider's safety system refused it — answered, no fallback.
 */
export type { ProviderErrorKind };

/** Kinds after which the gateway tries the next route (and counts a breaker failure). */
export const FALLBACK_KINDS: ReadonlySet<ProviderErrorKind> = new Set(['retryable', 'rate_limited', 'unavailable', 'auth']);

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly opts: { status?: number; retryAfterMs?: number; provider?: string; cause?: unknown } = {},
  ) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = 'ProviderError';
  }
  get retryAfterMs(): number | undefined {
    return this.opts.retryAfterMs;
  }
  get status(): number | undefined {
    return this.opts.status;
  }
}

/** Retry-After as seconds or an HTTP date → milliseconds (undefined when absent or unreadable). */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The usual mapping of an HTTP status from a provider to a kind (adapters refine it, e.g. a 400
 * whose body says the content was refused).
 */
export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 409 || status >= 500) return 'retryable';
  if (status === 404) return 'unavailable';
  return 'client';
}

/** Words providers use when their safety system refuses a prompt. */
export const REFUSAL_PATTERN = /content[_ ]?(policy|filter|moderation)|safety|moderation_blocked|responsible ?ai|flagged/i;

/** No configured provider can serve the capability: 503 with a clear message, never a fake success. */
export class ProviderUnavailableError extends ApiError {
  constructor(readonly capability: Capability, why?: string) {
    super(503, {
      detail: `No provider is configured for ${LABELS[capability]}${why ? ` (${why})` : ''}. ` +
        'Set a provider key (ATELIER_<PROVIDER>_API_KEY) or ATELIER_PROVIDERS to a provider that supports it.',
    });
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider was reached but failed (bad status, bad output, crashed tool): 502. */
export class ProviderFailedError extends ApiError {
  constructor(readonly capability: Capability, readonly reason: string, headers?: Record<string, string>) {
    super(502, { detail: `The ${LABELS[capability]} provider failed: ${reason}` }, headers);
    this.name = 'ProviderFailedError';
  }
}

/** Every route of the model has no configured provider (or none the deployment's tier allows). */
export const modelNotAvailable = (model: string, tier: string | null, capability: Capability) =>
  coded(403, 'model_not_available', `Model '${model}' is not available on this deployment: no provider that serves it is configured for ${LABELS[capability]}.`, { tier, model });

/** The provider's safety system refused the request: the client's to change. */
export const contentFiltered = (provider: string, message: string) =>
  coded(400, 'content_filtered', `The request was refused by the provider's content policy: ${message}`.slice(0, 600), { provider });

/** The provider rejected the input as invalid for this model (a client fault, never a 5xx). */
export const providerRejected = (provider: string, message: string) =>
  coded(422, 'invalid_request', `The provider rejected the request: ${message}`.slice(0, 600), { provider });

/** Every route is rate limited, breaker-open or unreachable: 503 with the soonest Retry-After. */
export const routesExhausted = (capability: Capability, model: string, reasons: string[], retryAfterMs?: number) =>
  coded(
    503,
    'provider_unavailable',
    `No provider could serve ${LABELS[capability]} for '${model}' right now: ${reasons.join('; ')}`.slice(0, 1000),
    { model },
    { 'Retry-After': String(Math.max(1, Math.ceil((retryAfterMs ?? 5000) / 1000))) },
  );
