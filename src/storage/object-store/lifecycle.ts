import { AbortMultipartUploadCommand, DeleteObjectsCommand, ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { s3For } from '../context';

interface LifecycleRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  prefix?: string;
  expiration?: { days: number };
  abort_incomplete_multipart_upload?: { days_after_initiation: number };
}

const DAY = 86_400_000;

/**
 * The parts of a lifecycle configuration Atelier carries out itself (the storage server has no
 * lifecycle engine): `expiration` removes current objects older than its days (a delete marker in a
 * versioned bucket; object lock still refuses locked versions), and
 * `abort_incomplete_multipart_upload` aborts uploads started longer ago. Run by the hourly sweep.
 * Transitions and noncurrent-version rules are recorded only.
 */
export async function applyLifecycle(deps: Deps, bucket: S3Bucket, now = new Date()): Promise<{ expired: number; aborted: number }> {
  const rules = ((bucket.settings.lifecycle as { rules?: LifecycleRule[] } | undefined)?.rules ?? []).filter((r) => r.status === 'Enabled');
  const s3 = s3For(deps).root;
  let expired = 0;
  let aborted = 0;
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
    if (rule.abort_incomplete_multipart_upload) {
      const cutoff = now.getTime() - rule.abort_incomplete_multipart_upload.days_after_initiation * DAY;
      const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket.server_bucket, Prefix: prefix }));
      for (const u of uploads.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() > cutoff) continue;
        await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket.server_bucket, Key: u.Key, UploadId: u.UploadId })).then(() => (aborted += 1), () => undefined);
      }
    }
  }
  return { expired, aborted };
}
