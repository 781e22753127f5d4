import { notFound } from '../http/errors';

/**
 * The row a lookup found, or 404 Not Found. Lookups filter on the caller's account, so another
 * account's id is simply not found — never 403, never data:
 *
 *   const hook = await orNotFound(db.selectFrom('webhooks').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
 */
export async function orNotFound<T>(lookup: Promise<T | null | undefined> | T | null | undefined): Promise<T> {
  const row = await lookup;
  if (row === null || row === undefined) throw notFound();
  return row;
}
