// Deleting an account and everything it owns. One transaction deletes the account row (the tables
// that reference it cascade), the rows of the tables that carry its id without a foreign key
// (run side tables, story parts…) and queues its blob folder, `<account>/`, for deletion; the
// blobs go once that commits (src/storage/blob-store-deletions.ts), or, if this process dies
// first, in the worker's next result sweep.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { coded, notFound } from '../../infra/http/errors';
import { finishBlobDeletion, queueBlobDeletion } from '../../storage/blob-store-deletions';

/** The account's folder in the blob store: every key newKey and the engine make for it starts so. */
export function accountBlobPrefix(accountId: string): string {
  return `${accountId.replace(/[^A-Za-z0-9._-]/g, '_')}/`;
}

/**
 * Deletes the account, its rows and its blobs. 404 for an unknown account; 409 `account_runs_active`
 * while any of its runs is queued or running (they would write into a deleted account: cancel them).
 */
export async function deleteAccount(deps: Pick<Deps, 'db' | 'blobs' | 'logger'>, accountId: string): Promise<{ object: 'account'; id: string; deleted: true }> {
  const account = await deps.db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFound();
  const prefix = accountBlobPrefix(accountId);
  await deps.db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('runs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(active.n) > 0) {
      throw coded(409, 'account_runs_active', `Account ${accountId} has ${active.n} runs queued or running; cancel them before deleting the account.`, { active_runs: Number(active.n) });
    }
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
  });
  await finishBlobDeletion(deps, prefix);
  deps.logger.info({ accountId }, 'account deleted');
  return { object: 'account' as const, id: accountId, deleted: true as const };
}
