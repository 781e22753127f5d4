// Deleting a finished run: its rows (the run, node results and events cascade with it, plus the
// rows that name it without a foreign key) in one transaction that also queues its stored results
// for deletion; the blobs go once that commits (src/storage/blob-store-deletions.ts). A run whose
// stored results another run still references (a re-run reusing them, a parent that copied a
// sub-workflow's outputs) is refused: that run would point at missing blobs.
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { Run } from '../../infra/db/schema/index';
import { coded, notFound } from '../../infra/http/errors';
import { finishBlobDeletion, queueBlobDeletion } from '../../storage/blob-store-deletions';
import { FINISHED_STATUSES } from '../run/service';
import { runResultsPrefix } from './result-refs';
import { recordedText, runFamily } from './result-sweep';

export const RunDeletedView = z.object({ object: z.literal('run'), id: z.string(), deleted: z.literal(true) });

/** 409 `run_active` for a run still queued or running (cancel it first). */
export async function deleteRun(deps: Pick<Deps, 'db' | 'blobs' | 'logger'>, run: Run): Promise<z.infer<typeof RunDeletedView>> {
  const active = (status: string) =>
    coded(409, 'run_active', `Run ${run.id} is ${status}; only a finished run can be deleted (cancel it first).`, { status });
  if (!FINISHED_STATUSES.includes(run.status)) throw active(run.status);
  const prefix = runResultsPrefix(run.account_id, run.id);
  // Runs that reuse its stored results (a re-run, a sub-workflow's parent) would lose them.
  const family = await runFamily(deps, run.id);
  const users: string[] = [];
  for (const id of family.ids) if (id !== run.id && (await recordedText(deps, [id])).some((t) => t.includes(prefix))) users.push(id);
  if (users.length > 0 || !family.complete) {
    const why = family.complete ? `${users.length} other run(s) still reference` : 'too many linked runs to check may reference';
    throw coded(409, 'run_results_in_use', `Run ${run.id} stored results that ${why}; delete those first.`, { run_ids: users });
  }
  const deleted = await deps.db.transaction().execute(async (trx) => {
    // Re-checked in the statement: a resume may have started it again since it was read.
    const gone = await trx
      .deleteFrom('runs')
      .where('id', '=', run.id)
      .where('account_id', '=', run.account_id)
      .where('status', 'in', FINISHED_STATUSES)
      .returning('id')
      .executeTakeFirst();
    if (!gone) return false;
    await trx.deleteFrom('run_watchdog_actions').where('run_id', '=', run.id).execute();
    await trx.deleteFrom('engine_run_arms').where('run_id', '=', run.id).execute();
    await trx.deleteFrom('engine_incidents').where('run_id', '=', run.id).execute();
    await queueBlobDeletion(trx, prefix, 'run');
    return true;
  });
  if (!deleted) {
    // Deleted by another request meanwhile, or started again by a resume.
    const now = await deps.db.selectFrom('runs').select('status').where('id', '=', run.id).executeTakeFirst();
    if (!now) throw notFound();
    throw active(now.status);
  }
  await finishBlobDeletion(deps, prefix);
  return { object: 'run' as const, id: run.id, deleted: true as const };
}
