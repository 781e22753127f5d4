import { CopyObjectCommand, DeleteObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { s3For } from '../context';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import {
  replicateSignal,
  replicationStatusQuery,
  replicationWorkflowId,
  type ReplicationInput,
  type ReplicationItem,
  type ReplicationState,
  type ReplicationStatus,
} from '../contract/replication';

/**
 * Replication rules carried out by Atelier: a durable workflow per rule (workflows/s3-replication.ts)
 * copies each new object under the rule's prefix to the destination bucket — one of the same
 * account's object-store buckets — and, when the rule's delete_marker_replication is Enabled,
 * applies deletes there too. The storage server's object events start it (see notifications.ts).
 */
/** The s3Replication workflow (workflows/s3-replication.ts), started by reference. */
export const s3Replication = workflowRef<(input: ReplicationInput) => Promise<void>>('s3Replication');

interface ReplicationRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  priority: number;
  prefix?: string;
  destination?: { bucket: string; storage_class?: string };
  delete_marker_replication?: 'Enabled' | 'Disabled';
}

function rules(bucket: S3Bucket): ReplicationRule[] {
  return ((bucket.settings.replication as { rules?: ReplicationRule[] } | null | undefined)?.rules ?? []).filter((r) => r.status === 'Enabled' && r.destination);
}

/** `arn:aws:s3:::<name>`, a bucket's server name or its id. */
const destinationName = (raw: string) => raw.replace(/^arn:aws:s3:::/, '');

/** The destination must be another live bucket of the same account (400 for PUT otherwise). */
export async function destinationBucket(deps: Deps, bucket: S3Bucket, raw: string): Promise<S3Bucket | undefined> {
  const name = destinationName(raw);
  const q = deps.db.selectFrom('s3_buckets').selectAll().where('account_id', '=', bucket.account_id).where('deleted_at', 'is', null).where('id', '!=', bucket.id);
  return (/^[0-9a-f-]{36}$/i.test(name) ? q.where((eb) => eb.or([eb('server_bucket', '=', name), eb('id', '=', name.toLowerCase())])) : q.where('server_bucket', '=', name)).executeTakeFirst();
}

/**
 * Signals the rule's workflow (starting it when needed) for every enabled rule the event
 * matches: creations always, removals when the rule replicates deletes. Copies the replicator made
 * itself are not replicated again (a rule pointing back at the source would loop).
 */
export async function enqueueReplication(deps: Deps, bucket: S3Bucket, event: { name: string; key: string; versionId: string | null; time: string | null; principal: string | null }): Promise<number> {
  if (event.principal && event.principal === s3For(deps).replicatorKeyId) return 0;
  const op = event.name.startsWith('s3:ObjectCreated:') ? 'put' : event.name.startsWith('s3:ObjectRemoved:') ? 'delete' : null;
  if (!op) return 0;
  let started = 0;
  for (const rule of rules(bucket)) {
    if (rule.prefix && !event.key.startsWith(rule.prefix)) continue;
    if (op === 'delete' && rule.delete_marker_replication !== 'Enabled') continue;
    const item: ReplicationItem = { op, key: event.key, versionId: event.versionId, eventTime: event.time };
    await deps.temporal.workflow.signalWithStart(s3Replication, {
      taskQueue: deps.taskQueue,
      workflowId: replicationWorkflowId(bucket.id, rule.id),
      args: [{ bucketId: bucket.id, ruleId: rule.id }],
      signal: replicateSignal,
      signalArgs: [item],
      memo: { account_id: bucket.account_id, bucket_id: bucket.id, rule_id: rule.id },
    });
    started += 1;
  }
  return started;
}

/** The activity: one object (or delete) carried to the destination, as the replicator user. */
export async function replicateObject(
  deps: Deps,
  input: { bucketId: string; ruleId: string; item: ReplicationItem },
): Promise<{ status: ReplicationState; destinationBucket: string | null; reason?: string }> {
  const bucket = await deps.db.selectFrom('s3_buckets').selectAll().where('id', '=', input.bucketId).where('deleted_at', 'is', null).executeTakeFirst();
  const rule = bucket ? rules(bucket).find((r) => r.id === input.ruleId) : undefined;
  if (!bucket || !rule) return { status: 'SKIPPED', destinationBucket: null, reason: 'the bucket or the rule is gone or disabled' };
  const dest = await destinationBucket(deps, bucket, rule.destination!.bucket);
  if (!dest) return { status: 'FAILED', destinationBucket: null, reason: `destination bucket ${rule.destination!.bucket} is not one of this account's buckets` };
  const s3 = s3For(deps);
  await s3.ensurePresigner();
  const { key, versionId } = input.item;
  try {
    if (input.item.op === 'delete') {
      await s3.replicator.send(new DeleteObjectCommand({ Bucket: dest.server_bucket, Key: key }));
    } else {
      const source = `${bucket.server_bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}${versionId ? `?versionId=${encodeURIComponent(versionId)}` : ''}`;
      await s3.replicator.send(new CopyObjectCommand({ Bucket: dest.server_bucket, Key: key, CopySource: source, MetadataDirective: 'COPY' }));
    }
  } catch (err) {
    // The source version is gone (deleted before it could be copied): nothing left to replicate.
    if (err instanceof S3ServiceException && ['NoSuchKey', 'NoSuchVersion', 'NotFound'].includes(err.name)) {
      return { status: 'SKIPPED', destinationBucket: dest.server_bucket, reason: 'the source object no longer exists' };
    }
    throw err;
  }
  return { status: 'COMPLETED', destinationBucket: dest.server_bucket };
}

/** Every rule's latest per-key statuses (GET …/replication/status), newest last. */
export async function replicationStatuses(deps: Deps, bucket: S3Bucket, key?: string): Promise<Array<ReplicationStatus & { rule_id: string }>> {
  const out: Array<ReplicationStatus & { rule_id: string }> = [];
  const all = ((bucket.settings.replication as { rules?: ReplicationRule[] } | null | undefined)?.rules ?? []);
  for (const rule of all) {
    try {
      const statuses = await deps.temporal.workflow.getHandle(replicationWorkflowId(bucket.id, rule.id)).query(replicationStatusQuery);
      for (const s of statuses) if (!key || s.key === key) out.push({ rule_id: rule.id, ...s });
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
  return out;
}
