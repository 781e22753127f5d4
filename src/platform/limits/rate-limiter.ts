import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { hashApiKey } from '../auth/api-keys';
import { fullPath } from '../auth/enforce';
import { ApiError } from '../../infra/http/errors';
import { endpointCap } from './endpoint-caps';
import { MemoryWindowStore, RedisWindowStore, WINDOW_MS, type HitResult, type SlidingWindowStore, type WindowCheck, type WindowState } from './window-store';


/** A limit under ATELIER_RATE_LIMIT_SCALE (config.rateLimitScale): every limiter scales the same way, never below 1. */
export function scaleLimit(limit: number, scale: number): number {
  return Math.max(1, Math.round(limit * scale));
}

export interface RateLimiterOptions {
  store: SlidingWindowStore;
  /** Injected so tests can stand exactly on the window edge. */
  now?: () => number;
  /** Multiplies every limit (load tests, private deployments); 1 = the documented limits. */
  scale?: number;
  logger?: Logger;
  upgradeUrl?: string;
}

export interface AccountLimitInput {
  accountId: string;
  tierSlug: string;
  tierRpm: number;
  keyId: string | null;
  keyRpm: number | null;
}

/** Builds the window store: Redis when a URL is configured (shared by all API processes), memory otherwise. */
export function createWindowStore(redisUrl: string | undefined, prefix?: string): SlidingWindowStore {
  if (!redisUrl) return new MemoryWindowStore();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableAutoPipelining: true, lazyConnect: false });
  redis.on('error', () => undefined);
  return new RedisWindowStore(redis, prefix);
}

/**
 * Per-endpoint caps (before authentication), then the per-tier and per-key windows
 * (after it). One store, one clock.
 */
export class RateLimiter {
  readonly store: SlidingWindowStore;
  private readonly now: () => number;
  private readonly scale: number;
  private readonly logger?: Logger;
  private readonly upgradeUrl: string;
  private lastFailureLog = 0;

  constructor(opts: RateLimiterOptions) {
    this.store = opts.store;
    this.now = opts.now ?? Date.now;
    this.scale = opts.scale ?? 1;
    this.logger = opts.logger;
    this.upgradeUrl = opts.upgradeUrl ?? '/v1/tiers/compare';
  }

  scaled(limit: number): number {
    return scaleLimit(limit, this.scale);
  }

  /**
   * A store failure (Redis down) lets the request through: losing rate limiting for a moment is
   * better than refusing every request. Logged at most once a minute.
   */
  private async hit(checks: WindowCheck[], now: number): Promise<HitResult | null> {
    try {
      return await this.store.hit(checks, now, WINDOW_MS);
    } catch (err) {
      if (now - this.lastFailureLog > WINDOW_MS) {
        this.lastFailureLog = now;
        this.logger?.error({ err }, 'rate-limit store unavailable; requests pass unlimited');
      }
      return null;
    }
  }

  /**
   * Per-endpoint caps, keyed by the credential's hash or, without one, the client address. Public
   * routes (login, signup, the package catalogue, public files) ignore any bearer token — a junk
   * one would otherwise buy a fresh window per request — and count per client address and, where
   * the body names an account (login, signup), in a second window per target email.
   */
  endpointCaps(): RequestHandler {
    return async (req, _res, next) => {
      const path = fullPath(req);
      if (!isLimitedPath(path)) return next();
      const cap = endpointCap(req.method, path);
      const limit = this.scaled(cap.limit);
      const now = this.now();
      const checks: WindowCheck[] = [{ key: `ep:${cap.group}:${cap.public ? addressId(req) : callerId(req)}`, limit }];
      const email = cap.public ? targetEmail(req) : undefined;
      const emailLimit = this.scaled(PUBLIC_EMAIL_CAP);
      if (email) checks.push({ key: `ep:${cap.group}:email:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`, limit: emailLimit });
      const result = await this.hit(checks, now);
      if (!result) return next();
      if (result.blocked >= 0) {
        const window = result.windows[result.blocked]!;
        // Per-endpoint 429s carry only Retry-After, and the `{error:<string>}` body.
        throw new ApiError(429, { error: `Rate limit exceeded: ${window.limit} per 1 minute` }, { 'Retry-After': String(retryAfter(window, now)) });
      }
      req.endpointWindow = result.windows[0]!;
      next();
    };
  }

  /** Per-tier and per-key windows; sets X-RateLimit-* from the tightest window (the lower limit wins). */
  async checkAccount(req: Request, res: Response, input: AccountLimitInput): Promise<void> {
    const tierLimit = this.scaled(input.tierRpm);
    const checks: WindowCheck[] = [{ key: `tier:${input.accountId}`, limit: tierLimit }];
    const keyLimit = input.keyId && input.keyRpm ? this.scaled(input.keyRpm) : null;
    if (keyLimit !== null) checks.push({ key: `key:${input.keyId}`, limit: keyLimit });
    const now = this.now();
    const result = await this.hit(checks, now);
    if (!result) return;

    const windows = req.endpointWindow ? [...result.windows, req.endpointWindow] : result.windows;
    if (result.blocked >= 0) {
      const window = result.windows[result.blocked]!;
      const wait = retryAfter(window, now);
      const headers = {
        'X-RateLimit-Limit': String(window.limit),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(now / 1000) + wait),
        'Retry-After': String(wait),
      };
      if (result.blocked === 1) {
        throw new ApiError(
          429,
          {
            detail: {
              error: 'rate_limit_exceeded',
              message: `This API key is limited to ${window.limit} requests per minute. Retry after ${wait} seconds.`,
              limit_rpm: window.limit,
              scope: 'api_key',
            },
          },
          headers,
        );
      }
      throw new ApiError(
        429,
        {
          detail: {
            error: 'rate_limit_exceeded',
            message: `The ${input.tierSlug} tier allows ${window.limit} requests per minute. Retry after ${wait} seconds, or top up to reach a higher tier.`,
            tier: input.tierSlug,
            limit_rpm: window.limit,
            upgrade_url: this.upgradeUrl,
          },
        },
        headers,
      );
    }
    const tightest = windows.reduce((a, b) => {
      const ra = a.limit - a.count;
      const rb = b.limit - b.count;
      return rb < ra || (rb === ra && b.limit < a.limit) ? b : a;
    });
    res.setHeader('X-RateLimit-Limit', String(tightest.limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, tightest.limit - tightest.count)));
    res.setHeader('X-RateLimit-Reset', String(Math.ceil(((tightest.oldestMs ?? now) + WINDOW_MS) / 1000)));
  }

  /** After authentication and tier resolution: the per-tier and per-key windows of the caller. */
  accountLimits(): RequestHandler {
    return async (req, res, next) => {
      const auth = req.auth!;
      const tier = req.accountTier!.tier;
      await this.checkAccount(req, res, {
        accountId: auth.accountId,
        tierSlug: tier.slug,
        tierRpm: tier.limits.rpm,
        keyId: auth.key?.id ?? null,
        keyRpm: auth.key?.rate_limit_per_minute ?? null,
      });
      next();
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** Seconds until the oldest request leaves the window, so one more fits; at least 1. */
function retryAfter(window: WindowState, now: number): number {
  if (window.oldestMs === null) return 1;
  return Math.max(1, Math.ceil((window.oldestMs + WINDOW_MS - now) / 1000));
}

/** The API surface; signed file downloads are not API calls and are never capped. */
export function isLimitedPath(rawPath: string): boolean {
  const path = rawPath.toLowerCase();
  return (path.startsWith('/v1/') || path.startsWith('/engine/v1')) && !path.startsWith('/v1/files/');
}

/** Attempts per minute on one email at a public credential route, whatever address they come from. */
export const PUBLIC_EMAIL_CAP = 10;

/** The client address: the socket peer, or X-Forwarded-For from a proxy TRUST_PROXY trusts. */
function addressId(req: Request): string {
  return `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
}

/** The account a public request targets (login and signup name it by email), normalised. */
function targetEmail(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email.trim().toLowerCase() : undefined;
}

function callerId(req: Request): string {
  const header = req.header('authorization');
  const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return token ? `k:${hashApiKey(token).slice(0, 32)}` : addressId(req);
}
