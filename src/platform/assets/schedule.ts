import { ScheduleAlreadyRunning, ScheduleNotFoundError } from '@temporalio/client';
import type { Deps } from '../../deps';
import { workflowRef } from '../../infra/temporal/workflow-ref';

/** The assetPurge workflow (workflows/asset-purge.ts), which the schedule's action starts by reference. */
export const assetPurge = workflowRef<() => Promise<{ assets: number; sandboxOutputs: number }>>('assetPurge');

/** One schedule per task queue, so deployments (and test stacks) sharing a server stay apart. */
export const assetPurgeScheduleId = (taskQueue: string) => `atelier-asset-purge-${taskQueue}`;

/**
 * The background sweep every 15 minutes, as a Temporal Schedule (visible in the UI).
 * Created idempotently at worker start-up; an existing schedule is left as it is.
 */
export async function ensureAssetPurgeSchedule(deps: Deps): Promise<void> {
  const scheduleId = assetPurgeScheduleId(deps.taskQueue);
  try {
    await deps.temporal.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: '15 minutes' }] },
      action: { type: 'startWorkflow', workflowType: assetPurge, taskQueue: deps.taskQueue, workflowId: `asset-purge-${deps.taskQueue}`, args: [] },
      policies: { overlap: 'SKIP', catchupWindow: '1 minute' },
      memo: { purpose: 'purge face assets past retention and sandbox outputs older than 24 h' },
    });
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    throw err;
  }
}

export async function deleteAssetPurgeSchedule(deps: Deps): Promise<void> {
  try {
    await deps.temporal.schedule.getHandle(assetPurgeScheduleId(deps.taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
