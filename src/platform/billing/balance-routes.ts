import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { getBalanceMicros } from './wallet';
import { microsToUsd } from './money';
import { BalanceView } from './views';

export function billingRoutes(deps: Deps): Router {
  const router = Router();
  // POST /v1/billing/balance takes an empty object; GET answers the same.
  const balance = route({ body: z.object({}).passthrough().optional(), response: BalanceView }, async ({ auth }) => {
    // Authentication read the account row with the credential moments ago, in this request: its
    // balance is as current as a second read would be, without the second round trip.
    const micros = auth.account ? auth.account.balanceMicros : await getBalanceMicros(deps.db, auth.accountId);
    return { object: 'balance' as const, balance_usd: microsToUsd(micros), currency: 'USD' as const, account_id: auth.accountId };
  });
  router.get('/billing/balance', balance);
  router.post('/billing/balance', balance);
  return router;
}
