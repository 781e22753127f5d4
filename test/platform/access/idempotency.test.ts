// Idempotency: the middleware on real Postgres, behind a small app with handlers
// that count their runs, and through the real API (key creation).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../src/infra/http/error-middleware';
import { createLogger } from '../../../src/infra/logging/logger';
import { IDEMPOTENCY_WINDOW_MS, idempotency, requestHash, scopedKey } from '../../../src/platform/idempotency/middleware';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
let server: Server;
let base: string;
let clock = Date.now();
const runs: Record<string, number> = {};
let releaseSlow: () => void = () => undefined;

beforeAll(async () => {
  stack = await startStack();
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    req.auth = { accountId: stack.accountId, via: 'api_key', key: null, sandbox: false };
    next();
  });
  app.use(idempotency(stack.atelier.deps.db, { now: () => clock }));
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  app.post('/count', (req, res) => {
    const n = count('count');
    res.setHeader('X-Custom', 'kept');
    res.status(201).json({ n, echo: req.body });
  });
  app.post('/flaky', (_req, res) => {
    if (count('flaky') === 1) throw new Error('boom');
    res.json({ ok: true });
  });
  app.post('/pay', (_req, res) => {
    if (count('pay') === 1) res.status(402).json({ detail: { error: 'insufficient_funds' } });
    else res.json({ paid: true });
  });
  app.post('/slow', async (_req, res) => {
    count('slow');
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    res.json({ slow: true });
  });
  app.post('/stream', (_req, res) => {
    count('stream');
    res.setHeader('content-type', 'text/event-stream');
    res.write('data: one\n\n');
    res.end('data: two\n\n');
  });
  app.use(errorHandler(createLogger('silent')));
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stack?.close();
});

async function post(path: string, key: string | undefined, body: unknown = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['x-idempotency-key'] = key;
  const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text.startsWith('data') ? '""' : text) : undefined };
}

const uniq = () => `idem-${Math.random().toString(36).slice(2)}`;

describe('idempotency middleware', () => {
  it('replays the original response (status, body, headers) without running the handler again', async () => {
    const key = uniq();
    const before = runs.count ?? 0;
    const first = await post('/count', key, { a: 1, b: 2 });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replay')).toBeNull();
    const second = await post('/count', key, { b: 2, a: 1 });
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect(second.headers.get('x-custom')).toBe('kept');
    expect(second.headers.get('content-type')).toMatch(/application\/json/);
    expect(runs.count).toBe(before + 1);
    // Without the header, or with another key, the handler runs.
    await post('/count', undefined);
    await post('/count', uniq());
    expect(runs.count).toBe(before + 3);
  });

  it('refuses the same key with a different body with 422', async () => {
    const key = uniq();
    await post('/count', key, { a: 1 });
    const r = await post('/count', key, { a: 2 });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      { type: 'idempotency_key_reused', loc: ['header', 'X-Idempotency-Key'], msg: expect.any(String), input: key },
    ]);
  });

  it('answers 409 with Retry-After while the first request runs, then replays', async () => {
    const key = uniq();
    const first = post('/slow', key);
    await new Promise((r) => setTimeout(r, 150));
    const during = await post('/slow', key);
    expect(during.status).toBe(409);
    expect(during.body).toEqual({ detail: { error: 'idempotency_in_progress', message: expect.any(String) } });
    expect(during.headers.get('retry-after')).toBe('1');
    releaseSlow();
    expect((await first).status).toBe(200);
    const after = await post('/slow', key);
    expect(after.headers.get('idempotent-replay')).toBe('true');
    expect(runs.slow).toBe(1);
  });

  it('releases the key after a 5xx (and a 402), so a retry runs', async () => {
    const key = uniq();
    expect((await post('/flaky', key)).status).toBe(500);
    const retry = await post('/flaky', key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replay')).toBeNull();
    expect(runs.flaky).toBe(2);
    const payKey = uniq();
    expect((await post('/pay', payKey)).status).toBe(402);
    expect((await post('/pay', payKey)).body).toEqual({ paid: true });
  });

  it('does not capture streams: they are marked non-replayable', async () => {
    const key = uniq();
    const first = await post('/stream', key);
    expect(first.text).toBe('data: one\n\ndata: two\n\n');
    // A stream's bytes are already sent when its outcome is recorded, so the row may still read
    // in_progress for a moment after the client has the whole body (a retry then gets 409 in progress).
    const readRow = () => stack.atelier.deps.db.selectFrom('idempotency_keys').selectAll().where('key', '=', scopedKey({ via: 'api_key', key: null }, key)).executeTakeFirstOrThrow();
    let row = await readRow();
    for (let i = 0; i < 100 && row.status === 'in_progress'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = await readRow();
    }
    expect(row.status).toBe('not_replayable');
    expect(row.response_body).toBeNull();
    const again = await post('/stream', key);
    expect(again.status).toBe(409);
    expect(again.body.detail.error).toBe('idempotency_not_replayable');
    expect(runs.stream).toBe(1);
  });

  it('forgets a key after 24 hours (injected clock)', async () => {
    const key = uniq();
    const before = runs.count ?? 0;
    await post('/count', key);
    clock += IDEMPOTENCY_WINDOW_MS - 1000;
    expect((await post('/count', key)).headers.get('idempotent-replay')).toBe('true');
    clock += 1000;
    const fresh = await post('/count', key);
    expect(fresh.headers.get('idempotent-replay')).toBeNull();
    expect(runs.count).toBe(before + 2);
  });
});

describe('idempotency through the API', () => {
  it('a repeated key creation returns the same key and creates one row', async () => {
    const key = uniq();
    const body = { name: 'idempotent', type: 'read-only' };
    const first = await stack.api('POST', '/v1/auth/keys', { body, headers: { 'x-idempotency-key': key } });
    const second = await stack.api('POST', '/v1/auth/keys', { body, headers: { 'x-idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    // Delivery headers are fresh, not replayed.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('x-tier')).toBe('payg-standard');
    const rows = await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('name', '=', 'idempotent').execute();
    expect(rows).toHaveLength(1);
    const other = await stack.api('POST', '/v1/auth/keys', { body: { ...body, name: 'other' }, headers: { 'x-idempotency-key': key } });
    expect(other.status).toBe(422);
  });

  it('keys are per account: another account may use the same key', async () => {
    const key = uniq();
    const acct = await stack.newAccount();
    const a = await stack.api('POST', '/v1/auth/keys', { body: { name: 'a', type: 'read-only' }, headers: { 'x-idempotency-key': key } });
    const b = await stack.api('POST', '/v1/auth/keys', { key: acct.key, body: { name: 'a', type: 'read-only' }, headers: { 'x-idempotency-key': key } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replay')).toBeNull();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('a request still in progress elsewhere answers 409 with Retry-After', async () => {
    const key = uniq();
    const body = { name: 'racing', type: 'read-only' };
    const admin = await stack.atelier.deps.db.selectFrom('api_keys').selectAll().where('account_id', '=', stack.accountId).where('type', '=', 'admin').orderBy('created_at').executeTakeFirst();
    await stack.atelier.deps.db
      .insertInto('idempotency_keys')
      .values({
        account_id: stack.accountId,
        key: scopedKey({ via: 'api_key', key: admin ?? null }, key),
        request_hash: requestHash('POST', '/v1/auth/keys', body),
        status: 'in_progress',
        response_status: null,
        response_headers: null,
        response_body: null,
        completed_at: null,
      })
      .execute();
    const r = await stack.api('POST', '/v1/auth/keys', { body, headers: { 'x-idempotency-key': key } });
    expect(r.status).toBe(409);
    expect(r.body.detail.error).toBe('idempotency_in_progress');
    expect(r.headers.get('retry-after')).toBe('1');
  });

  it('ignores the header on GET', async () => {
    const key = uniq();
    await stack.api('GET', '/v1/billing/balance', { headers: { 'x-idempotency-key': key } });
    const rows = await stack.atelier.deps.db.selectFrom('idempotency_keys').select('id').where('key', 'like', `% ${key}`).execute();
    expect(rows).toEqual([]);
  });

  it('a replay is per credential: another key of the account replaying an admin call runs its own checks and gets no secret', async () => {
    const idem = uniq();
    const body = { name: 'admin made', type: 'admin' };
    const first = await stack.api('POST', '/v1/auth/keys', { body, headers: { 'x-idempotency-key': idem } });
    expect(first.status).toBe(201);
    expect(typeof first.body.key).toBe('string');
    for (const type of ['write', 'read-only'] as const) {
      const made = await stack.api('POST', '/v1/auth/keys', { body: { name: `replayer ${type}`, type } });
      expect(made.status).toBe(201);
      const replayed = await stack.api('POST', '/v1/auth/keys', { key: made.body.key, body, headers: { 'x-idempotency-key': idem } });
      expect(replayed.headers.get('idempotent-replay'), type).toBeNull();
      expect(replayed.status, type).toBe(403);
      expect(replayed.text).not.toContain(first.body.key);
    }
    const rows = await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('name', '=', 'admin made').execute();
    expect(rows).toHaveLength(1);
  });
});
