import type { Deps } from '../src/deps';
import { accrueStorage } from '../src/storage/billing/accrual';
import { replicateObject } from '../src/storage/object-store/replication';
import type { ReplicationItem } from '../src/storage/contract/replication';

/** The hourly storage accrual (workflows/storage-accrual.ts) and replication (workflows/s3-replication.ts). */
export function createStorageActivities(deps: Deps) {
  return {
    accrueStorageHour: (hourStartIso: string) => accrueStorage(deps, new Date(hourStartIso)),
    replicateObject: (input: { bucketId: string; ruleId: string; item: ReplicationItem }) => replicateObject(deps, input),
  };
}

export type StorageActivities = ReturnType<typeof createStorageActivities>;
