import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { StorageActivities } from '../activities/storage';
import { replicateSignal, replicationStatusQuery } from './definitions';
import type { ReplicationInput, ReplicationItem, ReplicationStatus } from '../src/storage/contract/replication';

const { replicateObject } = proxyActivities<StorageActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 6, initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** Statuses kept (newest keys); older keys drop out of the status query. */
const KEEP = 1000;
/** Items handled per run before continuing as new, so the history stays small. */
const PER_RUN = 500;

/**
 * One per replication rule (workflow id s3-replication-<bucket>-<rule>), started by the first
 * object event the rule matches and signalled with every later one: copies each new object (or
 * applies each delete, when the rule replicates deletes) to the destination bucket, one at a
 * time in event order, retried by Temporal; each key's status is answered by the `status` query.
 */
export async function s3Replication(input: ReplicationInput): Promise<void> {
  const queue: ReplicationItem[] = [...(input.pending ?? [])];
  const statuses = new Map<string, ReplicationStatus>((input.statuses ?? []).map((s) => [s.key, s]));
  const set = (s: ReplicationStatus) => {
    statuses.delete(s.key);
    statuses.set(s.key, s);
    if (statuses.size > KEEP) statuses.delete(statuses.keys().next().value!);
  };
  setHandler(replicateSignal, (item) => {
    queue.push(item);
    set({ key: item.key, version_id: item.versionId, op: item.op, status: 'PENDING', destination_bucket: null, updated_at: new Date().toISOString() });
  });
  setHandler(replicationStatusQuery, () => [...statuses.values()]);

  let handled = 0;
  for (;;) {
    await condition(() => queue.length > 0);
    if (handled >= PER_RUN || workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof s3Replication>({ bucketId: input.bucketId, ruleId: input.ruleId, pending: queue, statuses: [...statuses.values()] });
    }
    const item = queue.shift()!;
    try {
      const r = await replicateObject({ bucketId: input.bucketId, ruleId: input.ruleId, item });
      set({ key: item.key, version_id: item.versionId, op: item.op, status: r.status, destination_bucket: r.destinationBucket, updated_at: new Date().toISOString(), ...(r.reason ? { error: r.reason } : {}) });
    } catch (err) {
      set({ key: item.key, version_id: item.versionId, op: item.op, status: 'FAILED', destination_bucket: null, updated_at: new Date().toISOString(), error: (err as Error).message });
    }
    handled += 1;
  }
}
