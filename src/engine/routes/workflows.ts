import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { AuthContext } from '../../platform/auth/context';
import { sandboxOnLive } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import {
  createWorkflow,
  duplicateWorkflow,
  getVersion,
  getWorkflow,
  listVersions,
  listWorkflows,
  updateWorkflow,
  validateSpec,
  WorkflowListView,
  WorkflowVersionListView,
  WorkflowVersionView,
  WorkflowView,
} from '../workflows/service';
import { WorkflowSpec } from '../workflows/spec';
import { actorOf } from '../audit/audit-service';
import { deleteWorkflowAudited } from './workflow-delete';

// Query strings carry booleans as text.
const queryBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  include_legacy: queryBool.default(false),
});
const IdParams = z.object({ workflow_id: z.string().min(1) });
const VersionParams = IdParams.extend({ version: z.coerce.number().int().min(1) });
const Name = z.string().trim().min(1).max(200);
const Description = z.string().max(5000).nullable();
const Tags = z.array(z.string().min(1).max(64)).max(50);

/** The spec itself is validated by the planner (every issue at once, loc under body.spec). */
const CreateBody = z.object({
  name: Name,
  description: Description.optional(),
  spec: z.unknown(),
  tags: Tags.optional(),
  active: z.boolean().optional(),
});
const UpdateBody = z.object({
  name: Name.optional(),
  description: Description.optional(),
  spec: z.unknown().optional(),
  tags: Tags.optional(),
  active: z.boolean().optional(),
});
const DuplicateBody = z.object({ name: Name.optional() }).optional();
const ValidateBody = z.object({ spec: z.unknown() });
const ValidationView = z.object({
  object: z.literal('workflow_validation'),
  valid: z.literal(true),
  version_hash: z.string(),
  node_count: z.number().int(),
  edge_count: z.number().int(),
  order: z.array(z.string()).describe('The nodes in a topological order'),
  ports: z.record(z.string(), z.array(z.string())).describe("Each node's output ports"),
  spec: WorkflowSpec,
});
const DeletedView = z.object({ object: z.literal('workflow'), id: z.string(), deleted: z.boolean() });

/** Workflows CRUD, duplicate, and (ours) the version history. */
export function workflowRoutes(deps: Deps): Router {
  const router = Router();
  const { db } = deps;
  router.get('/workflows', route({ query: ListQuery, response: WorkflowListView }, ({ auth, query }) =>
    listWorkflows(db, auth.accountId, { limit: query.limit, offset: query.offset, includeLegacy: query.include_legacy })));
  router.post('/workflows', route({ body: CreateBody, status: 201, response: WorkflowView }, async ({ auth, body }) =>
    createWorkflow(db, auth.accountId, body, { actor: await actorOf(db, auth) })));
  // Ours: the planner's verdict on a spec without saving it (editors and `atelier validate`):
  // 200 with what a save would store, or the same 422 list a create would answer.
  router.post('/workflows/validate', route({ body: ValidateBody, response: ValidationView }, ({ body }) => {
    const { spec, plan, hash } = validateSpec(body.spec);
    return {
      object: 'workflow_validation' as const,
      valid: true as const,
      version_hash: hash,
      node_count: spec.nodes.length,
      edge_count: spec.edges.length,
      order: plan.order,
      ports: Object.fromEntries(Object.values(plan.nodes).map((n) => [n.id, n.outputPorts])),
      spec,
    };
  }));
  router.get('/workflows/:workflow_id', route({ params: IdParams, response: WorkflowView }, ({ auth, params }) =>
    getWorkflow(db, auth.accountId, params.workflow_id)));
  // Stored workflows are what live runs run: a sandbox key reads them and may create new ones, but
  // changes none (a sandbox key tries an edit with a run's spec_override instead).
  const liveOnly = async (auth: AuthContext, workflowId: string) => {
    if (!auth.sandbox) return;
    await getWorkflow(db, auth.accountId, workflowId);
    throw sandboxOnLive('workflow', workflowId);
  };
  router.put('/workflows/:workflow_id', route({ params: IdParams, body: UpdateBody, response: WorkflowView, errors: [403] }, async ({ auth, params, body }) => {
    await liveOnly(auth, params.workflow_id);
    return updateWorkflow(db, auth.accountId, params.workflow_id, body, { actor: await actorOf(db, auth) });
  }));
  router.delete('/workflows/:workflow_id', route({ params: IdParams, response: DeletedView, errors: [403] }, async ({ auth, params }) => {
    await liveOnly(auth, params.workflow_id);
    return deleteWorkflowAudited(deps, auth.accountId, await actorOf(db, auth), params.workflow_id);
  }));
  router.post('/workflows/:workflow_id/duplicate', route({ params: IdParams, body: DuplicateBody, status: 201, response: WorkflowView }, async ({ auth, params, body }) =>
    duplicateWorkflow(db, auth.accountId, params.workflow_id, { name: body?.name, actor: await actorOf(db, auth) })));
  router.get('/workflows/:workflow_id/versions', route({ params: IdParams, response: WorkflowVersionListView }, ({ auth, params }) =>
    listVersions(db, auth.accountId, params.workflow_id)));
  router.get('/workflows/:workflow_id/versions/:version', route({ params: VersionParams, response: WorkflowVersionView }, ({ auth, params }) =>
    getVersion(db, auth.accountId, params.workflow_id, params.version)));
  return router;
}
