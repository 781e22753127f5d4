import { ScheduleAlreadyRunning, ScheduleNotFoundError } from '@temporalio/client';
import type { Deps } from '../../deps';
import { workflowRef } from '../../infra/temporal/workflow-ref';

/** The storageAccrual workflow (workflows/storage-accrual.ts), which the schedule's action starts by reference. */
export const storageAccrual = workflowRef<() => Promise<{ hour: string; chargedMicros: number }>>('storageAccrual');

/** One schedule per task queue, so deployments (and test stacks) sharing a server stay apart. */
export const storageAccrualScheduleId = (taskQueue: string) => `atelier-storage-accrual-${taskQueue}`;

/**
 * Storage accrues hourly, as a Temporal Schedule (visible in the UI). Created
 * idempotently at worker start-up; an existing schedule is left as it is.
 */
export async function ensureStorageAccrualSchedule(deps: Deps): Promise<void> {
  try {
    await deps.temporal.schedule.create({
      scheduleId: storageAccrualScheduleId(deps.taskQueue),
      spec: { intervals: [{ every: deps.config.storage.accrualEvery as '1 hour' }] },
      action: { type: 'startWorkflow', workflowType: storageAccrual, taskQueue: deps.taskQueue, workflowId: `storage-accrual-${deps.taskQueue}`, args: [] },
      policies: { overlap: 'SKIP', catchupWindow: '1 hour' },
      memo: { purpose: 'charge the hour of storage just ended (simple buckets, object-store buckets) and expire rotated keys' },
    });
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return;
    throw err;
  }
}

export async function deleteStorageAccrualSchedule(deps: Deps): Promise<void> {
  try {
    await deps.temporal.schedule.getHandle(storageAccrualScheduleId(deps.taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
