// Blobs whose rows are deleted (a run's stored results, an account's files) go after the rows: the
// prefix is queued in blob_deletions by the transaction that deletes the rows, the blobs are
// deleted once it commits, then the queue row. A process that dies in between leaves the queue row,
// and the sweep finishes the job. Users never see rows pointing at missing blobs; at worst blobs
// without rows wait for the next pass.
import type { Deps } from '../deps';
import type { Database } from '../infra/db/index';
import type { Logger } from '../infra/logging/logger';
import type { BlobStore } from './blob-store';

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

/** Finishes queued deletions (oldest first, `limit` of them): those a process left behind. */
export async function sweepBlobDeletions(deps: Pick<Deps, 'db' | 'blobs' | 'logger'>, limit = 100): Promise<number> {
  const queued = await deps.db.selectFrom('blob_deletions').select('prefix').orderBy('requested_at').limit(limit).execute();
  let done = 0;
  for (const { prefix } of queued) if (await finishBlobDeletion(deps, prefix)) done++;
  return done;
}
