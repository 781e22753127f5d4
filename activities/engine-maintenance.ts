import type { Deps } from '../src/deps';
import { scanNow, type ScanResult } from '../src/engine/run/watchdog';
import { whileHeartbeating } from './heartbeat';

export function createEngineMaintenanceActivities(deps: Deps) {
  return {
    /**
     * One reaper and/or watchdog pass (the engineMaintenance workflow's tick). It heartbeats: the
     * watchdog matters most right after a crash, and a pass lost with its worker must be retried
     * within seconds, not at its 5-minute start-to-close timeout.
     */
    runMaintenanceScan: (opts: { reap: boolean; watch: boolean }): Promise<ScanResult> => whileHeartbeating(() => scanNow(deps, 'schedule', opts)),
  };
}
