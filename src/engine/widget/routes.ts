// GET, PUT /v1/widget/{workflow_id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { getWidget, putWidget, WidgetBody, WidgetView } from './service';

const Params = z.object({ workflow_id: z.string().min(1) });

export function widgetRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/widget/:workflow_id', route({ params: Params, response: WidgetView }, ({ auth, params }) => getWidget(deps, auth.accountId, params.workflow_id)));
  router.put('/widget/:workflow_id', route({ params: Params, body: WidgetBody, response: WidgetView }, async ({ auth, params, body }) =>
    putWidget(deps, auth.accountId, await actorOf(deps.db, auth), params.workflow_id, body)));
  return router;
}
