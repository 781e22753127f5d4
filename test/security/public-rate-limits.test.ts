// Issue 16, defect 2: per-endpoint caps on public routes (login, signup) were keyed on the bearer
// token's hash, so a junk `Authorization: Bearer <random>` header bought a fresh window per request
// — unlimited password guessing. Real limits here (scale 1) and a trusted loopback proxy, so each
// request can come from a chosen client address.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ENDPOINT_CAP } from '../../src/platform/limits/endpoint-caps';
import { PUBLIC_EMAIL_CAP } from '../../src/platform/limits/rate-limiter';
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
