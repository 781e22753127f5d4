// GET/PUT /v1/rate-limits/workflow/{workflow_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { getRatePolicy, putRatePolicy, RatePolicyView } from './service';

const Params = z.object({ workflow_id: z.string().min(1) });
const Body = z.object({
  max_concurrent_runs: z.number().int().min(1).max(10_000).nullable().default(null),
  requests_per_minute: z.number().int().min(1).max(100_000).nullable().default(null),
  burst_allowance: z.number().int().min(0).max(100_000).default(0),
});

export function ratePolicyRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/rate-limits/workflow/:workflow_id', route({ params: Params, response: RatePolicyView }, ({ auth, params }) => getRatePolicy(deps, auth.accountId, params.workflow_id)));
  router.put('/rate-limits/workflow/:workflow_id', route({ params: Params, body: Body, response: RatePolicyView }, async ({ auth, params, body }) =>
    putRatePolicy(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id, body)));
  return router;
}
