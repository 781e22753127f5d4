// The caller's live workflow row, or 404 (missing, deleted or another account's:
// isolation). Shared by the engine's satellite records (schedules, hooks, tests, canary …).
import type { Database } from '../infra/db/index';
import type { Workflow } from '../infra/db/schema/index';
import { orNotFound } from '../infra/db/or-not-found';

export async function ownedWorkflow(db: Database, accountId: string, workflowId: string, opts: { lock?: boolean } = {}): Promise<Workflow> {
  let q = db.selectFrom('workflows').selectAll().where('id', '=', workflowId).where('account_id', '=', accountId).where('deleted_at', 'is', null);
  if (opts.lock) q = q.forUpdate();
  return orNotFound(q.executeTakeFirst());
}
