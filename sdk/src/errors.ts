/**
 * Every refusal the API answers, as one error type. `code` is the machine-readable code where the
 * body carries one (`insufficient_funds`, `rate_limit_exceeded`, `authentication_required`,
 * `plan_required`…) or, when the body has only a message, the status's meaning (`not_found`,
 * `conflict`…), `body` the parsed body as sent, `requestId` the server's X-Request-Id.
 */
export class AtelierError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait (429, 409 while an idempotent request is in flight). */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers: Headers) {
    const { code, message } = describe(status, body);
    super(message);
    this.name = 'AtelierError';
    this.status = status;
    this.code = code ?? STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : undefined);
    this.body = body;
    this.requestId = headers.get('x-request-id') ?? undefined;
    const retry = Number(headers.get('retry-after'));
    this.retryAfter = Number.isFinite(retry) && headers.has('retry-after') ? retry : undefined;
  }

  get isPaymentRequired() { return this.status === 402; }
  get isRateLimited() { return this.status === 429; }
  get isValidation() { return this.status === 422; }
  /** The 422 list: each problem with its location, e.g. `['body', 'spec', 'nodes', 0, 'type']`. */
  get issues(): Array<{ type: string; loc: Array<string | number>; msg: string; input: unknown }> {
    const detail = (this.body as { detail?: unknown } | null)?.detail;
    return Array.isArray(detail) ? detail : [];
  }
}

/**
 * The code of a refusal whose body carries only a message (`{"detail": "Not Found"}`): the
 * status's meaning, so `code` is always set for the statuses the API answers.
 */
const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'authentication_required',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limit_exceeded',
  503: 'service_unavailable',
};

function describe(status: number, body: unknown): { code?: string; message: string } {
  const b = body as Record<string, unknown> | null;
  const detail = b?.detail;
  if (typeof detail === 'string') return { message: `${status}: ${detail}` };
  if (Array.isArray(detail)) {
    const first = detail[0] as { loc?: unknown[]; msg?: string } | undefined;
    return { code: 'validation_failed', message: `${status}: ${first?.msg ?? 'invalid request'} at ${(first?.loc ?? []).join('.')}${detail.length > 1 ? ` (+${detail.length - 1} more)` : ''}` };
  }
  if (detail && typeof detail === 'object') {
    const d = detail as { error?: string; code?: string; message?: string };
    return { code: d.code ?? d.error, message: `${status}: ${d.message ?? d.error ?? 'request refused'}` };
  }
  const error = b?.error;
  if (typeof error === 'string') return { code: status === 429 ? 'rate_limit_exceeded' : error, message: `${status}: ${error}` };
  if (error && typeof error === 'object') {
    const e = error as { code?: string; message?: string };
    return { code: e.code, message: `${status}: ${e.message ?? e.code ?? 'request refused'}` };
  }
  return { message: `${status}: ${typeof body === 'string' && body ? body.slice(0, 200) : 'request failed'}` };
}

/**
 * The server could not be reached at all (after the retries): `url` is the URL tried, `code` the
 * cause's code (`ECONNREFUSED`, `ENOTFOUND`, `ETIMEDOUT`, `CERT_HAS_EXPIRED`,
 * `DEPTH_ZERO_SELF_SIGNED_CERT`, `UND_ERR_CONNECT_TIMEOUT`…) where the runtime gives one, and the
 * message says both, e.g. `could not reach http://localhost:3999/v1/auth/keys: ECONNREFUSED
 * (connect ECONNREFUSED 127.0.0.1:3999)`.
 */
export class AtelierConnectionError extends Error {
  readonly url: string;
  readonly code: string | undefined;

  constructor(url: string, cause: unknown) {
    const { code, reason } = rootCause(cause);
    super(`could not reach ${url}: ${code ? `${code} (${reason})` : reason}`, { cause });
    this.name = 'AtelierConnectionError';
    this.url = url;
    this.code = code;
  }
}

/** The innermost cause with a code: fetch wraps the socket's error as `TypeError: fetch failed`. */
function rootCause(err: unknown): { code: string | undefined; reason: string } {
  let code: string | undefined;
  let reason = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const c = (e as { code?: unknown }).code;
    // Several addresses tried (localhost as ::1 and 127.0.0.1): each failure, not the wrapper.
    const inner = e instanceof AggregateError ? e.errors.map((x: unknown) => (x instanceof Error ? x.message : String(x))).join('; ') : undefined;
    if (typeof c === 'string') code = c;
    const message = inner || (e instanceof Error ? e.message : '');
    if (message && message !== 'fetch failed') reason = message;
  }
  return { code, reason };
}
