import type { Deps } from '../src/deps';
import { accrueStorage } from '../src/storage/billing/accrual';

/** The hourly storage accrual (workflows/storage-accrual.ts). */
export function createStorageActivities(deps: Deps) {
  return {
    accrueStorageHour: (hourStartIso: string) => accrueStorage(deps, new Date(hourStartIso)),
  };
}

export type StorageActivities = ReturnType<typeof createStorageActivities>;
