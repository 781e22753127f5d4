import { coded, type ApiError } from '../../infra/http/errors';

/** Connection-level failures: the S3 server (or its admin API) was never reached or went away mid-request. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/**
 * True when `err` says the storage server could not be reached, as opposed to an answer from it:
 * the AWS SDK's Node handler rejects with the socket error (`code`) or a `TimeoutError`; fetch
 * (the versitygw admin API) rejects with a TypeError whose `cause` carries the code, or a
 * TimeoutError from its abort signal.
 */
export function isStorageUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (name === 'TimeoutError') return true;
  }
  return false;
}

/** 503 in the coded envelope; the original error rides along as `cause` for the log, never for the client. */
export function storageUnavailable(cause: unknown): ApiError {
  const err = coded(503, 'storage_unavailable', 'The storage server cannot be reached right now; retry with backoff.', {}, { 'Retry-After': '5' });
  return Object.assign(err, { cause });
}

/** Rethrows connection failures as `storageUnavailable`, anything else as it was. */
export function asStorageError(err: unknown): unknown {
  return isStorageUnreachable(err) ? storageUnavailable(err) : err;
}
