// Canary routing at run start (Deps.runAdmission.route, which startRun in src/engine/run/service.ts
// calls): a run of the workflow's current spec (not a spec_override, retry, replay or simulation)
// runs the stable or the canary version as the rule's draw says, and the arm it took is recorded
// with the run (engine_run_arms).
import type { Deps } from '../../deps';
import type { StartRunRequest } from '../run/start-request';
import { nodeRegistry } from '../catalogue/node-registry';
import { planWorkflow } from '../workflows/planner';
import { checkAutoRollback, chooseArm } from './rules';

async function plannedVersion(deps: Deps, workflowId: string, hash: string) {
  const version = await deps.db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('workflow_id', '=', workflowId)
    .where('hash', '=', hash)
    .orderBy('version', 'asc')
    .executeTakeFirst();
  if (!version) return undefined;
  const planned = planWorkflow(version.spec, nodeRegistry, { at: ['canary', 'spec'] });
  return planned.ok ? { version: version.version, plan: planned.plan } : undefined;
}

export async function routeCanary(deps: Deps, req: StartRunRequest, runId: string): Promise<StartRunRequest> {
  if (req.skipCanary || req.retriedFrom || req.completed) return req;
  const rule = await deps.db
    .selectFrom('engine_canary_rules')
    .selectAll()
    .where('workflow_id', '=', req.workflowId)
    .where('account_id', '=', req.accountId)
    .executeTakeFirst();
  if (!rule || (!rule.is_active && !rule.rollback_triggered)) return req;
  const workflow = await deps.db.selectFrom('workflows').select('current_version').where('id', '=', req.workflowId).executeTakeFirst();
  if (workflow?.current_version !== req.version) return req;
  const live = await checkAutoRollback(deps.db, rule);
  const userId = typeof req.input.user_id === 'string' || typeof req.input.user_id === 'number' ? String(req.input.user_id) : null;
  // A rolled-back canary sends everyone to the stable version.
  const choice = live.is_active ? chooseArm(live, userId ?? runId) : { isCanary: false, version: live.stable_version, reason: 'rolled back' };
  const arm = choice.isCanary ? 'canary' : 'stable';
  const target = await plannedVersion(deps, req.workflowId, choice.version);
  if (!target) {
    deps.logger.warn({ workflowId: req.workflowId, arm }, 'canary rule names a version that no longer plans; the run keeps the current version');
    return req;
  }
  return {
    ...req,
    version: target.version,
    plan: target.plan,
    onInsert: async (trx, run) => {
      await req.onInsert?.(trx, run);
      await trx.insertInto('engine_run_arms').values({ run_id: run.id, account_id: run.account_id, workflow_id: run.workflow_id, arm, version_hash: choice.version }).execute();
    },
  };
}
