import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps';
import { route } from '../http/route';
import { getBalanceMicros } from '../billing/wallet';
import { microsToUsd } from '../billing/money';

export function billingRoutes(deps: Deps): Router {
  const router = Router();
  // seed 000 §4.1: POST /v1/billing/balance takes an empty object; GET answers the same.
  const balance = route({ body: z.object({}).passthrough().optional() }, async ({ auth }) => {
    const micros = await getBalanceMicros(deps.db, auth.accountId);
    return { object: 'balance', balance_usd: microsToUsd(micros), currency: 'USD', account_id: auth.accountId };
  });
  router.get('/billing/balance', balance);
  router.post('/billing/balance', balance);
  return router;
}
