// API keys: create, list, revoke, PATCH, rotate, bucket keys, and
// what a key may reach — type, scope, IP allowlist, referrers, expiry, revocation, isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/platform/accounts/accounts';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { authenticate } from '../../../src/platform/auth/authenticate';
import { isKeyStillValid } from '../../../src/platform/auth/keys-service';
import { watchRevocation } from '../../../src/platform/auth/revocation-watch';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
let session: string;
beforeAll(async () => {
  // The IP allowlist test below sends X-Forwarded-For through a trusted loopback proxy.
  stack = await startStack({ TRUST_PROXY: 'loopback' });
  const login = await stack.api('POST', '/v1/console/login', {
    key: null,
    body: { email: 'owner@atelier.local', password: 'correct horse battery staple' },
  });
  expect(login.status).toBe(200);
  session = login.body.token;
});
afterAll(async () => {
  await stack?.close();
});

const KEY_FIELDS = ['id', 'object', 'name', 'type', 'environment', 'key', 'prefix', 'scopes', 'allowed_ips', 'expires_at', 'metadata', 'created_at', 'last_used_at'];
const ALL_SCOPES = ['images', 'video', 'chat', 'audio', 'storage', 'compute', 'billing', 'keys'];

async function createKey(body: Record<string, unknown>, key?: string | null) {
  const r = await stack.api('POST', '/v1/auth/keys', { body, key });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; key: string; [k: string]: unknown };
}

describe('POST /v1/auth/keys', () => {
  it('answers 201 with exactly the fields, the full key once, and the defaults', async () => {
    const r = await stack.api('POST', '/v1/auth/keys', { body: { name: 'ci', type: 'write' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual([...KEY_FIELDS].sort());
    expect(r.body).toMatchObject({
      object: 'api_key',
      name: 'ci',
      type: 'write',
      environment: 'production',
      scopes: ALL_SCOPES,
      allowed_ips: [],
      expires_at: null,
      metadata: {},
      last_used_at: null,
    });
    expect(r.body.id).toMatch(/^key_/);
    expect(r.body.key).toMatch(/^svc_live_[A-Za-z0-9]{39}$/);
    expect(r.body.prefix.startsWith(r.body.key.slice(0, 9))).toBe(true);
    expect(r.body.prefix.endsWith(r.body.key.slice(-4))).toBe(true);
    expect(r.body.prefix).not.toContain(r.body.key.slice(14, 40));
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
  });

  it('creates sandbox keys with svc_test_ and keeps every given field', async () => {
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const k = await createKey({
      name: 'sb',
      type: 'read-only',
      environment: 'sandbox',
      scopes: ['images', 'chat'],
      allowed_ips: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'],
      expires_at: expires,
      metadata: { team: 'ml', env: 'staging' },
    });
    expect(k.key).toMatch(/^svc_test_/);
    expect(k.key).toHaveLength(48);
    expect(k).toMatchObject({
      environment: 'sandbox',
      scopes: ['images', 'chat'],
      allowed_ips: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'],
      expires_at: expires,
      metadata: { team: 'ml', env: 'staging' },
    });
  });

  it('validates every limit with 422 entries', async () => {
    const bad = async (body: Record<string, unknown>, loc: (string | number)[]) => {
      const r = await stack.api('POST', '/v1/auth/keys', { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc })]));
    };
    await bad({ type: 'admin' }, ['body', 'name']);
    await bad({ name: 'x'.repeat(65), type: 'admin' }, ['body', 'name']);
    await bad({ name: 'n' }, ['body', 'type']);
    await bad({ name: 'n', type: 'owner' }, ['body', 'type']);
    await bad({ name: 'n', type: 'admin', environment: 'staging' }, ['body', 'environment']);
    await bad({ name: 'n', type: 'admin', scopes: ['everything'] }, ['body', 'scopes', 0]);
    await bad({ name: 'n', type: 'admin', allowed_ips: ['not-an-ip'] }, ['body', 'allowed_ips', 0]);
    await bad({ name: 'n', type: 'admin', allowed_ips: ['10.0.0.0/33'] }, ['body', 'allowed_ips', 0]);
    await bad({ name: 'n', type: 'admin', allowed_ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, ['body', 'allowed_ips']);
    await bad({ name: 'n', type: 'admin', expires_at: 'tomorrow' }, ['body', 'expires_at']);
    await bad({ name: 'n', type: 'admin', expires_at: new Date(Date.now() - 1000).toISOString() }, ['body', 'expires_at']);
    await bad({ name: 'n', type: 'admin', metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])) }, ['body', 'metadata']);
    await bad({ name: 'n', type: 'admin', metadata: { k: 'v'.repeat(257) } }, ['body', 'metadata', 'k']);
    await bad({ name: 'n', type: 'admin', metadata: { k: 5 } }, ['body', 'metadata', 'k']);
  });

  it('needs an admin key or the owner session', async () => {
    const write = await createKey({ name: 'w', type: 'write' });
    const r = await stack.api('POST', '/v1/auth/keys', { body: { name: 'x', type: 'admin' }, key: write.key });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: { error: 'insufficient_permissions', message: expect.any(String), key_type: 'write', required_type: 'admin' } });
    const viaSession = await stack.api('POST', '/v1/auth/keys', { body: { name: 'x', type: 'admin' }, key: session });
    expect(viaSession.status).toBe(201);
  });

  it('allows at most 25 active keys per account', async () => {
    const other = await stack.newAccount(); // one active key already
    for (let i = 0; i < 24; i++) await createKey({ name: `k${i}`, type: 'read-only' }, other.key);
    const r = await stack.api('POST', '/v1/auth/keys', { body: { name: 'one too many', type: 'read-only' }, key: other.key });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      detail: { error: 'key_limit_reached', message: expect.any(String), max_keys: 25, upgrade_url: expect.stringContaining('/v1/tiers') },
    });
    // Revoked and expired keys do not count.
    const list = await stack.api('GET', '/v1/auth/keys?limit=100', { key: other.key });
    expect(list.body.total).toBe(25);
    const victim = list.body.data.find((k: { name: string }) => k.name === 'k0');
    expect((await stack.api('DELETE', `/v1/auth/keys/${victim.id}`, { key: other.key })).status).toBe(200);
    expect((await stack.api('POST', '/v1/auth/keys', { body: { name: 'fits again', type: 'read-only' }, key: other.key })).status).toBe(201);
  });
});

describe('GET /v1/auth/keys', () => {
  it('lists with status, requests_30d, filters and pagination, never the full key', async () => {
    const acct = await stack.newAccount();
    const a = await createKey({ name: 'a', type: 'read-only', environment: 'sandbox' }, acct.key);
    const b = await createKey({ name: 'b', type: 'write' }, acct.key);
    const c = await createKey({ name: 'c', type: 'write' }, acct.key);
    await stack.api('DELETE', `/v1/auth/keys/${c.id}`, { key: acct.key });
    const expired = await insertApiKey(stack.atelier.deps.db, {
      accountId: acct.accountId,
      name: 'old',
      type: 'write',
      environment: 'production',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (let i = 0; i < 3; i++) expect((await stack.api('GET', '/v1/billing/balance', { key: b.key })).status).toBe(200);

    const active = await stack.api('GET', '/v1/auth/keys', { key: acct.key });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ object: 'list', total: 3, has_more: false });
    expect(active.body.data.map((k: { name: string }) => k.name).sort()).toEqual(['a', 'b', 'test admin']);
    for (const k of active.body.data) {
      expect(k.key).toBeUndefined();
      expect(k.status).toBe('active');
      expect(typeof k.requests_30d).toBe('number');
    }
    const rowB = active.body.data.find((k: { id: string }) => k.id === b.id);
    expect(rowB.requests_30d).toBe(3);
    expect(rowB.last_used_at).not.toBeNull();
    expect(Object.keys(rowB).sort()).toEqual([...KEY_FIELDS.filter((f) => f !== 'key'), 'status', 'requests_30d'].sort());

    const revoked = await stack.api('GET', '/v1/auth/keys?status=revoked', { key: acct.key });
    expect(revoked.body.data.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([[c.id, 'revoked']]);
    const exp = await stack.api('GET', '/v1/auth/keys?status=expired', { key: acct.key });
    expect(exp.body.data.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([[expired.row.id, 'expired']]);

    const sandbox = await stack.api('GET', '/v1/auth/keys?environment=sandbox', { key: acct.key });
    expect(sandbox.body.data.map((k: { id: string }) => k.id)).toEqual([a.id]);
    const writes = await stack.api('GET', '/v1/auth/keys?type=write', { key: acct.key });
    expect(writes.body.data.map((k: { id: string }) => k.id)).toEqual([b.id]);

    const page1 = await stack.api('GET', '/v1/auth/keys?limit=2&offset=0', { key: acct.key });
    expect(page1.body).toMatchObject({ total: 3, has_more: true });
    expect(page1.body.data).toHaveLength(2);
    const page2 = await stack.api('GET', '/v1/auth/keys?limit=2&offset=2', { key: acct.key });
    expect(page2.body).toMatchObject({ total: 3, has_more: false });
    expect(page2.body.data).toHaveLength(1);

    expect((await stack.api('GET', '/v1/auth/keys?limit=101', { key: acct.key })).status).toBe(422);
    expect((await stack.api('GET', '/v1/auth/keys?status=deleted', { key: acct.key })).status).toBe(422);
  });
});

describe('revocation and expiry', () => {
  it('revokes at once: the next request answers 401 in the authentication form', async () => {
    const k = await createKey({ name: 'gone soon', type: 'write' });
    expect((await stack.api('GET', '/v1/billing/balance', { key: k.key })).status).toBe(200);
    expect(await isKeyStillValid(stack.atelier.deps.db, k.id)).toBe(true);
    const del = await stack.api('DELETE', `/v1/auth/keys/${k.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: k.id, object: 'api_key', deleted: true, revoked_at: expect.any(String) });
    expect(await isKeyStillValid(stack.atelier.deps.db, k.id)).toBe(false);
    const after = await stack.api('GET', '/v1/billing/balance', { key: k.key });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String), type: 'authentication_error' } });
    expect(after.headers.get('x-ratelimit-limit')).toBeNull();
    // Irreversible and idempotent: a second DELETE reports the first revocation.
    const again = await stack.api('DELETE', `/v1/auth/keys/${k.id}`);
    expect(again.body.revoked_at).toBe(del.body.revoked_at);
  });

  it('ends a stream that is open when its key is revoked', async () => {
    // The access chain's watch, with a short interval, in front of an endless SSE handler.
    const app = express();
    const db = stack.atelier.deps.db;
    app.use(authenticate({ db, sessionSecret: stack.config.sessionSecret }), watchRevocation(db, { intervalMs: 100 }));
    app.get('/stream', (_req, res) => {
      res.setHeader('content-type', 'text/event-stream');
      res.write('event: hello\ndata: {}\n\n');
      const tick = setInterval(() => res.write(': keep-alive\n\n'), 50);
      res.on('close', () => clearInterval(tick));
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const k = await createKey({ name: 'streamer', type: 'read-only' });
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`, { headers: { authorization: `Bearer ${k.key}` } });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readAll = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += decoder.decode(value);
        }
      })();
      await new Promise((r) => setTimeout(r, 400));
      expect(text).toContain('event: hello');
      expect(text).not.toContain('event: error');
      const revokedAt = Date.now();
      expect((await stack.api('DELETE', `/v1/auth/keys/${k.id}`)).status).toBe(200);
      await readAll; // the stream ends
      expect(Date.now() - revokedAt).toBeLessThan(2000);
      expect(text).toContain('event: error');
      expect(text).toContain('invalid_api_key');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses expired keys with 401', async () => {
    const created = await insertApiKey(stack.atelier.deps.db, {
      accountId: stack.accountId,
      name: 'expired',
      type: 'admin',
      environment: 'production',
      expiresAt: new Date(Date.now() - 1),
    });
    const r = await stack.api('GET', '/v1/billing/balance', { key: created.key });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('invalid_api_key');
    expect(await isKeyStillValid(stack.atelier.deps.db, created.row.id)).toBe(false);
  });

  it('DELETE needs an admin key', async () => {
    const target = await createKey({ name: 't', type: 'read-only' });
    const write = await createKey({ name: 'w', type: 'write' });
    const r = await stack.api('DELETE', `/v1/auth/keys/${target.id}`, { key: write.key });
    expect(r.status).toBe(403);
    expect(r.body.detail.error).toBe('insufficient_permissions');
  });
});

describe('enforcement on every request', () => {
  it('read-only keys may only GET; write keys GET and POST', async () => {
    const ro = await createKey({ name: 'ro', type: 'read-only' });
    expect((await stack.api('GET', '/v1/billing/balance', { key: ro.key })).status).toBe(200);
    const post = await stack.api('POST', '/v1/billing/balance', { key: ro.key, body: {} });
    expect(post.status).toBe(403);
    expect(post.body).toEqual({ detail: { error: 'insufficient_permissions', message: expect.any(String), key_type: 'read-only', required_type: 'write' } });
    expect(post.headers.get('x-tier')).toBe('payg-standard');

    const w = await createKey({ name: 'w', type: 'write' });
    expect((await stack.api('POST', '/v1/billing/balance', { key: w.key, body: {} })).status).toBe(200);
    const del = await stack.api('DELETE', '/v1/auth/keys/key_nothing', { key: w.key });
    expect(del.status).toBe(403);
    expect(del.body.detail).toMatchObject({ error: 'insufficient_permissions', key_type: 'write', required_type: 'admin' });
    // The engine too.
    expect((await stack.api('DELETE', '/engine/v1/v1/workflows/wf_x', { key: w.key })).status).toBe(403);
  });

  it('refuses resource groups outside the key scopes with insufficient_scope', async () => {
    const images = await createKey({ name: 'img', type: 'admin', scopes: ['images'] });
    const r = await stack.api('GET', '/v1/billing/balance', { key: images.key });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: { error: 'insufficient_scope', message: expect.any(String), required_scope: 'billing' } });
    // Express routes case-insensitively: capitals reach the same handler and meet the same gate.
    const shouted = await stack.api('GET', '/V1/BILLING/balance', { key: images.key });
    expect(shouted.status).toBe(403);
    expect(shouted.body.detail.required_scope).toBe('billing');
    const keys = await stack.api('GET', '/v1/auth/keys', { key: images.key });
    expect(keys.body.detail.required_scope).toBe('keys');
    const engine = await stack.api('GET', '/engine/v1/v1/nodes', { key: images.key });
    expect(engine.status).toBe(403);
    expect(engine.body.detail.required_scope).toBe('compute');
    // Paths in no resource group (jobs polling) stay reachable.
    expect((await stack.api('GET', '/v1/jobs/job_unknown', { key: images.key })).status).not.toBe(403);

    const billing = await createKey({ name: 'bill', type: 'read-only', scopes: ['billing'] });
    expect((await stack.api('GET', '/v1/billing/balance', { key: billing.key })).status).toBe(200);
    expect((await stack.api('GET', '/v1/tiers/current', { key: billing.key })).status).toBe(200);
  });

  it('applies the IP allowlist to IPv4 and IPv6 callers', async () => {
    const v4 = await createKey({ name: 'v4', type: 'admin', allowed_ips: ['127.0.0.0/8'] });
    expect((await stack.api('GET', '/v1/billing/balance', { key: v4.key })).status).toBe(200);
    const elsewhere = await createKey({ name: 'elsewhere', type: 'admin', allowed_ips: ['203.0.113.0/24', '2001:db8::/32'] });
    const refused = await stack.api('GET', '/v1/billing/balance', { key: elsewhere.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: { error: 'ip_not_allowed', message: expect.any(String), ip: '127.0.0.1' } });

    // This stack trusts a loopback proxy (TRUST_PROXY=loopback), so X-Forwarded-For sets the client address: an IPv6 caller.
    const v6 = await createKey({ name: 'v6', type: 'admin', allowed_ips: ['::1'] });
    expect((await stack.api('GET', '/v1/billing/balance', { key: v6.key, headers: { 'x-forwarded-for': '::1' } })).status).toBe(200);
    expect((await stack.api('GET', '/v1/billing/balance', { key: v6.key })).status).toBe(403);
    const v6cidr = await stack.api('GET', '/v1/billing/balance', { key: elsewhere.key, headers: { 'x-forwarded-for': '2001:db8:1::5' } });
    expect(v6cidr.status).toBe(200);
    const v6out = await stack.api('GET', '/v1/billing/balance', { key: elsewhere.key, headers: { 'x-forwarded-for': '2001:db9::5' } });
    expect(v6out.status).toBe(403);
    expect(v6out.body.detail.error).toBe('ip_not_allowed');
  });

  it('refuses every credential of a suspended account with 403 account_suspended', async () => {
    const acct = await stack.newAccount();
    const db = stack.atelier.deps.db;
    await db.updateTable('accounts').set({ status: 'suspended' }).where('id', '=', acct.accountId).execute();
    const r = await stack.api('GET', '/v1/billing/balance', { key: acct.key });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: { error: 'account_suspended', message: expect.any(String) } });
    await db.updateTable('accounts').set({ status: 'active' }).where('id', '=', acct.accountId).execute();
    expect((await stack.api('GET', '/v1/billing/balance', { key: acct.key })).status).toBe(200);
  });

  it('refuses bucket keys everywhere but storage', async () => {
    // A bucket key is minted only for a bucket the caller owns.
    await stack.atelier.deps.db
      .insertInto('simple_buckets')
      .values({ id: '6f1c0f9e-8d4e-4a53-9a53-2f0a3c1b7e11', account_id: stack.accountId, name: 'uploads', path_prefix: 'uploads/', allowed_mime_types: '[]' })
      .execute();
    const r = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: { bucket_id: '6f1c0f9e-8d4e-4a53-9a53-2f0a3c1b7e11', name: 'uploads' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['apiKey']);
    expect(r.body.apiKey).toMatch(/^svc_bkt_live_[A-Za-z0-9]{35}$/);
    const bucketKey = r.body.apiKey as string;
    for (const [method, path] of [
      ['GET', '/v1/billing/balance'],
      ['POST', '/v1/ai/generate/image'],
      ['GET', '/v1/auth/keys'],
      ['GET', '/v1/jobs/x'],
      ['GET', '/engine/v1/v1/nodes'],
    ] as const) {
      const refused = await stack.api(method, path, { key: bucketKey, body: method === 'POST' ? {} : undefined });
      expect([path, refused.status, refused.body.detail?.error]).toEqual([path, 403, 'insufficient_scope']);
    }
    // Storage routes pass the gate (what they answer is the storage module's business).
    const storage = await stack.api('GET', '/v1/buckets', { key: bucketKey });
    expect(storage.status).not.toBe(403);
    expect(storage.status).toBeLessThan(500);
    const row = await stack.atelier.deps.db.selectFrom('api_keys').selectAll().where('bucket_id', '=', '6f1c0f9e-8d4e-4a53-9a53-2f0a3c1b7e11').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: null, name: 'uploads', scopes: ['storage'] });
  });

  it('bucket-keys: session only, bucket_id required and a UUID', async () => {
    const viaKey = await stack.api('POST', '/v1/auth/bucket-keys', { body: { bucket_id: '6f1c0f9e-8d4e-4a53-9a53-2f0a3c1b7e11' } });
    expect(viaKey.status).toBe(403);
    expect(viaKey.body.detail.error).toBe('session_token_required');
    const missing = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: { error: 'bucket_id_required', message: expect.any(String) } });
    const malformed = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: { bucket_id: 'bucket-1' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['body', 'bucket_id']);
  });

  it('enforces allowed referrers set through PATCH', async () => {
    const k = await createKey({ name: 'web', type: 'read-only' });
    const p = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { key: session, body: { allowedReferrers: ['app.example.com', '*.example.org'] } });
    expect(p.status).toBe(200);
    const ok = await stack.api('GET', '/v1/billing/balance', { key: k.key, headers: { referer: 'https://app.example.com/page' } });
    expect(ok.status).toBe(200);
    expect((await stack.api('GET', '/v1/billing/balance', { key: k.key, headers: { referer: 'https://x.example.org/' } })).status).toBe(200);
    const bad = await stack.api('GET', '/v1/billing/balance', { key: k.key, headers: { referer: 'https://evil.example.net/' } });
    expect(bad.status).toBe(403);
    expect(bad.body.detail.error).toBe('referrer_not_allowed');
  });
});

describe('PATCH /v1/auth/keys/{id} (session token only)', () => {
  it('refuses API keys, even admin ones', async () => {
    const k = await createKey({ name: 'p', type: 'read-only' });
    const r = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { body: { name: 'renamed' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ detail: { error: 'session_token_required', message: expect.any(String) } });
  });

  it('changes every setting and answers the updated key', async () => {
    const k = await createKey({ name: 'p', type: 'write' });
    const destination = await ownDestination('0b6f2d1e-7a7c-4c1e-9a0e-3f1f5b8f2c44');
    const foreign = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { key: session, body: { destinationId: '11111111-2222-4333-8444-555555555555' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail.error).toBe('invalid_destination');
    const r = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, {
      key: session,
      body: {
        name: 'renamed',
        description: 'nightly jobs',
        rateLimitPerMinute: 42,
        allowedIps: ['127.0.0.1', '::1'],
        allowedReferrers: ['example.com'],
        scopes: ['images', 'video'],
        retentionHours: 48,
        destinationId: destination,
        keepLocalCopy: true,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: k.id,
      object: 'api_key',
      name: 'renamed',
      scopes: ['images', 'video'],
      allowed_ips: ['127.0.0.1', '::1'],
      status: 'active',
      settings: {
        description: 'nightly jobs',
        rate_limit_per_minute: 42,
        allowed_referrers: ['example.com'],
        retention_hours: 48,
        destination_id: destination,
        keep_local_copy: true,
      },
    });
    expect(r.body.key).toBeUndefined();
    const cleared = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { key: session, body: { clearRetention: true, clearDestination: true, rateLimitPerMinute: null } });
    expect(cleared.body.settings).toMatchObject({ retention_hours: null, destination_id: null, rate_limit_per_minute: null });
  });

  it('validates ranges and types', async () => {
    const k = await createKey({ name: 'p', type: 'write' });
    for (const [body, field] of [
      [{ rateLimitPerMinute: 0 }, 'rateLimitPerMinute'],
      [{ rateLimitPerMinute: 601 }, 'rateLimitPerMinute'],
      [{ retentionHours: 0 }, 'retentionHours'],
      [{ retentionHours: 8761 }, 'retentionHours'],
      [{ destinationId: 'not-a-uuid' }, 'destinationId'],
      [{ allowedIps: ['nope'] }, 'allowedIps'],
      [{ keepLocalCopy: 'yes' }, 'keepLocalCopy'],
      [{ scopes: ['root'] }, 'scopes'],
      [{ name: '' }, 'name'],
    ] as const) {
      const r = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { key: session, body });
      expect([field, r.status]).toEqual([field, 422]);
      expect(r.body.detail[0].loc[1]).toBe(field);
    }
    const both = await stack.api('PATCH', `/v1/auth/keys/${k.id}`, { key: session, body: { retentionHours: 5, clearRetention: true } });
    expect(both.status).toBe(400);
    expect(typeof both.body.detail).toBe('string');
  });
});

describe('POST /v1/auth/keys/{id}/rotate (session token only)', () => {
  it('creates a new key with the settings, revokes the old one, and answers the shape', async () => {
    const old = await createKey({ name: 'rot', type: 'write', scopes: ['chat'], allowed_ips: ['127.0.0.1'], metadata: { a: 'b' } });
    await stack.api('PATCH', `/v1/auth/keys/${old.id}`, {
      key: session,
      body: { rateLimitPerMinute: 77, retentionHours: 12, destinationId: await ownDestination('6c3d2e1f-7a7c-4c1e-9a0e-3f1f5b8f2c44') },
    });
    const viaKey = await stack.api('POST', `/v1/auth/keys/${old.id}/rotate`);
    expect(viaKey.status).toBe(403);
    expect(viaKey.body.detail.error).toBe('session_token_required');

    const r = await stack.api('POST', `/v1/auth/keys/${old.id}/rotate`, { key: session });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      apiKey: expect.stringMatching(/^svc_live_[A-Za-z0-9]{39}$/),
      meta: {
        id: expect.stringMatching(/^key_/),
        rotated_from: old.id,
        old_key_revoked: true,
        name: 'rot',
        expires_at: null,
        rate_limit_per_minute: 77,
        retention_hours: 12,
        destination_id: '6c3d2e1f-7a7c-4c1e-9a0e-3f1f5b8f2c44',
        output_rules_copied: 0,
      },
    });
    expect((await stack.api('GET', '/v1/ai/chat/nothing', { key: old.key })).status).toBe(401);
    const fresh = await stack.api('GET', `/v1/auth/keys/${r.body.meta.id}`);
    expect(fresh.body).toMatchObject({ type: 'write', scopes: ['chat'], allowed_ips: ['127.0.0.1'], metadata: { a: 'b' }, status: 'active' });
    // The new key works (chat scope: an unknown chat path is a 404, not 401/403).
    expect((await stack.api('GET', '/v1/ai/chat/nothing', { key: r.body.apiKey })).status).toBe(404);
    // A revoked key cannot be rotated again.
    const twice = await stack.api('POST', `/v1/auth/keys/${old.id}/rotate`, { key: session });
    expect(twice.status).toBe(409);
    expect(twice.body.detail.error).toBe('key_revoked');
  });
});

describe('rotation copies output routing rules', () => {
  it('clones every rule of the old key onto the new one in the same transaction', async () => {
    const db = stack.atelier.deps.db;
    const old = await createKey({ name: 'routed', type: 'write' });
    const destination = '5a2b7c1d-0e3f-4a5b-8c6d-7e8f9a0b1c2d';
    await db.insertInto('output_destinations').values({ id: destination, account_id: stack.accountId, name: 'd', kind: 'internal', config: JSON.stringify({}) } as never).execute();
    for (const [i, pattern] of ['flux-*', 'sdxl'].entries()) {
      await db
        .insertInto('output_rules')
        .values({ id: `rule_t${i}`, account_id: stack.accountId, key_id: old.id, model_pattern: pattern, destination_id: destination, path_template: '{model}/{date}', priority: 10 + i } as never)
        .execute();
    }
    const r = await stack.api('POST', `/v1/auth/keys/${old.id}/rotate`, { key: session });
    expect(r.status).toBe(200);
    expect(r.body.meta.output_rules_copied).toBe(2);
    const copied = await db.selectFrom('output_rules').select(['model_pattern', 'priority', 'path_template']).where('key_id', '=', r.body.meta.id).orderBy('priority').execute();
    expect(copied).toEqual([
      { model_pattern: 'flux-*', priority: 10, path_template: '{model}/{date}' },
      { model_pattern: 'sdxl', priority: 11, path_template: '{model}/{date}' },
    ]);
  });
});

describe('account isolation', () => {
  it('answers 404 for another account’s key id on every key endpoint', async () => {
    const mine = await createKey({ name: 'mine', type: 'write' });
    const other = await stack.newAccount();
    const credentials = { email: `iso-${Date.now()}@example.com`, password: 'long enough pw' };
    expect((await stack.api('POST', '/v1/console/signup', { key: null, body: credentials })).status).toBe(202);
    const otherSession = (await stack.api('POST', '/v1/console/login', { key: null, body: credentials })).body.token as string;
    for (const [method, path, key, body] of [
      ['GET', `/v1/auth/keys/${mine.id}`, other.key, undefined],
      ['DELETE', `/v1/auth/keys/${mine.id}`, other.key, undefined],
      ['PATCH', `/v1/auth/keys/${mine.id}`, otherSession, { name: 'stolen' }],
      ['POST', `/v1/auth/keys/${mine.id}/rotate`, otherSession, undefined],
    ] as const) {
      const r = await stack.api(method, path, { key, body });
      expect([method, path, r.status, r.body]).toEqual([method, path, 404, { detail: 'Not Found' }]);
    }
    const list = await stack.api('GET', '/v1/auth/keys?limit=100', { key: other.key });
    expect(list.body.data.some((k: { id: string }) => k.id === mine.id)).toBe(false);
    expect((await stack.api('GET', '/v1/billing/balance', { key: mine.key })).status).toBe(200);
  });
});

/** An output destination owned by the stack's account (keys may only point at their own). */
async function ownDestination(id: string): Promise<string> {
  await stack.atelier.deps.db
    .insertInto('output_destinations')
    .values({ id, account_id: stack.accountId, name: `dest ${id.slice(0, 4)}`, kind: 'internal', config: JSON.stringify({}) } as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return id;
}
