// The replication workflow's signal and query, declared once: workflows/s3-replication.ts handles
// them (through workflows/definitions.ts) and the API sends them. Pure definitions, safe in
// workflow code.
import { defineQuery, defineSignal } from '@temporalio/workflow';

export interface ReplicationInput {
  bucketId: string;
  ruleId: string;
  /** Carried over continue-as-new: what was still queued, and the latest statuses. */
  pending?: ReplicationItem[];
  statuses?: ReplicationStatus[];
}

/** One object event to carry to the destination bucket. */
export interface ReplicationItem {
  op: 'put' | 'delete';
  key: string;
  versionId: string | null;
  eventTime: string | null;
}

/** As S3 reports it on the source object, plus SKIPPED (nothing to do: object gone, rule off). */
export type ReplicationState = 'PENDING' | 'COMPLETED' | 'FAILED' | 'SKIPPED';

export interface ReplicationStatus {
  key: string;
  version_id: string | null;
  op: 'put' | 'delete';
  status: ReplicationState;
  destination_bucket: string | null;
  updated_at: string;
  error?: string;
}

export const replicateSignal = defineSignal<[item: ReplicationItem]>('replicate');
/** The latest status of each key the workflow has seen (the newest 1000 keys). */
export const replicationStatusQuery = defineQuery<ReplicationStatus[]>('status');
export const replicationWorkflowId = (bucketId: string, ruleId: string) => `s3-replication-${bucketId}-${ruleId}`;
