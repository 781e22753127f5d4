import type { Deps } from '../src/deps';
import { scanNow, type ScanResult } from '../src/engine/watchdog';

export function createEngineMaintenanceActivities(deps: Deps) {
  return {
    /** One reaper and/or watchdog pass (the engineMaintenance workflow's tick). */
    async runMaintenanceScan(opts: { reap: boolean; watch: boolean }): Promise<ScanResult> {
      return scanNow(deps, 'schedule', opts);
    },
  };
}
