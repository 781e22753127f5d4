import type { Deps } from '../../deps';
import { RateLimiter, createWindowStore } from '../limits/rate-limiter';
import { KeyUsageCounter } from './usage-counter';

/** The per-process state of the access layer: the request counter and the rate limiter. */
export interface PlatformAccess {
  usage: KeyUsageCounter;
  limiter: RateLimiter;
  close(): Promise<void>;
}

// One per Deps (per process, or per test stack), created on first use; never module-global.
const byDeps = new WeakMap<Deps, PlatformAccess>();

export function platformAccess(deps: Deps): PlatformAccess {
  let access = byDeps.get(deps);
  if (!access) {
    const usage = new KeyUsageCounter(deps.db);
    const limiter = new RateLimiter({
      // One deployment = one task queue: its API processes share windows; another deployment (or
      // test stack) on the same Redis keeps its own.
      store: createWindowStore(deps.config.redisUrl, `atelier:rl:${deps.config.temporal.taskQueue}:`),
      scale: deps.config.rateLimitScale,
      logger: deps.logger,
      upgradeUrl: `${deps.config.publicBaseUrl}/v1/tiers/compare`,
    });
    access = {
      usage,
      limiter,
      async close() {
        await usage.close();
        await limiter.close();
      },
    };
    byDeps.set(deps, access);
  }
  return access;
}
