import type { AccountTier } from './tiers';

declare global {
  namespace Express {
    interface Request {
      /** The caller's resolved tier and wallet figures; set after authentication. */
      accountTier?: AccountTier;
    }
  }
}

export {};
