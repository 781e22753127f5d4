// The rate limiter's HTTP behaviour with an injected clock: the 429 exactly at the window edge,
// Retry-After and X-RateLimit-Reset to the second, per-endpoint caps before authentication.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey } from '../../../src/infra/db/schema/index';
import { errorHandler } from '../../../src/infra/http/error-middleware';
import { createLogger } from '../../../src/infra/logging/logger';
import { RateLimiter } from '../../../src/platform/limits/rate-limiter';
import { MemoryWindowStore } from '../../../src/platform/limits/window-store';
import { resolveTier } from '../../../src/platform/tiers/tiers';

const T0 = 1_800_000_000_000; // a whole second, so Reset arithmetic is easy to read
let clock = T0;
let server: Server;
let base: string;

beforeAll(async () => {
  const limiter = new RateLimiter({ store: new MemoryWindowStore(), now: () => clock, upgradeUrl: 'https://x/v1/tiers/compare' });
  const app = express();
  app.use(limiter.endpointCaps());
  app.use((req, _res, next) => {
    // Stand-in for authentication: the caller is named by a header; `x-key-rpm` gives its key a limit.
    const rpm = req.header('x-key-rpm');
    const key = rpm ? ({ id: `key_${req.header('x-account')}`, rate_limit_per_minute: Number(rpm) } as ApiKey) : null;
    req.auth = { accountId: req.header('x-account') ?? 'acct', via: key ? 'api_key' : 'session', key, sandbox: false };
    req.accountTier = { tier: resolveTier({ balanceMicros: 0, lifetimeSpendMicros: 0, tierOverride: null }), balanceMicros: 0, lifetimeSpendMicros: 0 };
    next();
  });
  app.use(limiter.accountLimits());
  app.use((_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler(createLogger('silent')));
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

const get = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(base + path, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe('rate limiter with an injected clock', () => {
  it('tier window: 30 in the minute pass, the 31st 1 ms before the edge is refused, at the edge it passes', async () => {
    const who = { 'x-account': 'edge' };
    for (let i = 0; i < 30; i++) {
      clock = T0 + i * 1000;
      const r = await get('/v1/a', who);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(29 - i));
      // Reset: when the oldest request (at T0) leaves the window.
      expect(r.headers.get('x-ratelimit-reset')).toBe(String((T0 + 60_000) / 1000));
    }
    clock = T0 + 59_999;
    const refused = await get('/v1/b', who);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatchObject({ error: 'rate_limit_exceeded', tier: 'payg-basic', limit_rpm: 30 });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    clock = T0 + 30_000;
    const early = await get('/v1/c', who);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('30');

    clock = T0 + 60_000;
    const atEdge = await get('/v1/d', who);
    expect(atEdge.status).toBe(200);
    expect(atEdge.headers.get('x-ratelimit-remaining')).toBe('0');
    // The next one must wait for the request made at T0 + 1 s.
    const next = await get('/v1/e', who);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('1');
  });

  it('key window: the lower limit wins and answers with the api_key body', async () => {
    clock = T0 + 10 * 60_000;
    const who = { 'x-account': 'keyed', 'x-key-rpm': '3' };
    for (let i = 0; i < 3; i++) {
      const r = await get('/v1/k', who);
      expect(r.headers.get('x-ratelimit-limit')).toBe('3');
    }
    clock += 20_000;
    const r = await get('/v1/k', who);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ detail: { error: 'rate_limit_exceeded', message: expect.any(String), limit_rpm: 3, scope: 'api_key' } });
    expect(r.headers.get('retry-after')).toBe('40');
  });

  it('per-endpoint caps: 5 video submissions per minute per caller, refused before anything else', async () => {
    clock = T0 + 20 * 60_000;
    const who = { 'x-account': 'video', authorization: 'Bearer svc_live_someone' };
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${base}/v1/ai/generate/video`, { method: 'POST', headers: who });
      expect(r.status).toBe(200);
    }
    clock += 15_000;
    const r = await fetch(`${base}/v1/ai/generate/video`, { method: 'POST', headers: who });
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual({ error: 'Rate limit exceeded: 5 per 1 minute' });
    expect(r.headers.get('retry-after')).toBe('45');
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
    // Capitals reach the same route in Express, and the same window.
    const shouted = await fetch(`${base}/V1/AI/generate/video`, { method: 'POST', headers: who });
    expect(shouted.status).toBe(429);
    // Another caller (another credential) has its own window.
    const other = await fetch(`${base}/v1/ai/generate/video`, { method: 'POST', headers: { ...who, authorization: 'Bearer svc_live_other' } });
    expect(other.status).toBe(200);
  });
});
