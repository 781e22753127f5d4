// Rate limits at the API: the per-tier and per-key windows with their headers and
// 429 bodies, per-endpoint caps before authentication, on the memory store and on Redis.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type ApiResponse, type TestStack } from '../../helpers/stack';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let memory: TestStack;
let redis: TestStack;
beforeAll(async () => {
  // The documented limits exactly (test stacks otherwise scale them out of the way).
  [memory, redis] = await Promise.all([
    startStack({ ATELIER_RATE_LIMIT_SCALE: '1' }),
    startStack({ ATELIER_RATE_LIMIT_SCALE: '1', REDIS_URL }),
  ]);
});
afterAll(async () => {
  await Promise.all([memory?.close(), redis?.close()]);
});

function expectLimitHeaders(r: ApiResponse, limit: number, remaining: number) {
  expect(r.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(r.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
  const reset = Number(r.headers.get('x-ratelimit-reset'));
  const nowS = Date.now() / 1000;
  expect(Number.isInteger(reset)).toBe(true);
  expect(reset).toBeGreaterThanOrEqual(Math.floor(nowS));
  expect(reset).toBeLessThanOrEqual(Math.ceil(nowS) + 61);
}

async function ownerSession(stack: TestStack) {
  const email = `limits-${Math.random().toString(36).slice(2)}@example.com`;
  expect((await stack.api('POST', '/v1/console/signup', { key: null, body: { email, password: 'password123' } })).status).toBe(202);
  const r = await stack.api('POST', '/v1/console/login', { key: null, body: { email, password: 'password123' } });
  expect(r.status).toBe(200);
  return r.body as { account_id: string; token: string };
}

describe.each([
  ['memory', () => memory],
  ['redis', () => redis],
])('rate limits on the %s store', (_name, getStack) => {
  it('per tier: the 31st request in a minute on payg-basic answers 429 with the tier body', async () => {
    const stack = getStack();
    const acct = await stack.newAccount({ balanceUsd: 0 });
    for (let i = 0; i < 30; i++) {
      const r = await stack.api('GET', '/v1/billing/balance', { key: acct.key });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-tier')).toBe('payg-basic');
      expectLimitHeaders(r, 30, 29 - i);
    }
    const r = await stack.api('GET', '/v1/billing/balance', { key: acct.key });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({
      detail: {
        error: 'rate_limit_exceeded',
        message: expect.any(String),
        tier: 'payg-basic',
        limit_rpm: 30,
        upgrade_url: expect.stringContaining('/v1/tiers/compare'),
      },
    });
    expect(r.body.detail.retry_after).toBeUndefined();
    expect(r.body.detail.request_id).toBeUndefined();
    expectLimitHeaders(r, 30, 0);
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // The tier window is the account's: another key of the same account is refused too.
    const second = await stack.api('POST', '/v1/auth/keys', { key: acct.key, body: { name: 'second', type: 'read-only' } });
    expect(second.status).toBe(429);
    if (stack === redis) {
      // The window lives in Redis, where every API process sees it.
      const client = new Redis(REDIS_URL);
      expect(await client.zcard(`atelier:rl:${stack.config.temporal.taskQueue}:tier:${acct.accountId}`)).toBe(30);
      await client.quit();
    }
  });

  it('per key: rateLimitPerMinute wins when lower, with the api_key body', async () => {
    const stack = getStack();
    const owner = await ownerSession(stack);
    const created = await stack.api('POST', '/v1/auth/keys', { key: owner.token, body: { name: 'slow', type: 'write' } });
    expect(created.status).toBe(201);
    const patched = await stack.api('PATCH', `/v1/auth/keys/${created.body.id}`, { key: owner.token, body: { rateLimitPerMinute: 2 } });
    expect(patched.status).toBe(200);
    const key = created.body.key as string;
    expectLimitHeaders(await stack.api('GET', '/v1/tiers/current', { key }), 2, 1);
    expectLimitHeaders(await stack.api('GET', '/v1/tiers/current', { key }), 2, 0);
    const r = await stack.api('GET', '/v1/tiers/current', { key });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ detail: { error: 'rate_limit_exceeded', message: expect.any(String), limit_rpm: 2, scope: 'api_key' } });
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(r.headers.get('x-ratelimit-limit')).toBe('2');
    // The owner's session is limited by the tier only.
    const viaSession = await stack.api('GET', '/v1/tiers/current', { key: owner.token });
    expect(viaSession.status).toBe(200);
    expect(viaSession.body.tier).toBe('payg-basic');
  });

  it('per endpoint: the cap applies before authentication, with only Retry-After and {error}', async () => {
    const stack = getStack();
    const acct = await stack.newAccount({ balanceUsd: 500 });
    for (let i = 0; i < 3; i++) {
      const r = await stack.api('POST', '/v1/story/generate', { key: acct.key, body: {} });
      expect(r.status).not.toBe(429);
    }
    const r = await stack.api('POST', '/v1/story/generate', { key: acct.key, body: {} });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: expect.any(String) });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(r.headers.get(h)).toBeNull();
    // Another endpoint for the same key still answers.
    expect((await stack.api('GET', '/v1/billing/balance', { key: acct.key })).status).toBe(200);
  });
});

describe('per-endpoint caps without a key', () => {
  it('count by client address and come before the 401, which carries no rate-limit headers', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await memory.api('POST', '/v1/storage/s3/buy', { key: null, body: {} });
      expect(r.status).toBe(401);
      expect(r.headers.get('x-ratelimit-limit')).toBeNull();
      expect(r.headers.get('x-ratelimit-remaining')).toBeNull();
      expect(r.headers.get('retry-after')).toBeNull();
    }
    const r = await memory.api('POST', '/v1/storage/s3/buy', { key: null, body: {} });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: 'Rate limit exceeded: 3 per 1 minute' });
    expect(r.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('the lower limit wins in the headers: a tight endpoint cap under a generous tier', async () => {
    const acct = await memory.newAccount({ balanceUsd: 500 }); // payg-premium, 500 rpm
    const r = await memory.api('POST', '/v1/ai/generate/video', { key: acct.key, body: {} });
    expect(r.headers.get('x-tier')).toBe('payg-premium');
    expectLimitHeaders(r, 5, 4);
  });
});
