// Runs started by something other than POST /v1/runs (a schedule firing, a public hook, a test):
// the same resolve-and-start path, so the planner, the rate policy, canary routing and the wallet
// apply exactly as for a run started through the API.
import type { Deps } from '../../deps';
import type { Run } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import type { TriggerType } from '../contract/run-contract';
import { startRun } from './service';
import { resolveWorkflowForRun } from '../workflows/service';

export async function startTriggeredRun(
  deps: Deps,
  req: {
    accountId: string;
    workflowId: string;
    input: Record<string, unknown>;
    triggerType: TriggerType;
    sandbox?: boolean;
    /** An agent's workflow tool: the calling run and node, and the cap left to the agent. */
    parent?: { runId: string; nodeId: string };
    usdCapMicros?: number | null;
    /** Refuse the start when the workflow is inactive (409 `workflow_inactive`). */
    requireActive?: boolean;
  },
): Promise<Run> {
  const resolved = await resolveWorkflowForRun(deps.db, req.accountId, req.workflowId);
  if (req.requireActive && !resolved.workflow.active) {
    throw coded(409, 'workflow_inactive', `Workflow ${resolved.workflow.id} is inactive; activate it (PUT active=true) to let other runs start it.`, { workflow_id: resolved.workflow.id });
  }
  return startRun(deps, {
    accountId: req.accountId,
    sandbox: req.sandbox ?? false,
    workflowId: resolved.workflow.id,
    version: resolved.version.version,
    plan: resolved.plan,
    input: req.input,
    triggerType: req.triggerType,
    ...(req.parent ? { parent: req.parent } : {}),
    ...(req.usdCapMicros !== undefined ? { usdCapMicros: req.usdCapMicros } : {}),
    ...(resolved.runRules ? { knownRules: resolved.runRules } : {}),
  });
}
