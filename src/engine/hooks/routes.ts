// Ours (README): where a workflow's public hook id and secret come from.
// GET /v1/workflows/{id}/webhook, POST /v1/workflows/{id}/webhook/secret (shown once),
// DELETE /v1/workflows/{id}/webhook/secret.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { clearHookSecret, getHook, HookView, HookWithSecretView, rotateHookSecret } from './service';

const Params = z.object({ workflow_id: z.string().min(1) });

export function hookRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/workflows/:workflow_id/webhook', route({ params: Params, response: HookView }, ({ auth, params }) => getHook(deps, auth.accountId, params.workflow_id)));
  router.post('/workflows/:workflow_id/webhook/secret', route({ params: Params, status: 201, response: HookWithSecretView }, async ({ auth, params }) =>
    rotateHookSecret(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id)));
  router.delete('/workflows/:workflow_id/webhook/secret', route({ params: Params, response: HookView }, async ({ auth, params }) =>
    clearHookSecret(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id)));
  return router;
}
