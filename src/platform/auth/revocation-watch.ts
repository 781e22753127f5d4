import type { RequestHandler, Response } from 'express';
import type { Database } from '../../infra/db/index';
import { isKeyStillValid } from './keys-service';

export const REVOCATION_CHECK_MS = 5_000;

/** One watched response: `res` is cleared when it closes, so a finished response is not kept alive. */
interface Watched {
  res: Response | null;
  keyId: string;
  /** When its key is next re-read (ms). */
  due: number;
}

/**
 * Revocation is immediate — "in-flight requests with the key fail". Every response
 * still open after a few seconds (SSE streams, long polls) re-reads its key at that interval; once
 * the key is revoked or expired, a stream gets a final `error` event and is closed, so the
 * client's reconnect meets the 401.
 *
 * Short requests must cost next to nothing: no timer per request. Every watched response gets the
 * same interval, so due times grow in arrival order and one FIFO queue with one process-wide timer
 * (armed for the head, at most every interval/10) serves them all; a request that ends before its
 * first check costs one queue slot and a `close` listener.
 */
export function watchRevocation(db: Database, opts: { intervalMs?: number } = {}): RequestHandler {
  const every = opts.intervalMs ?? REVOCATION_CHECK_MS;
  // Checks may run up to this much after they are due; bounds the timer to a few wake-ups per interval.
  const slack = Math.max(1, Math.floor(every / 10));
  let queue: (Watched | undefined)[] = [];
  let head = 0;
  let timer: NodeJS.Timeout | undefined;

  const isOpen = (res: Response) => !res.writableEnded && !res.destroyed;

  const arm = () => {
    if (timer || head >= queue.length) return;
    timer = setTimeout(tick, Math.max(slack, queue[head]!.due - Date.now()));
    timer.unref();
  };

  const tick = () => {
    timer = undefined;
    const now = Date.now();
    while (head < queue.length && queue[head]!.due <= now) {
      const watched = queue[head]!;
      queue[head++] = undefined;
      if (watched.res && isOpen(watched.res)) void check(watched);
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    arm();
  };

  const check = async (watched: Watched) => {
    const valid = await isKeyStillValid(db, watched.keyId).catch(() => true);
    const res = watched.res;
    if (!res || !isOpen(res)) return;
    // Until a response has started there is nothing to cut: the handler finishes as usual.
    if (!valid && res.headersSent) return endRevoked(res);
    // Due times stay in arrival order: every entry still queued is due before now + every.
    watched.due = Date.now() + every;
    queue.push(watched);
    arm();
  };

  return (req, res, next) => {
    const keyId = req.auth?.key?.id;
    if (!keyId) return next();
    const watched: Watched = { res, keyId, due: Date.now() + every };
    queue.push(watched);
    // 'close' follows 'finish' on a completed response and also marks an aborted one.
    res.once('close', () => {
      watched.res = null;
    });
    arm();
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
