// A run's Temporal execution as the services see it: read by resume, the watchdog and rate-policy
// admission, in a module of its own so none of them imports another to ask.
import { WorkflowNotFoundError } from '@temporalio/common';
import type { Deps } from '../../deps';

/** Whether the run's Temporal execution is still open. */
export async function executionOpen(deps: Pick<Deps, 'temporal'>, runId: string): Promise<boolean> {
  try {
    const d = await deps.temporal.workflow.getHandle(runId).describe();
    return d.status.name === 'RUNNING';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}
