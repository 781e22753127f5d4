// GET, POST, DELETE /v1/workflows/{workflow_id}/canary; POST …/canary/resolve.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { CanaryDeletedView, CanaryResolutionView, CanaryView, deleteCanary, getCanary, putCanary, resolveCanary } from './service';

const Params = z.object({ workflow_id: z.string().min(1) });
const Pct = z.number().min(0).max(100);
/** A version number (2) or a content hash (version_hash, or a prefix of at least 7 characters). */
const Version = z.union([z.number().int(), z.string().min(1).max(64)]);
const Body = z.object({
  canary_version: Version,
  stable_version: Version.optional(),
  canary_weight_pct: Pct.default(10),
  auto_rollback_error_threshold_pct: Pct.nullable().default(null),
  sticky_sessions: z.boolean().default(true),
  is_active: z.boolean().default(true),
});
const ResolveBody = z.object({ user_id: z.union([z.string().min(1).max(500), z.number()]).transform(String) });

export function canaryRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/workflows/:workflow_id/canary', route({ params: Params, response: CanaryView }, ({ auth, params }) => getCanary(deps, auth.accountId, params.workflow_id)));
  router.post('/workflows/:workflow_id/canary', route({ params: Params, body: Body, status: 201, response: CanaryView }, async ({ auth, params, body }) =>
    putCanary(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id, body)));
  router.delete('/workflows/:workflow_id/canary', route({ params: Params, response: CanaryDeletedView }, async ({ auth, params }) =>
    deleteCanary(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id)));
  router.post('/workflows/:workflow_id/canary/resolve', route({ params: Params, body: ResolveBody, response: CanaryResolutionView }, ({ auth, params, body }) =>
    resolveCanary(deps, auth.accountId, params.workflow_id, body.user_id)));
  return router;
}
