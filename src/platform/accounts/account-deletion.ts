// Deleting an account and everything it owns. One transaction deletes the account row (the tables
// that reference it cascade), the rows of the tables that carry its id without a foreign key
// (run side tables, story parts…) and queues its blob folder, `<account>/`, for deletion, with what
// it has on the S3 server: each object-store bucket (objects, versions, multipart uploads, its
// access-key users, the bucket) and each simple bucket's folder in the shared simple-bucket store.
// They go once that commits (src/storage/blob-store-deletions.ts), or, if this process dies first,
// in the worker's next result sweep.
import { sql, type Transaction } from 'kysely';
import type { Deps } from '../../deps';
import type { DB } from '../../infra/db/schema/index';
import { coded, notFound } from '../../infra/http/errors';
import { finishBlobDeletion, finishS3Deletion, queueBlobDeletion, queueS3Deletion, type S3DeletionTarget } from '../../storage/blob-store-deletions';

/** The account's folder in the blob store: every key newKey and the engine make for it starts so. */
export function accountBlobPrefix(accountId: string): string {
  return `${accountId.replace(/[^A-Za-z0-9._-]/g, '_')}/`;
}

/** What the account has on the S3 server, read inside the deleting transaction (before the rows go). */
async function serverTargets(trx: Transaction<DB>, config: Deps['config'], accountId: string): Promise<S3DeletionTarget[]> {
  const targets: S3DeletionTarget[] = [];
  const buckets = await trx.selectFrom('s3_buckets').select(['id', 'server_bucket']).where('account_id', '=', accountId).where('deleted_at', 'is', null).execute();
  for (const b of buckets) {
    const keys = await trx.selectFrom('s3_credentials').select('access_key_id').where('bucket_id', '=', b.id).where('status', '!=', 'revoked').execute();
    targets.push({ bucket: b.server_bucket, wholeBucket: true, accessKeys: keys.map((k) => k.access_key_id) });
  }
  // Without S3 credentials nothing was ever stored for a simple bucket.
  if (config.storage.accessKeyId && config.storage.secretAccessKey) {
    const simple = await trx.selectFrom('simple_buckets').select('path_prefix').where('account_id', '=', accountId).execute();
    for (const b of simple) targets.push({ bucket: config.storage.simpleBucket, wholeBucket: false, prefix: b.path_prefix });
  }
  return targets;
}

/**
 * Deletes the account, its rows, its blobs and its buckets on the S3 server. 404 for an unknown account; 409 `account_runs_active`
 * while any of its runs is queued or running (they would write into a deleted account: cancel them).
 */
export async function deleteAccount(deps: Pick<Deps, 'db' | 'blobs' | 'logger' | 'config'>, accountId: string): Promise<{ object: 'account'; id: string; deleted: true }> {
  const account = await deps.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound();
  const prefix = accountBlobPrefix(accountId);
  const targets = await deps.db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(active.n) > 0) {
      throw coded(409, 'account_runs_active', `Account ${accountId} has ${active.n} runs queued or running; cancel them before deleting the account.`, { active_runs: Number(active.n) });
    }
    const onServer = await serverTargets(trx, deps.config, accountId);
    const gone = await trx.deleteFrom('accounts').where('id', '=', accountId).returning('id').executeTakeFirst();
    if (!gone) throw notFound();
    // Tables that name the account without a foreign key to it (found in the catalogue, so a table
    // added later is covered too).
    const tables = await sql<{ table_name: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'account_id' and t.table_type = 'BASE TABLE'
      order by c.table_name
    `.execute(trx);
    for (const { table_name } of tables.rows) {
      await sql`delete from ${sql.table(table_name)} where account_id = ${accountId}`.execute(trx);
    }
    await queueBlobDeletion(trx, prefix, 'account');
    for (const target of onServer) await queueS3Deletion(trx, target, 'account');
    return onServer;
  });
  await finishBlobDeletion(deps, prefix);
  for (const t of targets) {
    const row = await deps.db.selectFrom('s3_deletions').selectAll().where('bucket', '=', t.bucket).where('prefix', '=', t.wholeBucket ? '' : t.prefix).executeTakeFirst();
    if (row) await finishS3Deletion(deps, row);
  }
  deps.logger.info({ accountId }, 'account deleted');
  return { object: 'account' as const, id: accountId, deleted: true as const };
}
