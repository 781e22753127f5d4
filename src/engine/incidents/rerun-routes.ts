// Ours (beyond the reference): POST /v1/runs/{run_id}/rerun-from — re-run a finished run from any
// node as a new, linked run (retried_from), optionally on another spec version of the workflow,
// with the node's incoming values patched and its params overridden. Nodes not downstream of it
// keep their earlier outputs (reused, not executed again).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { coded, validationFailed } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { isoTime } from '../../infra/http/views';
import { nodeRegistry } from '../catalogue/node-registry';
import { planWorkflow } from '../workflows/planner';
import { FINISHED_STATUSES, getRunRow } from '../run/service';
import { startRunAt } from './resume-at';

const Params = z.object({ run_id: z.string().min(1) });
const Body = z.object({
  node_id: z.string().min(1),
  // workflow_versions.version is a Postgres integer.
  version: z.number().int().min(1).max(2_147_483_647).optional(),
  patch_incoming: z.record(z.string(), z.unknown()).optional(),
  override_config: z.record(z.string(), z.unknown()).optional(),
});

const RerunView = z.object({
  run_id: z.string().describe('The new run'),
  rerun_of: z.string(),
  node_id: z.string(),
  version: z.number().int().describe('The workflow version the new run follows'),
  status: z.literal('queued'),
  reused_nodes: z.array(z.string()).describe('Nodes whose earlier outputs the new run reuses instead of running them again'),
  created_at: isoTime,
});

export function rerunRoutes(deps: Deps): Router {
  const router = Router();
  router.post('/runs/:run_id/rerun-from', route({ params: Params, body: Body, status: 201, response: RerunView, summary: 'Re-run a finished run from one of its nodes as a new, linked run', errors: [409] }, async ({ auth, params, body }) => {
    const run = await getRunRow(deps, auth.accountId, params.run_id);
    if (!FINISHED_STATUSES.includes(run.status)) throw coded(409, 'run_not_finished', `Run ${run.id} is ${run.status}; re-run a finished run.`, { status: run.status });
    let plan = run.plan;
    let version = run.workflow_version;
    if (body.version !== undefined && body.version !== run.workflow_version) {
      const stored = await deps.db.selectFrom('workflow_versions').select(['spec', 'version']).where('workflow_id', '=', run.workflow_id).where('account_id', '=', auth.accountId).where('version', '=', body.version).executeTakeFirst();
      if (!stored) throw validationFailed([{ type: 'value_error', loc: ['body', 'version'], msg: `Workflow ${run.workflow_id} has no version ${body.version}`, input: body.version }]);
      const planned = planWorkflow(stored.spec, nodeRegistry, { at: ['body', 'version'] });
      if (!planned.ok) throw validationFailed(planned.issues);
      plan = planned.plan;
      version = stored.version;
    }
    if (!plan.nodes[body.node_id]) throw validationFailed([{ type: 'value_error', loc: ['body', 'node_id'], msg: `No node "${body.node_id}" in version ${version}`, input: body.node_id }]);
    const { run: fresh, reused } = await startRunAt(deps, {
      run, nodeId: body.node_id, plan, version, sandbox: auth.sandbox,
      patchIncoming: body.patch_incoming, overrideConfig: body.override_config, note: `re-run from ${body.node_id}`,
    });
    return { run_id: fresh.id, rerun_of: run.id, node_id: body.node_id, version, status: 'queued' as const, reused_nodes: reused, created_at: fresh.created_at.toISOString() };
  }));
  return router;
}
