import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import type { IdempotencyKey } from '../../infra/db/schema/index';
import { coded, validationFailed } from '../../infra/http/errors';
import type { AuthContext } from '../auth/context';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A claim older than this whose request never finished (process crash) may be taken over. */
export const STALE_CLAIM_MS = 10 * 60 * 1000;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Headers that describe this delivery, not the result: never stored, set afresh on a replay. */
const VOLATILE_HEADERS = /^(x-request-id|x-ratelimit-.*|retry-after|x-tier|date|connection|keep-alive|transfer-encoding|content-length|idempotent-replay)$/i;

export interface IdempotencyOptions {
  now?: () => number;
}

/**
 * `X-Idempotency-Key` on mutation requests (after authentication, so keys are per account and
 * credential: see scopedKey). The
 * first request claims the key in Postgres and runs; its response is stored and replayed for 24
 * hours with `Idempotent-Replay: true` — the handler does not run again, so nothing is charged
 * twice. A 5xx (and 402, 409, 429, which a retry can turn around) releases the key so the client
 * can retry. Streaming responses are not replayable.
 */
export function idempotency(db: Database, opts: IdempotencyOptions = {}): RequestHandler {
  const now = opts.now ?? Date.now;
  return async (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    const key = req.header('x-idempotency-key');
    if (key === undefined) return next();
    if (key.length === 0 || key.length > 255) {
      throw validationFailed([
        { type: 'string_length', loc: ['header', 'X-Idempotency-Key'], msg: 'X-Idempotency-Key must be 1 to 255 characters', input: key },
      ]);
    }
    const accountId = req.auth!.accountId;
    const hash = requestHash(req.method, req.originalUrl, req.body);

    const claimed = await claim(db, accountId, scopedKey(req.auth!, key), hash, now());
    if ('existing' in claimed) {
      const row = claimed.existing;
      if (row.request_hash !== hash) {
        throw validationFailed([
          {
            type: 'idempotency_key_reused',
            loc: ['header', 'X-Idempotency-Key'],
            msg: 'This idempotency key was already used with a different request (method, path or body).',
            input: key,
          },
        ]);
      }
      if (row.status === 'in_progress') {
        throw coded(409, 'idempotency_in_progress', 'A request with this idempotency key is still being processed. Retry after a moment.', {}, { 'Retry-After': '1' });
      }
      if (row.status === 'not_replayable') {
        throw coded(409, 'idempotency_not_replayable', 'A request with this idempotency key already ran and streamed its response, which cannot be replayed.');
      }
      replay(res, row);
      return;
    }
    capture(db, res, claimed.id);
    next();
  };
}

/**
 * The key as stored: scoped to the credential that sent it. A replay hands back what the first
 * request's handler answered (a new key's secret, a bucket's credentials) without running the
 * route's checks again, so another credential of the account (a sandbox or bucket key replaying an
 * admin call) must never match it: its request runs afresh, through every check, as a new one.
 */
export function scopedKey(auth: Pick<AuthContext, 'via' | 'key' | 'email'>, key: string): string {
  const credential = auth.key ? `key:${auth.key.id}` : `${auth.via}:${auth.email ?? ''}`;
  return `${credential} ${key}`;
}

async function claim(db: Database, accountId: string, key: string, hash: string, nowMs: number): Promise<{ id: number } | { existing: IdempotencyKey }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ account_id: accountId, key, request_hash: hash, status: 'in_progress', response_status: null, response_headers: null, response_body: null, completed_at: null, created_at: new Date(nowMs) })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id };
    const existing = await db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
    if (!existing) continue; // released meanwhile: claim again
    const age = nowMs - existing.created_at.getTime();
    const expired = age >= IDEMPOTENCY_WINDOW_MS || (existing.status === 'in_progress' && age >= STALE_CLAIM_MS);
    if (!expired) return { existing };
    await db.deleteFrom('idempotency_keys').where('id', '=', existing.id).execute();
  }
  throw coded(409, 'idempotency_in_progress', 'A request with this idempotency key is still being processed. Retry after a moment.', {}, { 'Retry-After': '1' });
}

function replay(res: Response, row: IdempotencyKey): void {
  for (const [name, value] of Object.entries(row.response_headers ?? {})) res.setHeader(name, value);
  res.setHeader('Idempotent-Replay', 'true');
  res.status(row.response_status ?? 200);
  res.end(row.response_body ?? undefined);
}

type EndArgs = Parameters<Response['end']>;

/**
 * Wraps `res.write`/`res.end` to keep the response body, and stores it before the response is
 * finished, so a client that retries the moment it has an answer finds the replay ready.
 */
function capture(db: Database, res: Response, id: number): void {
  const chunks: Buffer[] = [];
  let streaming = false;
  const isStream = () => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : chunk instanceof Uint8Array ? Buffer.from(chunk) : null;

  const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
  const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { write: (...a: unknown[]) => boolean }).write = (...args: unknown[]) => {
    if (!streaming && isStream()) streaming = true;
    if (!streaming) {
      const b = toBuffer(args[0], args[1]);
      if (b) chunks.push(b);
    } else if (chunks.length > 0) chunks.length = 0;
    return originalWrite(...args);
  };
  (res as unknown as { end: (...a: EndArgs) => Response }).end = ((...args: unknown[]) => {
    if (!streaming && isStream()) streaming = true;
    if (!streaming && args[0] !== undefined && typeof args[0] !== 'function') {
      const b = toBuffer(args[0], args[1]);
      if (b) chunks.push(b);
    }
    const status = res.statusCode;
    const finish = releases(status)
      ? db.deleteFrom('idempotency_keys').where('id', '=', id).execute()
      : db
          .updateTable('idempotency_keys')
          .set({
            status: streaming ? 'not_replayable' : 'completed',
            response_status: status,
            response_headers: streaming ? null : JSON.stringify(storedHeaders(res)),
            response_body: streaming ? null : Buffer.concat(chunks),
            completed_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .execute();
    // Streams have already sent their bytes: close them at once and record the outcome behind.
    if (streaming) {
      void finish.catch(() => undefined);
      return originalEnd(...args);
    }
    finish
      .catch(() => undefined)
      .finally(() => originalEnd(...args));
    return res;
  }) as Response['end'];
}

/** Outcomes a retry can change (server errors, payment, conflicts, limits) free the key instead of being replayed. */
function releases(status: number): boolean {
  return status >= 500 || status === 402 || status === 409 || status === 429;
}

function storedHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || VOLATILE_HEADERS.test(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** Method, path with query, and the body with keys sorted, so key order never changes the hash. */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${url}\n${stableJson(body ?? null)}`).digest('hex');
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
