// Issue 16, defect 2: per-endpoint caps on public routes (login, signup) were keyed on the bearer
// token's hash, so a junk `Authorization: Bearer <random>` header bought a fresh window per request
// — unlimited password guessing. Real limits here (scale 1) and a trusted loopback proxy, so each
// request can come from a chosen client address.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { listMountedRoutes } from '../../src/infra/http/openapi';
import { closeAccess } from '../../src/platform/auth/access-chain';
import { DEFAULT_ENDPOINT_CAP, endpointCap } from '../../src/platform/limits/endpoint-caps';
import { isLimitedPath, PUBLIC_EMAIL_CAP } from '../../src/platform/limits/rate-limiter';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ ATELIER_RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await stack?.close();
});

const junk = () => `svc_live_${randomBytes(20).toString('hex')}`;
// A body the route refuses cheaply (422, no password hashing) still counts in the window.
const login = (ip: string, body: Record<string, unknown>, bearer: string | null = junk()) =>
  stack.api('POST', '/v1/console/login', { key: bearer, body, headers: { 'x-forwarded-for': ip } });

describe('public credential routes are capped per client address and per target email', () => {
  it('junk bearer tokens do not buy fresh login windows: the address window refuses the 61st attempt', async () => {
    const ip = '198.51.100.10';
    for (let i = 0; i < DEFAULT_ENDPOINT_CAP; i++) {
      const r = await login(ip, { email: `probe${i}@example.com`, password: 1 });
      expect(r.status).toBe(422);
    }
    const refused = await login(ip, { email: 'probe-last@example.com', password: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `Rate limit exceeded: ${DEFAULT_ENDPOINT_CAP} per 1 minute` });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Signup shares the credential window of that address; no bearer at all changes nothing.
    expect((await stack.api('POST', '/v1/console/signup', { key: null, body: {}, headers: { 'x-forwarded-for': ip } })).status).toBe(429);
    // Another client address has its own window (X-Forwarded-For believed from the trusted loopback proxy).
    expect((await login('198.51.100.11', { email: 'probe@example.com', password: 1 })).status).toBe(422);
  });

  it('one email is guessed at most 10 times a minute, whatever address and token the guesses come from', async () => {
    const email = 'owner@atelier.local';
    for (let i = 0; i < PUBLIC_EMAIL_CAP; i++) {
      const r = await login(`203.0.113.${i + 1}`, { email, password: `wrong-guess-${i}` });
      expect(r.status).toBe(401);
    }
    const refused = await login('203.0.113.200', { email: ' OWNER@atelier.local ', password: 'correct horse battery staple' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: `Rate limit exceeded: ${PUBLIC_EMAIL_CAP} per 1 minute` });
    // Other accounts are unaffected.
    expect((await login('203.0.113.201', { email: 'someone-else@example.com', password: 'x' })).status).toBe(401);
  });
});

describe('every public route is capped per client address, whatever bearer comes with it', () => {
  it('the package catalogue and public files: junk bearers share one address window; the 61st request is refused', async () => {
    const fileId = '00000000-0000-4000-8000-000000000000';
    for (const [i, path] of ['/v1/billing/topup/packages', `/v1/public/files/${fileId}/x.png`].entries()) {
      const ip = `192.0.2.${10 + i}`;
      const expected = path.includes('public/files') ? 404 : 200;
      for (let n = 0; n < DEFAULT_ENDPOINT_CAP; n++) {
        const r = await stack.api('GET', path, { key: junk(), headers: { 'x-forwarded-for': ip } });
        expect([path, n, r.status]).toEqual([path, n, expected]);
      }
      const refused = await stack.api('GET', path, { key: junk(), headers: { 'x-forwarded-for': ip } });
      expect([path, refused.status, refused.body]).toEqual([path, 429, { error: `Rate limit exceeded: ${DEFAULT_ENDPOINT_CAP} per 1 minute` }]);
      // No bearer at all: the same window. Another address: its own.
      expect((await stack.api('GET', path, { key: null, headers: { 'x-forwarded-for': ip } })).status).toBe(429);
      expect((await stack.api('GET', path, { key: junk(), headers: { 'x-forwarded-for': `192.0.2.${100 + i}` } })).status).toBe(expected);
    }
  });

  it('every mounted public route the caps see is counted per address (the class, not only the probed routes)', async () => {
    const deps = stack.atelier.deps;
    const routes = listMountedRoutes(createApp(deps)).filter((r) => r.public);
    await closeAccess(deps);
    const seen = routes.map((r) => ({ method: r.method.toUpperCase(), path: r.path.replace(/\{\*\w+\}|\*\w+/g, 'a/b').replace(/:(\w+)/g, 'sample-$1') }))
      // Signed webhooks answer before the caps (they verify the raw body): public hooks, with a
      // per-hook window of their own, and the Stripe and provider webhooks, which only check a signature.
      .filter((r) => isLimitedPath(r.path) && !/\/hooks\/|^\/v1\/providers\/[^/]+\/webhook$|^\/v1\/billing\/stripe\/webhook$/.test(r.path));
    expect(seen.map((r) => r.path)).toEqual(expect.arrayContaining(['/v1/console/login', '/v1/billing/topup/packages', '/v1/public/files/sample-fileId/sample-name']));
    expect(seen.filter((r) => !endpointCap(r.method, r.path).public)).toEqual([]);
  });
});

