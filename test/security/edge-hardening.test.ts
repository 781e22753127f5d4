// Regression tests for defects found by probing the running stack as an attacker would (issue 16,
// "Defects already found", items 3, 4, 5, 7, 9, 10, 11, 12). One stack, default edge settings:
// no trusted proxy, no payment gateway.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { closeAccess } from '../../src/platform/auth/access-chain';
import { ConfigError, loadConfig, parseTrustProxy } from '../../src/config';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let session: string;
beforeAll(async () => {
  // Left at defaults: the no-payment top-up gateway is off.
  stack = await startStack({ ATELIER_TOPUP_GATEWAY: 'none' });
  const login = await stack.api('POST', '/v1/console/login', { key: null, body: { email: 'owner@atelier.local', password: 'correct horse battery staple' } });
  expect(login.status).toBe(200);
  session = login.body.token;
});
afterAll(async () => {
  await stack?.close();
});

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('16.5 a deeply nested JSON body answers 400, never 500', () => {
  it('deep JSON answers 400 on every route family, public signup and login included', async () => {
    const routes: Array<[string, string, string | null]> = [
      ['POST', '/v1/console/signup', null],
      ['POST', '/v1/console/login', null],
      ['POST', '/v1/auth/keys', stack.adminKey],
      ['POST', '/v1/billing/balance', stack.adminKey],
      ['POST', '/v1/console/webhooks', stack.adminKey],
      ['POST', '/engine/v1/v1/workflows', stack.adminKey],
      ['POST', '/engine/v1/v1/runs', stack.adminKey],
      ['POST', '/v1/story/step/concept', stack.adminKey],
      ['POST', '/v1/ai/chat/completions', stack.adminKey],
    ];
    for (const [method, path, key] of routes) {
      for (const rawBody of [deep(200_000), `{"spec":${deepObject(5_000)}}`]) {
        const r = await stack.api(method, path, { key, rawBody });
        expect([path, r.status]).toEqual([path, 400]);
        expect(r.body).toEqual({ detail: expect.stringContaining('nested too deeply') });
      }
    }
  });

  it('ordinary nesting (100 levels) still passes the edge', async () => {
    const r = await stack.api('POST', '/v1/system/ping', { rawBody: `{"message":"ok","pad":${deep(99)}}` });
    expect(r.status).toBe(200);
  });
});

describe('16.7 NUL characters answer 422 (or 404 in a path), never 500', () => {
  it('NUL bytes in text fields answer 422 with the field location on every route that stores text', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: { name: 'nul', spec: { trigger: { type: 'manual', config: {} }, nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }], edges: [] } },
    });
    expect(wf.status, wf.text).toBe(201);
    const cases: Array<[string, string, Record<string, unknown>, (string | number)[], string | null]> = [
      ['POST', '/v1/console/signup', { email: 'nul@example.com', password: 'long enough', name: 'a\u0000b' }, ['body', 'name'], null],
      ['POST', '/v1/auth/keys', { name: 'k\u0000', type: 'write' }, ['body', 'name'], stack.adminKey],
      ['POST', '/v1/auth/keys', { name: 'k', type: 'write', metadata: { 'x\u0000': 'y' } }, ['body', 'metadata', 'x\u0000'], stack.adminKey],
      ['POST', '/v1/console/webhooks', { name: 'w\u0000', url: 'https://example.com/h', events: ['billing.charged'] }, ['body', 'name'], stack.adminKey],
      ['POST', '/v1/tiers/enterprise/apply', { company_name: 'ACME\u0000' }, ['body', 'company_name'], stack.adminKey],
      ['POST', '/engine/v1/v1/workflows', { name: 'x\u0000y', spec: {} }, ['body', 'name'], stack.adminKey],
      ['POST', '/engine/v1/v1/runs', { workflow_id: wf.body.id, input: { note: ['ok', 'bad\u0000'] } }, ['body', 'input', 'note', 1], stack.adminKey],
      ['POST', '/v1/output-destinations', { name: 'd\u0000', kind: 'internal' }, ['body', 'name'], stack.adminKey],
    ];
    for (const [method, path, body, loc, key] of cases) {
      const r = await stack.api(method, path, { key, body });
      expect([path, r.status]).toEqual([path, 422]);
      expect(r.body.detail).toEqual([{ type: 'nul_character', loc, msg: expect.any(String), input: expect.anything() }]);
    }
    // In a query string: 422 with the parameter; in a path segment: no id contains NUL, so 404.
    const query = await stack.api('GET', '/v1/auth/keys?status=active%00');
    expect(query.status).toBe(422);
    expect(query.body.detail[0].loc).toEqual(['query', 'status']);
    for (const path of ['/v1/auth/keys/key_%00', '/engine/v1/v1/runs/run%00x', '/engine/v1/v1/workflows/%00']) {
      const r = await stack.api('GET', path);
      expect([path, r.status, r.body]).toEqual([path, 404, { detail: 'Not Found' }]);
    }
    // Nothing was written by the refused requests.
    const keys = await stack.atelier.deps.db.selectFrom('api_keys').select('name').where('name', 'like', 'k%').execute();
    expect(keys).toEqual([]);
  });
});

describe('16.4 422 bodies never echo secret-like values; long input is truncated; logs carry neither', () => {
  it('redacts secret-like fields, truncates long values and reports a missing field as input: null', async () => {
    const shortPassword = await stack.api('POST', '/v1/console/signup', { key: null, body: { email: 'x@example.com', password: 'hunter2' } });
    expect(shortPassword.status).toBe(422);
    expect(shortPassword.body.detail).toEqual([{ type: 'too_small', loc: ['body', 'password'], msg: expect.any(String), input: '[redacted]' }]);
    expect(shortPassword.text).not.toContain('hunter2');

    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const dest = await stack.api('POST', '/v1/output-destinations', { body: { name: '', kind: 's3', access_key_id: 'AKIAEXAMPLE', secret_access_key: secret } });
    expect(dest.status).toBe(422);
    expect(dest.text).not.toContain(secret);
    const badSecret = await stack.api('POST', '/v1/output-destinations', { body: { name: 'd', kind: 's3', secret_access_key: 'x'.repeat(600) + secret } });
    expect(badSecret.status).toBe(422);
    expect(badSecret.body.detail[0]).toMatchObject({ loc: ['body', 'secret_access_key'], input: '[redacted]' });

    // A whole body echoed (not an object): secret-like keys inside it are redacted, and our keys are never echoed.
    const arrayBody = await stack.api('POST', '/v1/console/login', { key: null, rawBody: JSON.stringify([{ email: 'a@b.co', password: 'p4ssw0rd!', note: stack.adminKey }]) });
    expect(arrayBody.status).toBe(422);
    expect(arrayBody.text).not.toContain('p4ssw0rd!');
    expect(arrayBody.text).not.toContain(stack.adminKey);

    const huge = 'y'.repeat(2 * 1024 * 1024);
    const big = await stack.api('POST', '/v1/system/ping', { body: { message: 42, extra: huge } });
    const long = await stack.api('POST', '/v1/auth/keys', { body: { name: huge, type: 'write' } });
    expect(long.status).toBe(422);
    expect(long.text.length).toBeLessThan(2_000);
    expect(long.body.detail[0].input).toMatch(/^y{200}… \(2097152 characters\)$/);
    expect(big.status).toBe(422);

    // A missing field is echoed as `"input": null` (the field is always present).
    const missing = await stack.api('POST', '/v1/auth/keys', { body: { type: 'write' } });
    expect(missing.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: null }] });
  });

  it('never writes passwords, secrets or huge values to the server log', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const logger = pino({ level: 'trace' }, sink);
    const deps = { ...stack.atelier.deps, logger };
    const app = createApp(deps);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (path: string, body: unknown, key?: string) =>
        fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) });
      expect((await post('/v1/console/signup', { email: 'log@example.com', password: 'tiny' })).status).toBe(422);
      expect((await post('/v1/console/login', { email: 'nobody@example.com', password: 'GuessMe-12345' })).status).toBe(401);
      expect((await post('/v1/output-destinations', { name: '', kind: 's3', secret_access_key: 'S3-SECRET-VALUE-123' }, stack.adminKey)).status).toBe(422);
      expect((await post('/v1/auth/keys', { name: 'z'.repeat(100_000), type: 'write' }, stack.adminKey)).status).toBe(422);
    } finally {
      await new Promise((r) => server.close(r));
      await closeAccess(deps);
    }
    const log = lines.join('');
    expect(log).toContain('request refused');
    for (const leaked of ['tiny', 'GuessMe-12345', 'S3-SECRET-VALUE-123', 'z'.repeat(201)]) expect(log).not.toContain(leaked);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(4_000);
  });
});

describe('16.9 a doubly-encoded file path', () => {
  it('GET /v1/files/%25zz answers 404, not 500, and %zz 400', async () => {
    const r = await stack.api('GET', '/v1/files/%25zz', { key: null });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not Found' });
    const signedLooking = await stack.api('GET', '/v1/files/acct_x/%25zz/a.png?expires=9999999999&sig=abc', { key: null });
    expect(signedLooking.status).toBe(403);
    for (const path of ['/v1/files/%zz', '/v1/auth/keys/%E0%A4%A', '/engine/v1/v1/runs/%zz']) {
      const malformed = await stack.api('GET', path, { key: path.startsWith('/v1/files') ? null : stack.adminKey });
      expect([path, malformed.status, malformed.body]).toEqual([path, 400, { detail: 'Malformed percent-encoding in the URL' }]);
    }
    // A real signed URL still downloads.
    const key = `${stack.accountId}/probe/50%off.txt`;
    await stack.atelier.deps.blobs.put(key, 'hello');
    const url = stack.atelier.deps.blobs.signedUrl(key).url;
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('hello');
  });
});

describe('16.10 TRUST_PROXY: X-Forwarded-For is believed only from configured proxies', () => {
  it('X-Forwarded-For from loopback does not bypass a key IP allowlist by default', async () => {
    const created = await stack.api('POST', '/v1/auth/keys', { body: { name: 'office', type: 'admin', allowed_ips: ['203.0.113.7'] } });
    expect(created.status).toBe(201);
    const spoofed = await stack.api('GET', '/v1/billing/balance', { key: created.body.key, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.detail).toMatchObject({ error: 'ip_not_allowed', ip: '127.0.0.1' });
  });

  it('parses TRUST_PROXY: none by default, hop counts, addresses, CIDRs and names; refuses junk', () => {
    expect(loadConfig({ NODE_ENV: 'test', ATELIER_DATA_DIR: stack.config.dataDir }).trustProxy).toBe(false);
    expect(parseTrustProxy('none')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,2001:db8::1')).toEqual(['loopback', '10.0.0.0/8', '2001:db8::1']);
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(ConfigError);
  });
});

describe('16.11 bucket keys', () => {
  it('a bucket key for a bucket the caller does not own answers 404 bucket_not_found', async () => {
    const db = stack.atelier.deps.db;
    const other = await stack.newAccount();
    const theirs = '0b6f3c1e-5d4a-4e2b-9c8d-7a6b5c4d3e2f';
    const mine = '1c7a4d2f-6e5b-4f3c-8d9e-8b7c6d5e4f3a';
    await db.insertInto('simple_buckets').values({ id: theirs, account_id: other.accountId, name: 'theirs', path_prefix: 'theirs/', allowed_mime_types: '[]' }).execute();
    await db.insertInto('simple_buckets').values({ id: mine, account_id: stack.accountId, name: 'mine', path_prefix: 'mine/', allowed_mime_types: '[]' }).execute();
    const before = await db.selectFrom('api_keys').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const bucketId of [theirs, '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b']) {
      const r = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: { bucket_id: bucketId } });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ detail: { error: 'bucket_not_found', message: expect.any(String) } });
    }
    const after = await db.selectFrom('api_keys').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const ok = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: { bucket_id: mine.toUpperCase() } });
    expect(ok.status).toBe(201);
    expect(ok.body.apiKey).toMatch(/^svc_bkt_live_/);
  });
});

describe('16.12 response headers', () => {
  it('responses carrying secrets send Cache-Control: no-store; every response sends nosniff', async () => {
    const key = await stack.api('POST', '/v1/auth/keys', { body: { name: 'cache', type: 'read-only' } });
    const login = await stack.api('POST', '/v1/console/login', { key: null, body: { email: 'owner@atelier.local', password: 'correct horse battery staple' } });
    const webhook = await stack.api('POST', '/v1/console/webhooks', { body: { name: 'h', url: 'https://example.com/hook', events: ['billing.charged'] } });
    const rotate = await stack.api('POST', `/v1/auth/keys/${key.body.id}/rotate`, { key: session });
    for (const r of [key, login, webhook, rotate]) {
      expect(r.status).toBeLessThan(300);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    for (const r of [key, login, await stack.api('GET', '/healthz', { key: null }), await stack.api('GET', '/nowhere'), await stack.api('GET', '/v1/billing/balance', { key: null })]) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('16.3 the no-payment top-up gateway is development-only', () => {
  it('a deployment left at defaults refuses top-ups (503) and moves no money', async () => {
    const old = await stack.newAccount({ createdAt: new Date(Date.now() - 2 * 3600_000), balanceUsd: 1 });
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: old.key, body: { package: 'scale-15000' } });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ detail: { error: 'topup_unavailable', message: expect.any(String) } });
    const balance = await stack.api('GET', '/v1/billing/balance', { key: old.key });
    expect(balance.body.balance_usd).toBe(1);
  });

  it('the request is checked before the 503: invalid_package, missing_fields, invalid_amount and account_too_new come first', async () => {
    const old = await stack.newAccount({ createdAt: new Date(Date.now() - 2 * 3600_000), balanceUsd: 1 });
    const young = await stack.newAccount({ balanceUsd: 1 });
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [old.key, { package: 'no-such-package' }, 400, 'invalid_package'],
      [old.key, {}, 400, 'missing_fields'],
      [old.key, { package: 'topup-50', amount_usd: 50 }, 400, 'missing_fields'],
      [old.key, { amount_usd: 3 }, 400, 'invalid_amount'],
      [young.key, { package: 'topup-50' }, 403, 'account_too_new'],
      [young.key, { package: 'no-such-package' }, 400, 'invalid_package'],
      [old.key, { package: 'topup-50' }, 503, 'topup_unavailable'],
    ];
    for (const path of ['/v1/tiers/wallet/topup', '/v1/billing/topup']) {
      for (const [key, body, status, code] of cases) {
        const r = await stack.api('POST', path, { key, body });
        expect([path, body, r.status, r.body?.detail?.error]).toEqual([path, body, status, code]);
      }
    }
    for (const acct of [old, young]) expect((await stack.api('GET', '/v1/billing/balance', { key: acct.key })).body.balance_usd).toBe(1);
  });

  it('the direct gateway is off unless enabled and refused in production', () => {
    const base = { ATELIER_DATA_DIR: stack.config.dataDir };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).topupGateway).toBe('none');
    expect(loadConfig({ ...base, NODE_ENV: 'development', ATELIER_TOPUP_GATEWAY: 'direct' }).topupGateway).toBe('direct');
    const production = { ...base, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ATELIER_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig(production).topupGateway).toBe('none');
    expect(() => loadConfig({ ...production, ATELIER_TOPUP_GATEWAY: 'direct' })).toThrow(/refused when NODE_ENV=production/);
  });
});

describe('16.6 and 16.8 engine limits', () => {
  const manual = { trigger: { type: 'manual', config: {} } };
  const codeSpec = (code: string, extra: Record<string, unknown> = {}) => ({
    ...manual,
    ...extra,
    nodes: [
      { id: 'start', type: 'trigger.manual', position: [0, 0] },
      { id: 'big', type: 'code.javascript', position: [200, 0], params: { code } },
    ],
    edges: [{ id: 'e1', source: 'start', target: 'big' }],
  });

  it('a node output over the inline limit travels by reference: the run completes, no megabytes in an event or the run record', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'big output', spec: codeSpec(`return 'z'.repeat(3 * 1024 * 1024);`) } });
    expect(wf.status, wf.text).toBe(201);
    const started = Date.now();
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(run.status).toBe(201);
    let r: { status: number; text: string; body: { status: string; node_outputs: Record<string, { ok: boolean; output: Record<string, unknown>; downloads?: Record<string, string> }> } };
    for (;;) {
      r = await stack.api('GET', `/engine/v1/v1/runs/${run.body.run_id}`);
      if (['completed', 'failed', 'timed_out', 'cancelled'].includes(r.body.status)) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.body.status).toBe('completed');
    const big = r.body.node_outputs.big!;
    expect(big.ok).toBe(true);
    expect(big.output.main).toMatchObject({ $atelier_ref: { bytes: 3 * 1024 * 1024 + 2 } });
    expect(big.downloads?.main).toMatch(/\/nodes\/big\/outputs\/main$/);
    expect(r.text.length).toBeLessThan(64 * 1024);
    const events = await stack.atelier.deps.db.selectFrom('run_events').select(['type', 'data']).where('run_id', '=', run.body.run_id).execute();
    for (const e of events) expect(JSON.stringify(e.data).length, e.type).toBeLessThan(8 * 1024);
    const bytes = await fetch(`${stack.url}${big.downloads!.main}`, { headers: { authorization: `Bearer ${stack.adminKey}` } });
    expect(bytes.status).toBe(200);
    expect((await bytes.text()).length).toBe(3 * 1024 * 1024 + 2);
  });

  it('usd_cap is bounded: huge caps answer 422 on runs and saved specs, never 500', async () => {
    for (const cap of [9.3e12, 1e308]) {
      const saved = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'cap', spec: codeSpec('return 1;', { usd_cap: cap }) } });
      expect(saved.status).toBe(422);
      expect(saved.body.detail.some((i: { loc: unknown[] }) => i.loc.includes('usd_cap'))).toBe(true);
    }
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'cap ok', spec: codeSpec('return 1;', { usd_cap: 5 }) } });
    expect(wf.status).toBe(201);
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {}, usd_cap: 9.3e12 } });
    expect(run.status).toBe(422);
    expect(run.body.detail[0].loc).toEqual(['body', 'usd_cap']);
    const fine = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {}, usd_cap: 1_000_000 } });
    expect(fine.status).toBe(201);
  });
});

describe('16.5 and 16.7 on the public workflow hook (a raw-body route)', () => {
  it('deep JSON answers 400 and NUL 422 on a public hook, and no run starts', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: { name: 'hook', spec: { trigger: { type: 'webhook', config: {} }, nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }], edges: [] } },
    });
    expect(wf.status, wf.text).toBe(201);
    const hook = await stack.api('GET', `/engine/v1/v1/workflows/${wf.body.id}/webhook`);
    expect(hook.status).toBe(200);
    const path = `/engine/v1/v1/hooks/${hook.body.webhook_id}`;
    const deepHook = await stack.api('POST', path, { key: null, rawBody: deep(200_000) });
    expect(deepHook.status).toBe(400);
    expect(deepHook.body.detail).toContain('nested too deeply');
    const nul = await stack.api('POST', path, { key: null, body: { note: 'a\u0000b' } });
    expect(nul.status).toBe(422);
    expect(nul.body.detail[0]).toMatchObject({ type: 'nul_character', loc: ['body', 'note'] });
    const runs = await stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf.body.id}`);
    expect(runs.body.total).toBe(0);
  });
});
