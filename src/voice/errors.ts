import type { ErrorRequestHandler } from 'express';
import { ApiError } from '../infra/http/errors';

/** Every voice error is `{detail: <string>}`. */
export const voiceError = (status: number, message: string, headers?: Record<string, string>) =>
  new ApiError(status, { detail: message }, headers);

export const agentNotFound = () => voiceError(404, 'Voice agent not found');

/**
 * Errors raised before a voice route runs (401 from authentication, 403 from the key checks, 429
 * from the rate limits) come in the platform's envelopes; under /v1/voice they are restated as
 * `{detail: <string>}` with the same status and headers (Retry-After stays), so voice clients
 * read one shape. The per-key and per-tier 429s are the exception: they keep the
 * object every other route answers (`{detail:{error:'rate_limit_exceeded', message, limit_rpm…}}`),
 * so one client-side handler reads the limit and its scope wherever it was hit.
 */
export const voiceErrorEnvelope: ErrorRequestHandler = (err, _req, _res, next) => {
  if (!(err instanceof ApiError) || isDetailString(err.body) || isAccountRateLimit(err)) return next(err);
  next(new ApiError(err.status, { detail: messageOf(err.body) ?? err.message }, err.headers));
};

function isAccountRateLimit(err: ApiError): boolean {
  const detail = (err.body as { detail?: { error?: unknown } } | null)?.detail;
  return err.status === 429 && typeof detail === 'object' && detail !== null && detail.error === 'rate_limit_exceeded';
}

function isDetailString(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string';
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return typeof body === 'string' ? body : undefined;
  const b = body as { detail?: unknown; error?: unknown };
  for (const part of [b.detail, b.error]) {
    if (typeof part === 'string') return part;
    if (typeof part === 'object' && part !== null && typeof (part as { message?: unknown }).message === 'string') {
      return (part as { message: string }).message;
    }
  }
  if (Array.isArray(b.detail)) {
    return b.detail.map((i: { loc?: unknown[]; msg?: string }) => `${(i.loc ?? []).join('.')}: ${i.msg ?? 'invalid'}`).join('; ');
  }
  return undefined;
}
