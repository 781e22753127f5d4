import type { RequestHandler, Response } from 'express';
import type { Database } from '../db/index';
import { isKeyStillValid } from './keys-service';

export const REVOCATION_CHECK_MS = 5_000;

/**
 * seed 000 §3: revocation is immediate — "in-flight requests with the key fail". Every response
 * still open after a few seconds (SSE streams, long polls) re-reads its key at that interval; once
 * the key is revoked or expired, a stream gets a final `error` event and is closed, so the
 * client's reconnect meets the 401. Short requests end before the first check and cost one timer.
 */
export function watchRevocation(db: Database, opts: { intervalMs?: number } = {}): RequestHandler {
  const every = opts.intervalMs ?? REVOCATION_CHECK_MS;
  return (req, res, next) => {
    const keyId = req.auth?.key?.id;
    if (!keyId) return next();
    let timer: NodeJS.Timeout | undefined;
    const open = () => !res.writableEnded && !res.destroyed;
    const schedule = () => {
      timer = setTimeout(() => void check(), every);
      timer.unref();
    };
    const check = async () => {
      timer = undefined;
      if (!open()) return;
      const valid = await isKeyStillValid(db, keyId).catch(() => true);
      if (!open()) return;
      // Until a response has started there is nothing to cut: the handler finishes as usual.
      if (!valid && res.headersSent) return endRevoked(res);
      schedule();
    };
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    res.once('finish', stop);
    res.once('close', stop);
    schedule();
    next();
  };
}

function endRevoked(res: Response): void {
  if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
    const error = { error: { code: 'invalid_api_key', message: 'API key has been revoked or has expired', type: 'authentication_error' } };
    res.write(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
  }
  res.end();
}
