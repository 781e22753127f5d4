import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  type ObjectVersion,
  type DeleteMarkerEntry,
} from '@aws-sdk/client-s3';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { s3For } from '../context';
import { STORAGE_CLASSES, type StorageClass } from './catalog';

interface LifecycleRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  prefix?: string;
  transitions?: { days: number; storage_class: string }[];
  expiration?: { days: number };
  noncurrent_version_expiration?: { noncurrent_days: number };
  abort_incomplete_multipart_upload?: { days_after_initiation: number };
}

const DAY = 86_400_000;

function enabledRules(bucket: S3Bucket): LifecycleRule[] {
  return ((bucket.settings.lifecycle as { rules?: LifecycleRule[] } | undefined)?.rules ?? []).filter((r) => r.status === 'Enabled');
}

/**
 * The storage class an object is in under the bucket's lifecycle transitions: the last transition
 * whose age it has reached (as on S3, a transition never changes the object's last-modified
 * time), else what the server reports. The storage server keeps every object on one kind of disk,
 * so a class is a price here: usage is billed, listed and measured by it. Null when no rule applies.
 */
export function transitionedClass(bucket: S3Bucket, now = new Date()): (key: string, lastModified: Date | undefined) => StorageClass | null {
  const rules = enabledRules(bucket).filter((r) => r.transitions?.length);
  if (rules.length === 0) return () => null;
  return (key, lastModified) => {
    if (!lastModified) return null;
    const age = now.getTime() - lastModified.getTime();
    let best: { days: number; cls: StorageClass } | null = null;
    for (const rule of rules) {
      if (rule.prefix && !key.startsWith(rule.prefix)) continue;
      for (const t of rule.transitions ?? []) {
        if (!(t.storage_class in STORAGE_CLASSES) || age < t.days * DAY) continue;
        if (!best || t.days > best.days) best = { days: t.days, cls: t.storage_class as StorageClass };
      }
    }
    return best?.cls ?? null;
  };
}

/**
 * The parts of a lifecycle configuration Atelier carries out itself (the storage server has no
 * lifecycle engine), run by the hourly sweep:
 * - `expiration` removes current objects older than its days (a delete marker in a versioned
 *   bucket; object lock still refuses locked versions);
 * - `noncurrent_version_expiration` removes, for good, versions that stopped being current more
 *   than its days ago (when the next newer version or delete marker was written);
 * - `abort_incomplete_multipart_upload` aborts uploads started longer ago.
 * Transitions need no step here: they are applied by age wherever usage is measured
 * (`transitionedClass`).
 */
export async function applyLifecycle(deps: Deps, bucket: S3Bucket, now = new Date()): Promise<{ expired: number; aborted: number; noncurrentExpired: number }> {
  const rules = enabledRules(bucket);
  const s3 = s3For(deps).root;
  let expired = 0;
  let aborted = 0;
  let noncurrentExpired = 0;
  for (const rule of rules) {
    const prefix = rule.prefix || undefined;
    if (rule.expiration) {
      const cutoff = now.getTime() - rule.expiration.days * DAY;
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket.server_bucket, Prefix: prefix, ContinuationToken: token }));
        const due = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() <= cutoff).map((o) => ({ Key: o.Key! }));
        if (due.length) {
          const r = await s3.send(new DeleteObjectsCommand({ Bucket: bucket.server_bucket, Delete: { Objects: due, Quiet: true } })).catch(() => undefined);
          if (r) expired += due.length - (r.Errors?.length ?? 0);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
    if (rule.noncurrent_version_expiration) {
      noncurrentExpired += await expireNoncurrent(deps, bucket, prefix, now.getTime() - rule.noncurrent_version_expiration.noncurrent_days * DAY);
    }
    if (rule.abort_incomplete_multipart_upload) {
      const cutoff = now.getTime() - rule.abort_incomplete_multipart_upload.days_after_initiation * DAY;
      const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket.server_bucket, Prefix: prefix }));
      for (const u of uploads.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() > cutoff) continue;
        await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket.server_bucket, Key: u.Key, UploadId: u.UploadId })).then(() => (aborted += 1), () => undefined);
      }
    }
  }
  return { expired, aborted, noncurrentExpired };
}

/**
 * Deletes the noncurrent versions (and delete markers) of keys under `prefix` that became
 * noncurrent at or before `cutoff`. A version becomes noncurrent when the next newer entry of its
 * key is written, so its age counts from that entry's last-modified time. Versions under object
 * lock are refused by the server and stay.
 */
async function expireNoncurrent(deps: Deps, bucket: S3Bucket, prefix: string | undefined, cutoff: number): Promise<number> {
  const s3 = s3For(deps).root;
  // All entries of one key, newest first (the listing's order within a key).
  const byKey = new Map<string, (ObjectVersion | DeleteMarkerEntry)[]>();
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  do {
    const page = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket.server_bucket, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
    for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
      if (!v.Key) continue;
      const list = byKey.get(v.Key) ?? [];
      list.push(v);
      byKey.set(v.Key, list);
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
  } while (keyMarker);
  let removed = 0;
  for (const [key, entries] of byKey) {
    entries.sort((a, b) => (b.LastModified?.getTime() ?? 0) - (a.LastModified?.getTime() ?? 0) || Number(Boolean(b.IsLatest)) - Number(Boolean(a.IsLatest)));
    for (let i = 1; i < entries.length; i++) {
      const v = entries[i]!;
      const supersededAt = entries[i - 1]!.LastModified?.getTime();
      if (v.IsLatest || supersededAt === undefined || supersededAt > cutoff || !v.VersionId) continue;
      await s3.send(new DeleteObjectCommand({ Bucket: bucket.server_bucket, Key: key, VersionId: v.VersionId })).then(() => (removed += 1), () => undefined);
    }
  }
  return removed;
}
