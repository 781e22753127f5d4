// The action of every engine schedule's Temporal Schedule: one activity that starts the run
// through the engine's start path (src/engine/schedules/fire.ts), so rate policy and wallet apply.
import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index';
import type { ScheduleFireInput } from '../src/engine/schedules/temporal-schedule';

const { fireEngineSchedule } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 5, initialInterval: '2 seconds', backoffCoefficient: 2 },
});

export async function engineScheduleFire(input: ScheduleFireInput): Promise<{ outcome: string; run_id?: string; reason?: string }> {
  return fireEngineSchedule(input);
}
