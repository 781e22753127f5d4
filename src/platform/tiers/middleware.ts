import type { RequestHandler } from 'express';
import type { Database } from '../../infra/db/index';
import { invalidApiKey } from '../auth/authenticate';
import { loadAccountTier, resolveTier } from './tiers';

/** Resolves the caller's tier once per request and sends it as `X-Tier`. */
export function resolveTierMiddleware(db: Database): RequestHandler {
  return async (req, res, next) => {
    const auth = req.auth!;
    // Authentication usually brought the account's figures along; read them only when it did not.
    const accountTier = auth.account
      ? { tier: resolveTier(auth.account), balanceMicros: auth.account.balanceMicros, lifetimeSpendMicros: auth.account.lifetimeSpendMicros }
      : await loadAccountTier(db, auth.accountId);
    if (!accountTier) throw invalidApiKey('The account behind this credential no longer exists');
    req.accountTier = accountTier;
    res.setHeader('X-Tier', accountTier.tier.slug);
    next();
  };
}
