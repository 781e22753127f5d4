// GET /v1/audit/workflow/{workflow_id}?limit=50, GET /v1/audit/recent?limit=100,
// POST /v1/audit (an entry written by the client, e.g. a deployment note).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { ownedWorkflow } from '../workflow-lookup';
import { actorOf, AuditEntryView, AuditListView, auditView, listAudit, recordAudit } from './audit-service';

const WorkflowParams = z.object({ workflow_id: z.string().min(1) });
const limitQuery = (def: number) => z.object({ limit: z.coerce.number().int().min(1).max(500).default(def) });
const Body = z.object({
  workflow_id: z.string().min(1).nullable().optional(),
  action: z.string().trim().min(1).max(100),
  summary: z.string().trim().min(1).max(2000),
  diff: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

export function auditRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/audit/workflow/:workflow_id', route({ params: WorkflowParams, query: limitQuery(50), response: AuditListView }, async ({ auth, params, query }) => {
    await ownedWorkflow(deps.db, auth.accountId, params.workflow_id);
    const data = await listAudit(deps.db, auth.accountId, { workflowId: params.workflow_id, limit: query.limit });
    return { object: 'list' as const, data, total: data.length };
  }));
  router.get('/audit/recent', route({ query: limitQuery(100), response: AuditListView }, async ({ auth, query }) => {
    const data = await listAudit(deps.db, auth.accountId, { limit: query.limit });
    return { object: 'list' as const, data, total: data.length };
  }));
  router.post('/audit', route({ body: Body, status: 201, response: AuditEntryView }, async ({ auth, body }) => {
    if (body.workflow_id) await ownedWorkflow(deps.db, auth.accountId, body.workflow_id);
    const entry = await recordAudit(deps.db, {
      accountId: auth.accountId,
      workflowId: body.workflow_id ?? null,
      action: body.action,
      summary: body.summary,
      actor: await actorOf(deps.db, auth),
      diff: (body.diff ?? []) as Record<string, unknown>,
    });
    return auditView(entry);
  }));
  return router;
}
