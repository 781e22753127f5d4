// Blobs whose rows are deleted (a run's stored results, an account's files) go after the rows: the
// prefix is queued in blob_deletions by the transaction that deletes the rows, the blobs are
// deleted once it commits, then the queue row. A process that dies in between leaves the queue row,
// and the sweep finishes the job. Users never see rows pointing at missing blobs; at worst blobs
// without rows wait for the next pass.
//
// What a deleted account had on the S3 server (its object-store buckets with their access-key
// users, its simple-bucket folders in the shared store) is queued the same way in s3_deletions.
import { AbortMultipartUploadCommand, DeleteBucketCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type { Deps } from '../deps';
import type { Database } from '../infra/db/index';
import type { S3Deletion } from '../infra/db/schema/index';
import type { Logger } from '../infra/logging/logger';
import type { BlobStore } from './blob-store';
import { s3For } from './context';
import { s3ErrorName } from './s3/server';

type Db = Pick<Database, 'insertInto'>;

/** Why a prefix is deleted (kept on the queue row for whoever looks at a stuck one). */
export type BlobDeletionReason = 'run' | 'account';

/** Queues `prefix` (ending with `/`) for deletion, inside the transaction that deletes its rows. */
export async function queueBlobDeletion(trx: Db, prefix: string, reason: BlobDeletionReason): Promise<void> {
  if (!prefix.endsWith('/') || prefix === '/') throw new Error(`blob deletion prefix must be a folder: ${prefix}`);
  await trx.insertInto('blob_deletions').values({ prefix, reason }).onConflict((oc) => oc.column('prefix').doNothing()).execute();
}

/**
 * Deletes the blobs under a queued prefix, then its queue row. Returns false (and logs) when the
 * store failed: the row stays for the sweep.
 */
export async function finishBlobDeletion(deps: { db: Database; blobs: BlobStore; logger: Logger }, prefix: string): Promise<boolean> {
  try {
    await deps.blobs.deletePrefix(prefix);
  } catch (err) {
    deps.logger.warn({ err, prefix }, 'blob deletion failed; the sweep will try again');
    return false;
  }
  await deps.db.deleteFrom('blob_deletions').where('prefix', '=', prefix).execute();
  return true;
}

/**
 * Finishes queued deletions (oldest first, `limit` of each kind): blob prefixes, then what is
 * queued on the S3 server. Those a process left behind.
 */
export async function sweepBlobDeletions(deps: Pick<Deps, 'db' | 'blobs' | 'logger' | 'config'>, limit = 100): Promise<number> {
  const queued = await deps.db.selectFrom('blob_deletions').select('prefix').orderBy('requested_at').limit(limit).execute();
  let done = 0;
  for (const { prefix } of queued) if (await finishBlobDeletion(deps, prefix)) done++;
  const onServer = await deps.db.selectFrom('s3_deletions').selectAll().orderBy('requested_at').limit(limit).execute();
  for (const row of onServer) if (await finishS3Deletion(deps, row)) done++;
  return done;
}

/** What to remove from the S3 server: a whole bucket with its users, or a folder of a shared bucket. */
export type S3DeletionTarget = { bucket: string; wholeBucket: true; accessKeys: string[] } | { bucket: string; wholeBucket: false; prefix: string };

/** Queues `target` for deletion, inside the transaction that deletes its rows. */
export async function queueS3Deletion(trx: Pick<Database, 'insertInto'>, target: S3DeletionTarget, reason: 'account'): Promise<void> {
  if (!target.wholeBucket && (!target.prefix.endsWith('/') || target.prefix === '/')) throw new Error(`S3 deletion prefix must be a folder: ${target.prefix}`);
  const values = target.wholeBucket
    ? { bucket: target.bucket, prefix: '', whole_bucket: true, access_keys: target.accessKeys, reason }
    : { bucket: target.bucket, prefix: target.prefix, whole_bucket: false, reason };
  await trx
    .insertInto('s3_deletions')
    .values(values)
    .onConflict((oc) => oc.columns(['bucket', 'prefix']).doNothing())
    .execute();
}

/**
 * Removes a queued target from the S3 server, then its queue row. A whole bucket loses its users
 * first (its keys stop working at once), then every object, version and multipart upload, then the
 * bucket; a bucket already gone counts as done. Returns false (and logs) when the server failed:
 * the row stays for the sweep.
 */
export async function finishS3Deletion(deps: { db: Database; logger: Logger; config: Deps['config'] }, row: S3Deletion): Promise<boolean> {
  const gone = (err: unknown) => s3ErrorName(err) === 'NoSuchBucket';
  try {
    const s3 = s3For(deps);
    if (row.whole_bucket) {
      if (s3.admin) for (const key of row.access_keys) await s3.admin.deleteUser(key);
      try {
        await s3.deleteAll(row.bucket, '');
        await s3.deleteAll(row.bucket, '', { versions: true });
        const aborted = new Set<string>();
        for (;;) {
          const page = await s3.root.send(new ListMultipartUploadsCommand({ Bucket: row.bucket }));
          const uploads = (page.Uploads ?? []).filter((u) => u.Key && u.UploadId);
          if (uploads.length === 0) break;
          for (const u of uploads) {
            // An upload listed again after its abort would loop for ever: leave it to the next pass.
            if (aborted.has(u.UploadId!)) throw new Error(`multipart upload ${u.UploadId} in ${row.bucket} is still listed after its abort`);
            aborted.add(u.UploadId!);
            await s3.root.send(new AbortMultipartUploadCommand({ Bucket: row.bucket, Key: u.Key, UploadId: u.UploadId }));
          }
        }
        await s3.root.send(new DeleteBucketCommand({ Bucket: row.bucket }));
      } catch (err) {
        if (!gone(err)) throw err;
      }
      s3.forget(row.bucket);
    } else {
      await s3.deleteAll(row.bucket, row.prefix).catch((err: unknown) => {
        if (!gone(err)) throw err;
      });
    }
  } catch (err) {
    deps.logger.warn({ err, bucket: row.bucket, prefix: row.prefix }, 'deletion on the S3 server failed; the sweep will try again');
    return false;
  }
  await deps.db.deleteFrom('s3_deletions').where('bucket', '=', row.bucket).where('prefix', '=', row.prefix).execute();
  return true;
}
