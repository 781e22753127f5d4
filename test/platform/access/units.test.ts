// Unit level: the sliding window on both backends with an injected clock, the IP allowlist, the
// scope map, tier resolution and the per-endpoint cap table.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileAllowlist, isValidIpOrCidr } from '../../../src/platform/auth/ip-allowlist';
import { hasScope, scopeForPath, typeAllowsMethod } from '../../../src/platform/auth/scopes';
import { endpointCap } from '../../../src/platform/limits/endpoint-caps';
import { MemoryWindowStore, RedisWindowStore, type SlidingWindowStore } from '../../../src/platform/limits/window-store';
import { resolveTier } from '../../../src/platform/tiers/tiers';
import { usdToMicros } from '../../../src/platform/billing/money';
import { requestHash } from '../../../src/platform/idempotency/middleware';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.ping();
});
afterAll(async () => {
  await redis?.quit();
});

const backends: Array<[string, () => SlidingWindowStore]> = [
  ['memory', () => new MemoryWindowStore()],
  // A unique prefix per store keeps runs (and parallel files) apart.
  ['redis', () => new RedisWindowStore(redis, `atelier-test:${randomBytes(6).toString('hex')}:`, false)],
];

describe.each(backends)('sliding window (%s)', (_name, make) => {
  it('admits rpm requests in a trailing minute and refuses the (rpm+1)th, exactly at the edge', async () => {
    const store = make();
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 3; i++) {
      const r = await store.hit([{ key: 'a', limit: 3 }], t0 + i * 1000);
      expect(r.blocked).toBe(-1);
      expect(r.windows[0]).toEqual({ count: i + 1, limit: 3, oldestMs: t0 });
    }
    // 1 ms before the first request leaves the window: still full.
    const refused = await store.hit([{ key: 'a', limit: 3 }], t0 + 59_999);
    expect(refused.blocked).toBe(0);
    expect(refused.windows[0]).toEqual({ count: 3, limit: 3, oldestMs: t0 });
    // Exactly 60 s after it: the first request has left, one slot is free (a sliding window, not a bucket).
    const admitted = await store.hit([{ key: 'a', limit: 3 }], t0 + 60_000);
    expect(admitted.blocked).toBe(-1);
    expect(admitted.windows[0]).toEqual({ count: 3, limit: 3, oldestMs: t0 + 1000 });
    // ...and only one: the requests at +1 s and +2 s are still inside.
    expect((await store.hit([{ key: 'a', limit: 3 }], t0 + 60_500)).blocked).toBe(0);
    expect((await store.hit([{ key: 'a', limit: 3 }], t0 + 61_000)).blocked).toBe(-1);
    await store.close();
  });

  it('checks several windows atomically: the lower limit wins and a refusal records nothing', async () => {
    const store = make();
    const t0 = 1_700_000_000_000;
    const checks = [
      { key: 'tier', limit: 5 },
      { key: 'key', limit: 2 },
    ];
    expect((await store.hit(checks, t0)).blocked).toBe(-1);
    expect((await store.hit(checks, t0 + 1)).blocked).toBe(-1);
    const third = await store.hit(checks, t0 + 2);
    expect(third.blocked).toBe(1);
    expect(third.windows.map((w) => w.count)).toEqual([2, 2]);
    // The tier window kept its room: another key of the same account is unaffected.
    const other = await store.hit([{ key: 'tier', limit: 5 }, { key: 'key2', limit: 2 }], t0 + 3);
    expect(other.blocked).toBe(-1);
    expect(other.windows[0]!.count).toBe(3);
    await store.close();
  });

  it('keeps windows apart by key', async () => {
    const store = make();
    const t0 = 1_700_000_000_000;
    expect((await store.hit([{ key: 'x', limit: 1 }], t0)).blocked).toBe(-1);
    expect((await store.hit([{ key: 'x', limit: 1 }], t0 + 1)).blocked).toBe(0);
    expect((await store.hit([{ key: 'y', limit: 1 }], t0 + 1)).blocked).toBe(-1);
    await store.close();
  });
});

describe('Redis window store', () => {
  it('shares one window between two store instances (two API processes)', async () => {
    const prefix = `atelier-test:${randomBytes(6).toString('hex')}:`;
    const a = new RedisWindowStore(redis, prefix, false);
    const b = new RedisWindowStore(redis, prefix, false);
    const t0 = 1_700_000_000_000;
    expect((await a.hit([{ key: 'k', limit: 2 }], t0)).blocked).toBe(-1);
    expect((await b.hit([{ key: 'k', limit: 2 }], t0 + 1)).blocked).toBe(-1);
    expect((await a.hit([{ key: 'k', limit: 2 }], t0 + 2)).blocked).toBe(0);
    expect(await redis.pttl(`${prefix}k`)).toBeGreaterThan(0);
  });
});

describe('IP allowlist', () => {
  it('validates addresses and CIDR blocks of both families', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', '::/0', '::ffff:10.0.0.1']) expect(isValidIpOrCidr(ok)).toBe(true);
    for (const bad of ['', 'localhost', '10.0.0.0/33', '::1/129', '1.2.3', '10.0.0.0/8/1', '10.0.0.0/x', '300.1.1.1']) expect(isValidIpOrCidr(bad)).toBe(false);
  });

  it('matches IPv4 and IPv6 addresses and blocks, and IPv4-mapped peers', () => {
    const allows = compileAllowlist(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1']);
    expect(allows('10.200.3.4')).toBe(true);
    expect(allows('11.0.0.1')).toBe(false);
    expect(allows('192.168.1.7')).toBe(true);
    expect(allows('192.168.1.8')).toBe(false);
    expect(allows('::ffff:10.1.1.1')).toBe(true);
    expect(allows('2001:db8:ffff::1')).toBe(true);
    expect(allows('2001:db9::1')).toBe(false);
    expect(allows('::1')).toBe(true);
    expect(allows('::2')).toBe(false);
    expect(allows(undefined)).toBe(false);
  });
});

describe('scope map', () => {
  it('maps each resource group from one table', () => {
    const cases: Array<[string, string | null]> = [
      ['/engine/v1/v1/runs', 'compute'],
      ['/engine/v1/workflows', 'compute'],
      ['/v1/story/generate', 'video'],
      ['/v1/voice/agents', 'audio'],
      ['/v1/ai/generate/image', 'images'],
      ['/v1/ai/edit/remove-background', 'images'],
      ['/v1/ai/vision/ocr', 'images'],
      ['/v1/ai/generate/3d', 'images'],
      ['/v1/ai/generate/video', 'video'],
      ['/v1/ai/generate/video/job_1', 'video'],
      ['/v1/ai/chat/completions', 'chat'],
      ['/v1/ai/text/translate', 'chat'],
      ['/v1/ai/audio/speech', 'audio'],
      ['/v1/ai/generate/music', 'audio'],
      ['/v1/billing/balance', 'billing'],
      ['/v1/tiers/current', 'billing'],
      ['/v1/pricing', 'billing'],
      ['/v1/auth/keys', 'keys'],
      ['/v1/auth/keys/key_1/output-rules', 'keys'],
      ['/v1/buckets', 'storage'],
      ['/v1/photos/upload', 'storage'],
      ['/v1/storage/s3/buy', 'storage'],
      ['/v1/jobs/job_1', null],
      ['/v1/webhooks/register', null],
      ['/v1/console/webhooks', null],
    ];
    for (const [path, scope] of cases) expect([path, scopeForPath(path)]).toEqual([path, scope]);
    // Express routes case-insensitively; the map must not be dodged by capitals.
    expect(scopeForPath('/V1/Billing/Balance')).toBe('billing');
    expect(hasScope([], 'keys')).toBe(true);
    expect(hasScope(['images'], 'keys')).toBe(false);
  });

  it('allows methods by key type', () => {
    expect(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].map((m) => typeAllowsMethod('read-only', m))).toEqual([true, true, false, false, false]);
    expect(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].map((m) => typeAllowsMethod('write', m))).toEqual([true, true, true, false, false]);
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].every((m) => typeAllowsMethod('admin', m))).toBe(true);
  });
});

describe('tier resolution', () => {
  const tier = (balanceUsd: number, spendUsd: number, override: string | null = null) =>
    resolveTier({ balanceMicros: usdToMicros(balanceUsd), lifetimeSpendMicros: usdToMicros(spendUsd), tierOverride: override }).slug;
  it('promotes on balance or lifetime spend and demotes when neither holds', () => {
    expect(tier(0, 0)).toBe('payg-basic');
    expect(tier(24.99, 49.99)).toBe('payg-basic');
    expect(tier(25, 0)).toBe('payg-standard');
    expect(tier(0, 50)).toBe('payg-standard');
    expect(tier(119.99, 499.99)).toBe('payg-standard');
    expect(tier(120, 0)).toBe('payg-premium');
    expect(tier(0, 500)).toBe('payg-premium');
    // Balance dropped, but lifetime spend holds the tier.
    expect(tier(1, 600)).toBe('payg-premium');
    expect(tier(1, 60)).toBe('payg-standard');
  });
  it('uses an assigned tier for enterprise and retired plans', () => {
    expect(tier(0, 0, 'sub-enterprise')).toBe('sub-enterprise');
    expect(tier(500, 0, 'sub-developer')).toBe('sub-developer');
    expect(tier(30, 0, 'no-such-tier')).toBe('payg-standard');
  });
});

describe('per-endpoint caps', () => {
  it('reads the table', () => {
    const cap = (m: string, p: string) => endpointCap(m, p).limit;
    expect(cap('POST', '/v1/ai/generate/video')).toBe(5);
    expect(cap('POST', '/v1/video/lip-sync')).toBe(5);
    expect(cap('POST', '/v1/story/generate')).toBe(3);
    expect(cap('POST', '/v1/billing/topup')).toBe(3);
    expect(cap('POST', '/v1/tiers/wallet/topup')).toBe(3);
    expect(cap('POST', '/v1/images/batch')).toBe(10);
    expect(cap('POST', '/v1/story/step')).toBe(10);
    expect(cap('POST', '/v1/story/step/frames')).toBe(10);
    expect(cap('POST', '/v1/story/regenerate/frame')).toBe(10);
    expect(cap('POST', '/v1/story/step/poll-videos')).toBe(60);
    // Every step endpoint counts in the same window (/v1/story/step* 10 per minute).
    expect(endpointCap('POST', '/v1/story/step/concept').group).toBe(endpointCap('POST', '/v1/story/step/videos').group);
    expect(cap('POST', '/v1/shorts/anything')).toBe(10);
    expect(cap('POST', '/v1/images/colorize')).toBe(15);
    expect(cap('POST', '/v1/images/background')).toBe(30);
    expect(cap('POST', '/v1/video/transcode')).toBe(15);
    expect(cap('POST', '/v1/photos/upload')).toBe(20);
    expect(cap('POST', '/v1/ai/generate/image')).toBe(30);
    expect(cap('POST', '/v1/ai/chat/completions')).toBe(30);
    expect(cap('GET', '/v1/auth/keys')).toBe(30);
    expect(cap('GET', '/v1/ai/generate/video/job_abc')).toBe(60);
    expect(cap('GET', '/v1/billing/balance')).toBe(60);
    expect(cap('POST', '/V1/AI/Generate/Video')).toBe(5);
    // One window per endpoint shape: ids collapse.
    expect(endpointCap('GET', '/v1/things/abc123').group).toBe(endpointCap('GET', '/v1/things/def456').group);
    expect(endpointCap('GET', '/v1/billing/balance').group).not.toBe(endpointCap('POST', '/v1/billing/balance').group);
  });
});

describe('idempotency request hash', () => {
  it('ignores key order and sees method, path and body', () => {
    expect(requestHash('POST', '/v1/x', { a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash('post', '/v1/x', { b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(requestHash('POST', '/v1/x', { a: 1 })).not.toBe(requestHash('POST', '/v1/x', { a: 2 }));
    expect(requestHash('POST', '/v1/x', { a: 1 })).not.toBe(requestHash('POST', '/v1/y', { a: 1 }));
  });
});
