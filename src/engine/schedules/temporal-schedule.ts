// Each engine schedule is one Temporal Schedule (visible in the Temporal UI under its id
// `engine-schedule-<id>`). Its action starts the small engineScheduleFire workflow, whose one
// activity starts the run through the engine's start path (rate policy, canary, wallet).
import { ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Deps } from '../../deps';
import type { EngineSchedule } from '../../infra/db/schema/index';
import { workflowRef } from '../../infra/temporal/workflow-ref';

export const temporalScheduleId = (scheduleId: string) => `engine-schedule-${scheduleId}`;
export interface ScheduleFireInput {
  scheduleId: string;
  accountId: string;
}

/** The engineScheduleFire workflow (workflows/engine-schedule-fire.ts), which the schedule's action starts by reference. */
export const engineScheduleFire = workflowRef<(input: ScheduleFireInput) => Promise<{ outcome: string; run_id?: string; reason?: string }>>('engineScheduleFire');

/** Temporal reads day-of-week 0-6; a cron's `7` (Sunday, as in Vixie cron) becomes `0`. */
export function temporalCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  fields[4] = fields[4]!.split(',').map((item) => (item === '7' ? '0' : item.replace(/^(\d)-7(\/|$)/, '$1-6$2').replace(/^7-7$/, '0'))).join(',');
  return fields.join(' ');
}

function spec(row: Pick<EngineSchedule, 'cron' | 'timezone'>) {
  return { cronExpressions: [temporalCron(row.cron)], timezone: row.timezone };
}

export async function createTemporalSchedule(deps: Deps, row: EngineSchedule): Promise<void> {
  const input: ScheduleFireInput = { scheduleId: row.id, accountId: row.account_id };
  await deps.temporal.schedule.create({
    scheduleId: row.temporal_schedule_id,
    spec: spec(row),
    action: {
      type: 'startWorkflow',
      workflowType: engineScheduleFire,
      workflowId: `${row.temporal_schedule_id}-fire`,
      taskQueue: deps.taskQueue,
      args: [input],
      workflowExecutionTimeout: '5 minutes',
      staticSummary: `schedule ${row.id} of workflow ${row.workflow_id}`,
    },
    // A firing only starts a run; the run itself is a separate engineRun execution.
    policies: { overlap: ScheduleOverlapPolicy.ALLOW_ALL, catchupWindow: '1 minute' },
    memo: { schedule_id: row.id, workflow_id: row.workflow_id, account_id: row.account_id },
    state: { paused: !row.active, note: row.active ? undefined : 'inactive (active=false)' },
  });
}

export async function updateTemporalSchedule(deps: Deps, row: EngineSchedule): Promise<void> {
  const handle = deps.temporal.schedule.getHandle(row.temporal_schedule_id);
  await handle.update((prev) => ({
    ...prev,
    spec: spec(row),
    state: { ...prev.state, paused: !row.active, note: row.active ? 'active' : 'inactive (active=false)' },
  }));
}

export async function deleteTemporalSchedule(deps: Deps, temporalId: string): Promise<void> {
  try {
    await deps.temporal.schedule.getHandle(temporalId).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
