// The periodic sweep of stored node results (src/engine/execution/result-refs.ts). Three jobs:
// - deletions a process left half done (a run or account whose rows are gone, blobs not yet);
// - in each run finished longer than the grace period ago, the blobs under its results prefix that
//   nothing of the run references any more: the bytes of an attempt that failed after writing its
//   result, a retried activity whose first write lost the race, a port the run never reported.
//   References count from the run's node results, events and input, and from those of the runs
//   linked to it (a sub-workflow's parent copies its child's results, a child gets its parent's in
//   its input, a re-run reuses the results of the nodes it does not execute again). A blob
//   written after the grace cut-off is left for a later pass, and so is a run resumed meanwhile;
//   a run linked to more runs than the sweep follows keeps all its blobs;
// - results prefixes of runs that have no row any more (a write that landed after its run was
//   deleted), once per grace period.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { startSweep, sweepInterval } from '../../infra/sweep';
import { sweepBlobDeletions } from '../../storage/blob-store-deletions';
import { FINISHED_STATUSES, isUuid } from '../run/service';
import { runResultsPrefix } from './result-refs';

type SweepDeps = Pick<Deps, 'db' | 'blobs' | 'logger' | 'config'>;

/** Finished runs looked at per pass (in the order they finished); the rest wait for the next pass. */
const RUNS_PER_PASS = 100;

export interface ResultSweepReport {
  /** Queued prefix deletions finished. */
  deletions: number;
  /** Finished runs whose results were checked. */
  runs: number;
  /** Unreferenced result blobs deleted. */
  orphans: number;
  /** Results prefixes of runs without a row, deleted. */
  strays: number;
}

/** Runs linked to a run followed at most (a larger family is reported incomplete). */
const MAX_FAMILY = 500;

/**
 * The runs whose rows may reference `runId`'s results: itself and the runs linked to it, in both
 * directions and transitively: parent and children (sub-workflows, agent tools) and the runs
 * retried or re-run from it (a re-run reuses the results of nodes it does not execute again).
 * `complete` is false when there were more than MAX_FAMILY of them (the rest were not followed).
 */
export async function runFamily(deps: Pick<Deps, 'db'>, runId: string): Promise<{ ids: string[]; complete: boolean }> {
  const ids = new Set([runId]);
  let level = [runId];
  while (level.length && ids.size < MAX_FAMILY) {
    const [links, linked] = await Promise.all([
      deps.db.selectFrom('runs').select(['parent_run_id', 'retried_from']).where('id', 'in', level).execute(),
      deps.db
        .selectFrom('runs')
        .select('id')
        .where((eb) => eb.or([eb('parent_run_id', 'in', level), eb('retried_from', 'in', level)]))
        .limit(MAX_FAMILY)
        .execute(),
    ]);
    const next = new Set<string>();
    for (const l of links) for (const id of [l.parent_run_id, l.retried_from]) if (id && !ids.has(id)) next.add(id);
    for (const { id } of linked) if (!ids.has(id)) next.add(id);
    level = [...next];
    for (const id of level) ids.add(id);
  }
  return { ids: [...ids], complete: level.length === 0 };
}

/** The JSON text of everything the runs recorded (results, events, inputs), to look keys up in. */
export async function recordedText(deps: Pick<Deps, 'db'>, runIds: string[]): Promise<string[]> {
  if (runIds.length === 0) return [];
  const [outputs, events, inputs] = await Promise.all([
    deps.db.selectFrom('run_node_outputs').select(sql<string>`output::text`.as('t')).where('run_id', 'in', runIds).execute(),
    deps.db.selectFrom('run_events').select(sql<string>`data::text`.as('t')).where('run_id', 'in', runIds).execute(),
    deps.db.selectFrom('runs').select(sql<string>`input::text`.as('t')).where('id', 'in', runIds).execute(),
  ]);
  return [...outputs, ...events, ...inputs].map((r) => r.t);
}

/**
 * Deletes the blobs under one finished run's results prefix that nothing references and that were
 * written before `cutoff`; records the run as swept at its resume count. Returns how many went.
 */
export async function sweepRunResults(
  deps: SweepDeps,
  run: { id: string; account_id: string; resumed_count: number },
  cutoff: Date,
): Promise<number> {
  const candidates: string[] = [];
  for await (const blob of deps.blobs.list(runResultsPrefix(run.account_id, run.id))) {
    if (blob.lastModified && blob.lastModified < cutoff) candidates.push(blob.key);
  }
  let deleted = 0;
  if (candidates.length > 0) {
    const family = await runFamily(deps, run.id);
    if (!family.complete) {
      deps.logger.warn({ runId: run.id }, 'result sweep: run linked to too many runs to check their references; its blobs are kept');
      return 0;
    }
    const texts = await recordedText(deps, family.ids);
    const orphans = candidates.filter((key) => !texts.some((t) => t.includes(key)));
    // A resume since the run was picked may reference these again: only a run still finished
    // at the same resume count loses them.
    const still = await deps.db
      .selectFrom('runs')
      .select('id')
      .where('id', '=', run.id)
      .where('resumed_count', '=', run.resumed_count)
      .where('status', 'in', FINISHED_STATUSES)
      .executeTakeFirst();
    if (!still) return 0;
    for (const key of orphans) {
      await deps.blobs.delete(key);
      deleted++;
    }
    if (deleted) deps.logger.info({ runId: run.id, deleted }, 'result sweep: deleted unreferenced result blobs');
  }
  // From the run's row, so a run deleted meanwhile is simply not recorded.
  await deps.db
    .insertInto('run_result_sweeps')
    .columns(['run_id', 'resumed_count'])
    .expression((eb) => eb.selectFrom('runs').select(['id', eb.val(run.resumed_count).as('resumed_count')]).where('id', '=', run.id))
    .onConflict((oc) => oc.column('run_id').doUpdateSet({ resumed_count: run.resumed_count, swept_at: new Date() }))
    .execute();
  return deleted;
}

/** Results prefixes (under each account) of runs that have no row, all of whose blobs predate `cutoff`. */
export async function sweepStrayRunResults(deps: SweepDeps, cutoff: Date): Promise<number> {
  let deleted = 0;
  const accounts = await deps.db.selectFrom('accounts').select('id').execute();
  for (const { id: accountId } of accounts) {
    // `<account>/run-results/`: a run's prefix without the run.
    const base = runResultsPrefix(accountId, '').replace(/\/+$/, '/');
    // Per run id: whether every blob under it is older than the cut-off.
    const runs = new Map<string, boolean>();
    for await (const blob of deps.blobs.list(base)) {
      const runId = blob.key.slice(base.length).split('/')[0];
      if (!runId) continue;
      const old = !!blob.lastModified && blob.lastModified < cutoff;
      runs.set(runId, (runs.get(runId) ?? true) && old);
    }
    const ids = [...runs.keys()];
    if (ids.length === 0) continue;
    const uuids = ids.filter(isUuid);
    const known = new Set(uuids.length ? (await deps.db.selectFrom('runs').select('id').where('id', 'in', uuids).execute()).map((r) => r.id) : []);
    for (const runId of ids) {
      if (known.has(runId) || !runs.get(runId)) continue;
      await deps.blobs.deletePrefix(runResultsPrefix(accountId, runId));
      deleted++;
    }
  }
  return deleted;
}

/**
 * How far behind its last pass's position the next pass looks again: a run's finished_at is set
 * inside the transaction that finishes it, so one may become visible slightly out of order.
 */
const CURSOR_OVERLAP_MS = 5 * 60_000;

/**
 * One pass: queued deletions, then up to RUNS_PER_PASS finished runs not yet swept at their
 * current resume count (oldest first; with `since`, only those finished after it), then (when
 * `strays`) prefixes of runs without rows. `through` is where the next pass may start: the
 * finish time of the last run looked at, or the cut-off once none are left.
 */
export async function sweepResults(
  deps: SweepDeps,
  graceS: number,
  opts: { now?: Date; strays?: boolean; since?: Date } = {},
): Promise<ResultSweepReport & { through: Date }> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - graceS * 1000);
  const deletions = await sweepBlobDeletions(deps);
  let query = deps.db
    .selectFrom('runs as r')
    .leftJoin('run_result_sweeps as s', 's.run_id', 'r.id')
    .select(['r.id', 'r.account_id', 'r.resumed_count', 'r.finished_at'])
    .where('r.finished_at', '<', cutoff)
    .where('r.status', 'in', FINISHED_STATUSES)
    .where((eb) => eb.or([eb('s.run_id', 'is', null), eb('s.resumed_count', '<>', eb.ref('r.resumed_count'))]));
  if (opts.since) query = query.where('r.finished_at', '>=', opts.since);
  const runs = await query.orderBy('r.finished_at').limit(RUNS_PER_PASS).execute();
  let orphans = 0;
  for (const run of runs) orphans += await sweepRunResults(deps, run, cutoff);
  const strays = opts.strays ? await sweepStrayRunResults(deps, cutoff) : 0;
  const through = runs.length === RUNS_PER_PASS ? (runs[runs.length - 1]!.finished_at ?? cutoff) : cutoff;
  return { deletions, runs: runs.length, orphans, strays, through };
}

/**
 * Starts the sweep in this process (the worker's): a pass every sweepInterval(graceS), each going
 * on from where the last one stopped (the first pass of a process starts from the oldest run), the
 * scan for prefixes of runs without rows at most once per grace period. Returns the stop function.
 */
export function startResultSweep(deps: SweepDeps, graceS: number): () => Promise<void> {
  let lastStrayScan = 0;
  let since: Date | undefined;
  return startSweep(deps.logger, 'result blob sweep', sweepInterval(graceS), async () => {
    const strays = Date.now() - lastStrayScan >= graceS * 1000;
    const report = await sweepResults(deps, graceS, { strays, since });
    if (strays) lastStrayScan = Date.now();
    since = new Date(report.through.getTime() - CURSOR_OVERLAP_MS);
    if (report.deletions || report.orphans || report.strays) deps.logger.info(report, 'result blob sweep');
    return report;
  });
}
