import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const WINDOW_MS = 60_000;

export interface WindowCheck {
  /** Storage key of one window (caller, scope). */
  key: string;
  limit: number;
}

export interface WindowState {
  /** Requests inside the trailing window, including this one when it was admitted. */
  count: number;
  limit: number;
  /** Timestamp (ms) of the oldest request still inside the window, or null when empty. */
  oldestMs: number | null;
}

export interface HitResult {
  /** Index of the first window that refused the request, or -1 when it was admitted. */
  blocked: number;
  windows: WindowState[];
}

/**
 * An exact sliding-window log: each window keeps the timestamps of the requests it
 * admitted; a request is admitted when every window holds fewer than its limit of timestamps newer
 * than `now - windowMs`, and is then recorded in all of them. A refused request records nothing.
 * Checking several windows in one call keeps "the lower limit wins" atomic.
 */
export interface SlidingWindowStore {
  hit(checks: WindowCheck[], nowMs: number, windowMs?: number): Promise<HitResult>;
  close(): Promise<void>;
}

/** One process's windows; fine for a single API process and for tests. */
export class MemoryWindowStore implements SlidingWindowStore {
  private readonly logs = new Map<string, { stamps: number[]; head: number; windowMs: number }>();
  private lastSweep = 0;

  async hit(checks: WindowCheck[], nowMs: number, windowMs = WINDOW_MS): Promise<HitResult> {
    this.sweep(nowMs);
    const floor = nowMs - windowMs;
    const logs = checks.map((c) => {
      let log = this.logs.get(c.key);
      if (!log) {
        log = { stamps: [], head: 0, windowMs };
        this.logs.set(c.key, log);
      }
      while (log.head < log.stamps.length && log.stamps[log.head]! <= floor) log.head++;
      if (log.head > 1024 && log.head * 2 > log.stamps.length) {
        log.stamps = log.stamps.slice(log.head);
        log.head = 0;
      }
      return log;
    });
    const blocked = checks.findIndex((c, i) => logs[i]!.stamps.length - logs[i]!.head >= c.limit);
    if (blocked === -1) for (const log of logs) log.stamps.push(nowMs);
    return {
      blocked,
      windows: checks.map((c, i) => {
        const log = logs[i]!;
        const count = log.stamps.length - log.head;
        return { count, limit: c.limit, oldestMs: count > 0 ? log.stamps[log.head]! : null };
      }),
    };
  }

  /** Drops windows idle for longer than their length, at most once a minute. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = nowMs;
    for (const [key, log] of this.logs) {
      const newest = log.stamps[log.stamps.length - 1];
      if (newest === undefined || newest <= nowMs - log.windowMs) this.logs.delete(key);
    }
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}

// KEYS: the windows; ARGV: now, window, member, then one limit per key. Trims, checks all, and
// records in all only when every window has room — atomically, as one script.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local n = #KEYS
local counts = {}
local blocked = 0
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  counts[i] = redis.call('ZCARD', KEYS[i])
  if blocked == 0 and counts[i] >= tonumber(ARGV[3 + i]) then blocked = i end
end
if blocked == 0 then
  for i = 1, n do
    redis.call('ZADD', KEYS[i], now, member)
    redis.call('PEXPIRE', KEYS[i], window)
    counts[i] = counts[i] + 1
  end
end
local out = { blocked }
for i = 1, n do
  out[#out + 1] = counts[i]
  local oldest = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  out[#out + 1] = oldest[2] or '-1'
end
return out
`;

/** Windows shared by every API process through Redis sorted sets (score = request time). */
export class RedisWindowStore implements SlidingWindowStore {
  private sequence = 0;
  private readonly instance = randomBytes(4).toString('hex');

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'atelier:rl:',
    private readonly ownsConnection = true,
  ) {
    redis.defineCommand('atelierWindowHit', { lua: HIT_SCRIPT });
  }

  async hit(checks: WindowCheck[], nowMs: number, windowMs = WINDOW_MS): Promise<HitResult> {
    const member = `${nowMs}:${this.instance}:${this.sequence++}`;
    const keys = checks.map((c) => this.prefix + c.key);
    const run = (this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<(number | string)[]>>)
      .atelierWindowHit!;
    const out = await run.call(this.redis, keys.length, ...keys, nowMs, windowMs, member, ...checks.map((c) => c.limit));
    const blocked = Number(out[0]) - 1;
    return {
      blocked,
      windows: checks.map((c, i) => {
        const oldest = Number(out[2 + i * 2]);
        return { count: Number(out[1 + i * 2]), limit: c.limit, oldestMs: oldest < 0 ? null : oldest };
      }),
    };
  }

  async close(): Promise<void> {
    if (this.ownsConnection) await this.redis.quit().catch(() => undefined);
  }
}
