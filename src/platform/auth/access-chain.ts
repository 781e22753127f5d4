import type { RequestHandler } from 'express';
import type { Deps } from '../../deps';
import { idempotency } from '../idempotency/middleware';
import { resolveTierMiddleware } from '../tiers/middleware';
import { authenticate } from './authenticate';
import { enforceKeyAccess } from './enforce';
import { platformAccess } from './platform-access';
import { watchRevocation } from './revocation-watch';

/** Per-endpoint caps, mounted before the public routes and authentication. */
export function endpointCaps(deps: Deps): RequestHandler {
  return platformAccess(deps).limiter.endpointCaps();
}

/**
 * Everything an authenticated request passes before its router: who is calling, their tier
 * (`X-Tier`), what the key may reach (type, scope, IP, referrer), a watch that ends responses
 * still streaming when their key is revoked, the per-tier and per-key
 * windows (`X-RateLimit-*`), and idempotency. Mounted once for `/v1` and `/engine/v1`.
 */
export function accessChain(deps: Deps): RequestHandler[] {
  const access = platformAccess(deps);
  return [
    sequence([
      authenticate({ db: deps.db, sessionSecret: deps.config.sessionSecret, credentials: deps.credentials }),
      resolveTierMiddleware(deps.db),
      enforceKeyAccess({ usage: access.usage }),
      watchRevocation(deps.db),
      access.limiter.accountLimits(),
      idempotency(deps.db),
    ]),
  ];
}

/**
 * Runs middleware in order as one router layer, with Express 5's rules: an error passed to
 * `next`, thrown, or rejected by a returned promise goes to the error handlers. One layer instead
 * of six spares every authenticated request five rounds of the router's path matching.
 */
export function sequence(handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((e: unknown) => next(e ?? new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    step();
  };
}

/** Flushes request counts and closes the rate-limit store; runtime calls it on stop. */
export function closeAccess(deps: Deps): Promise<void> {
  return platformAccess(deps).close();
}
