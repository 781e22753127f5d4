// Runs started by runs (control.sub_workflow, an agent's workflow tools). They bypass the API's
// per-key rate limits, so without bounds of their own two workflows starting each other multiply
// runs without end (and with `wait: true` each level holds a worker slot). Three rules apply to
// every such start, before anything is written:
// - ancestry: the workflow may not already be running above the caller (a cycle), and a chain of
//   runs is at most MAX_RUN_DEPTH levels deep;
// - the account has at most `engine.maxConcurrentRunsPerAccount` runs queued or running;
// - a sub-workflow's workflow must be active (an agent's tool has its own `active` switch).
import type { Deps } from '../../deps';
import type { Run } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { startTriggeredRun } from './trigger-start';

/** Levels of runs started by runs below the one a trigger started (that one is level 0). */
export const MAX_RUN_DEPTH = 10;

/** The workflows of a run and its ancestors, and how deep the run is (0: started by a trigger). */
export async function runAncestry(deps: Deps, runId: string): Promise<{ workflows: Set<string>; depth: number }> {
  const workflows = new Set<string>();
  let current: string | null = runId;
  let depth = -1;
  // One level past the limit is enough to know the limit is reached.
  for (let i = 0; current && i <= MAX_RUN_DEPTH + 1; i++) {
    const row: { workflow_id: string; parent_run_id: string | null } | undefined = await deps.db.selectFrom('runs').select(['workflow_id', 'parent_run_id']).where('id', '=', current).executeTakeFirst();
    if (!row) break;
    workflows.add(row.workflow_id);
    depth++;
    current = row.parent_run_id;
  }
  return { workflows, depth };
}

/** Refuses a child start past the depth limit or into a cycle (409 `run_depth_exceeded` / `workflow_cycle`). */
export async function checkAncestry(deps: Deps, parentRunId: string, workflowId: string): Promise<void> {
  const { workflows, depth } = await runAncestry(deps, parentRunId);
  if (workflows.has(workflowId)) {
    throw coded(409, 'workflow_cycle', `Workflow ${workflowId} is already running above this run (run ${parentRunId} or one of its parents); a run cannot start a workflow of its own ancestry.`, { workflow_id: workflowId, parent_run_id: parentRunId });
  }
  if (depth + 1 > MAX_RUN_DEPTH) {
    throw coded(409, 'run_depth_exceeded', `Run ${parentRunId} is ${depth} levels below the run a trigger started; runs started by runs may nest at most ${MAX_RUN_DEPTH} levels deep.`, { max_depth: MAX_RUN_DEPTH, parent_run_id: parentRunId });
  }
}

/** Refuses a child start while the account has its cap of runs queued or running (429 `rate_limit_exceeded`). */
export async function checkAccountRuns(deps: Deps, accountId: string): Promise<void> {
  const max = deps.config.engine.maxConcurrentRunsPerAccount;
  if (!max) return;
  const row = await deps.db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  const inFlight = Number(row.n);
  if (inFlight >= max) {
    throw coded(
      429,
      'rate_limit_exceeded',
      `This account has ${inFlight} runs queued or running; a run may start another run only while the account has fewer than ${max}. Retry when some finish.`,
      { scope: 'account_concurrency', max_concurrent_runs: max, in_flight: inFlight },
      { 'X-RateLimit-Limit': String(max), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 1), 'Retry-After': '1' },
    );
  }
}

/** Starts a run as the child of `parent` (its node), under the rules above. */
export async function startChildRun(
  deps: Deps,
  req: {
    accountId: string;
    workflowId: string;
    input: Record<string, unknown>;
    sandbox: boolean;
    parent: { runId: string; nodeId: string };
    /** Refuse an inactive workflow (409 `workflow_inactive`), as a sub-workflow does. */
    requireActive?: boolean;
    usdCapMicros?: number | null;
  },
): Promise<Run> {
  await checkAncestry(deps, req.parent.runId, req.workflowId);
  await checkAccountRuns(deps, req.accountId);
  return startTriggeredRun(deps, { ...req, triggerType: 'manual' });
}
