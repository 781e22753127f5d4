// The engine's reaper and watchdog as one long-running workflow per task queue,
// visible in the Temporal UI; continues as new to keep its history short.
import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../activities/index';
import type { EngineMaintenanceArgs } from '../src/engine/run/watchdog';

const maintenanceActivity = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  // The pass heartbeats every 5 s (activities/heartbeat.ts): one lost with its worker is retried
  // after 20 s, so a crash never leaves the watchdog itself stalled for minutes.
  heartbeatTimeout: '20 seconds',
  retry: { maximumAttempts: 3, initialInterval: '5 seconds', backoffCoefficient: 2 },
});

const TICKS_PER_EXECUTION = 200;

export async function engineMaintenance(args: EngineMaintenanceArgs): Promise<void> {
  let sinceReap = args.sinceReapS;
  for (let tick = 0; tick < TICKS_PER_EXECUTION; tick++) {
    const reap = sinceReap >= args.reaperIntervalS;
    try {
      await maintenanceActivity.runMaintenanceScan({ reap, watch: true });
    } catch {
      // A failed pass is retried on the next tick; the loop itself must not die.
    }
    if (reap) sinceReap = 0;
    await sleep(args.watchdogIntervalS * 1000);
    sinceReap += args.watchdogIntervalS;
  }
  await continueAsNew<typeof engineMaintenance>({ ...args, sinceReapS: sinceReap });
}
