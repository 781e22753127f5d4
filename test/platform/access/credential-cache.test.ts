// The credential cache (src/platform/auth/credential-cache.ts) keeps API keys in memory between
// requests; these tests hold it to "immediate": a revocation, scope, IP, status or balance change
// committed before a request is seen by that request, on the process that made the change and on
// a second Atelier process on the same database, whichever way the change was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../../src/infra/db/listener';
import { hashApiKey } from '../../../src/platform/auth/api-keys';
import { startAtelier, type Atelier } from '../../../src/runtime';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
/** A second API process on the same database (no worker), as a scaled-out deployment runs them. */
let second: Atelier;
let session: string;

beforeAll(async () => {
  stack = await startStack();
  second = await startAtelier({ ...stack.config, role: 'api', port: 0 });
  const login = await stack.api('POST', '/v1/console/login', {
    key: null,
    body: { email: 'owner@atelier.local', password: 'correct horse battery staple' },
  });
  expect(login.status).toBe(200);
  session = login.body.token;
});
afterAll(async () => {
  await second?.stop();
  await stack?.close();
});

type Side = 'first' | 'second';
const base = (side: Side) => (side === 'first' ? stack.url : second.url!);

async function call(side: Side, method: string, path: string, key: string, headers: Record<string, string> = {}) {
  const res = await fetch(base(side) + path, { method, headers: { authorization: `Bearer ${key}`, ...headers } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function createKey(body: Record<string, unknown>) {
  const r = await stack.api('POST', '/v1/auth/keys', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; key: string };
}

/** Both processes have served the key once, so each holds it in its cache. */
async function warm(key: string) {
  for (const side of ['first', 'second'] as const) {
    expect((await call(side, 'GET', '/v1/billing/balance', key)).status).toBe(200);
    expect((await call(side, 'GET', '/v1/billing/balance', key)).status).toBe(200);
  }
  expect(stack.atelier.deps.credentials?.get(hashApiKey(key))).toBeDefined();
  expect(second.deps.credentials?.get(hashApiKey(key))).toBeDefined();
}

describe('credential cache: changes reach the next request on every process', () => {
  it('both API processes listen and cache keys they have served', async () => {
    expect(stack.atelier.deps.credentials?.connected).toBe(true);
    expect(second.deps.credentials?.connected).toBe(true);
    const k = await createKey({ name: 'cached', type: 'read-only' });
    await warm(k.key);
    // Bookkeeping that does not change access (last_used_at) leaves the cached key in place.
    const cached = second.deps.credentials!.get(hashApiKey(k.key));
    await stack.atelier.deps.db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', k.id).execute();
    expect((await call('second', 'GET', '/v1/billing/balance', k.key)).status).toBe(200);
    expect(second.deps.credentials!.get(hashApiKey(k.key))).toBe(cached);
  });

  it('revocation through the API on one process: the very next request on either answers 401', async () => {
    // Several keys, alternating which process revokes and which is asked first, to give a race a chance to show.
    for (let i = 0; i < 6; i++) {
      const k = await createKey({ name: `revoked ${i}`, type: 'write' });
      await warm(k.key);
      const revoker: Side = i % 2 === 0 ? 'first' : 'second';
      const other: Side = revoker === 'first' ? 'second' : 'first';
      expect((await call(revoker, 'DELETE', `/v1/auth/keys/${k.id}`, stack.adminKey)).status).toBe(200);
      const next = await call(other, 'GET', '/v1/billing/balance', k.key);
      expect(next.status).toBe(401);
      expect(next.body).toEqual({ error: { code: 'invalid_api_key', message: 'API key has been revoked', type: 'authentication_error' } });
      expect((await call(revoker, 'GET', '/v1/billing/balance', k.key)).status).toBe(401);
    }
  });

  it('revocation written straight to the database (another service) is seen by the next request', async () => {
    const db = stack.atelier.deps.db;
    for (let i = 0; i < 4; i++) {
      const k = await createKey({ name: `db revoked ${i}`, type: 'admin' });
      await warm(k.key);
      await db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', k.id).execute();
      expect((await call(i % 2 === 0 ? 'second' : 'first', 'GET', '/v1/billing/balance', k.key)).status).toBe(401);
    }
    // Expiry moved into the past, and a deleted row.
    const expiring = await createKey({ name: 'expiring', type: 'admin' });
    await warm(expiring.key);
    await db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', expiring.id).execute();
    const expired = await call('second', 'GET', '/v1/billing/balance', expiring.key);
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe('API key has expired');
    const deleted = await createKey({ name: 'deleted', type: 'admin' });
    await warm(deleted.key);
    await db.deleteFrom('api_key_daily_requests').where('key_id', '=', deleted.id).execute();
    await db.deleteFrom('api_keys').where('id', '=', deleted.id).execute();
    expect((await call('second', 'GET', '/v1/billing/balance', deleted.key)).status).toBe(401);
  });

  it('scope and IP changes through PATCH apply on the other process at once', async () => {
    const k = await createKey({ name: 'narrowed', type: 'admin' });
    await warm(k.key);
    const scoped = await fetch(`${stack.url}/v1/auth/keys/${k.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['images'] }),
    });
    expect(scoped.status).toBe(200);
    const refused = await call('second', 'GET', '/v1/billing/balance', k.key);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatchObject({ error: 'insufficient_scope', required_scope: 'billing' });

    const k2 = await createKey({ name: 'fenced', type: 'admin' });
    await warm(k2.key);
    const fenced = await fetch(`${second.url}/v1/auth/keys/${k2.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ allowedIps: ['203.0.113.7'] }),
    });
    expect(fenced.status).toBe(200);
    const outside = await call('first', 'GET', '/v1/billing/balance', k2.key);
    expect(outside.status).toBe(403);
    expect(outside.body.detail.error).toBe('ip_not_allowed');
  });

  it('balance and account status changes are current on the next request', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    await warm(acct.key);
    const db = stack.atelier.deps.db;
    for (const usd of [7.25, 3.5, 12]) {
      await db.updateTable('accounts').set({ balance_micros: usd * 1_000_000 }).where('id', '=', acct.accountId).execute();
      for (const side of ['first', 'second'] as const) {
        const r = await call(side, 'GET', '/v1/billing/balance', acct.key);
        expect(r.status).toBe(200);
        expect(r.body.balance_usd).toBe(usd);
      }
    }
    await db.updateTable('accounts').set({ status: 'suspended' }).where('id', '=', acct.accountId).execute();
    const suspended = await call('second', 'GET', '/v1/billing/balance', acct.key);
    expect(suspended.status).toBe(403);
    expect(suspended.body.detail.error).toBe('account_suspended');
  });

  it('a read that a change overtook is not kept', async () => {
    const cache = second.deps.credentials!;
    const k = await createKey({ name: 'overtaken', type: 'admin' });
    expect(await cache.sync()).toBe(true);
    const mark = cache.mark();
    // A change to any key lands after the read began …
    await stack.atelier.deps.db.updateTable('api_keys').set({ name: 'renamed' }).where('id', '=', k.id).execute();
    expect(await cache.sync()).toBe(true);
    // … so what was read before it is not cached.
    const row = (await stack.atelier.deps.db.selectFrom('api_keys').selectAll().where('id', '=', k.id).executeTakeFirstOrThrow()) as never;
    cache.put(hashApiKey(k.key), { accountId: stack.accountId, key: row, account: { balanceMicros: 0, lifetimeSpendMicros: 0, tierOverride: null, status: 'active' } }, mark);
    expect(cache.get(hashApiKey(k.key))).toBeUndefined();
  });

  it('each process has one LISTEN connection, shared by the credential cache and the run event hub', async () => {
    const { sql } = await import('kysely');
    const backends = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME} order by pid`.execute(stack.atelier.deps.db);
    const pids = [stack.atelier.deps.listener!.backendPid, second.deps.listener!.backendPid].sort((a, b) => a! - b!);
    expect(backends.rows.map((r) => r.pid)).toEqual(pids);
    for (const atelier of [stack.atelier, second]) {
      expect(atelier.deps.credentials!.connected).toBe(true);
      expect(atelier.deps.runEvents!.connected).toBe(true);
    }
  });

  it('after the LISTEN connection drops and comes back the cache starts empty, and revocation stays immediate', async () => {
    const { sql } = await import('kysely');
    const k = await createKey({ name: 'reconnected', type: 'admin' });
    await warm(k.key);
    const cache = second.deps.credentials!;
    const pid = second.deps.listener!.backendPid!;
    await sql`select pg_terminate_backend(${pid})`.execute(stack.atelier.deps.db);
    const until = Date.now() + 20_000;
    while (!(cache.connected && second.deps.listener!.backendPid !== pid)) {
      expect(Date.now()).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Changes made while it was down were not heard: nothing read before is kept.
    expect(cache.get(hashApiKey(k.key))).toBeUndefined();
    expect((await call('second', 'GET', '/v1/billing/balance', k.key)).status).toBe(200);
    expect(cache.get(hashApiKey(k.key))).toBeDefined();
    await stack.atelier.deps.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', k.id).execute();
    expect((await call('second', 'GET', '/v1/billing/balance', k.key)).status).toBe(401);
  });

  it('without its LISTEN connection a process reads every key from the database', async () => {
    const k = await createKey({ name: 'uncached', type: 'admin' });
    await warm(k.key);
    const cache = second.deps.credentials!;
    await cache.stop();
    expect(cache.connected).toBe(false);
    // The connection itself stays: the run event hub still listens on it.
    expect(second.deps.runEvents!.connected).toBe(true);
    expect(cache.size).toBe(0);
    expect(await cache.sync()).toBe(false);
    expect((await call('second', 'GET', '/v1/billing/balance', k.key)).status).toBe(200);
    expect(cache.get(hashApiKey(k.key))).toBeUndefined();
    await stack.atelier.deps.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', k.id).execute();
    expect((await call('second', 'GET', '/v1/billing/balance', k.key)).status).toBe(401);
  });
});
