// Which Temporal execution a run's writes come from, and what an operator's reset changes.
//
// A reset (`temporal workflow reset`, the Temporal UI's Reset) starts a new execution of the run's
// workflow id with its history up to the reset point; the workflow code then runs every node from
// there again. The engine's activities notice it on their side: each execution's first activity in
// a process compares its Temporal run id with the one the run row names (runs.temporal_run_id, set
// by the first activity of each execution). A new execution of the same generation that Temporal's
// history shows to be a reset is recorded once: a `run_reset` event naming the new and previous
// executions, the reset point and which nodes keep their results, and the run row pointing at the
// new execution (reopened when it had finished). From then on, in that execution (its "epoch"):
//   - a node whose success was recorded before the reset keeps it: its activity answers the recorded
//     result without running the node again, and none of its writes reach the run's events again;
//   - every other node's events (one started before the reset, one that failed) are written again,
//     under keys of the new execution, as is the run's end.
// A resume (a new generation) or an execution a later reset replaced is not a reset.
// The package is CommonJS: a named import of its value fails under plain Node (`npm start`).
import proto from '@temporalio/proto';
import type { temporal } from '@temporalio/proto';
import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import { compiledOnce } from '../../infra/db/compiled';
import type { Deps } from '../../deps';
import { microsToUsd } from '../../platform/billing/money';
import type { NodeOutput } from '../contract/types';
import { epochs, type ResetEpoch } from './epochs';
import { RUN_EVENTS_CHANNEL } from './store';

/** Where the reset put the run, from the new execution's history. */
export interface ResetPoint {
  /** The execution the operator reset. */
  baseRunId: string | null;
  /** The history event the execution was reset to (the first one the new execution wrote itself). */
  eventId: number | null;
  reason: string | null;
}

const SEEN_KEPT = 10_000;
/** Executions this process has checked, by run: `${generation}:${temporalRunId}`. */
const seen = new Map<string, string>();

function remember(runId: string, key: string): void {
  seen.delete(runId);
  seen.set(runId, key);
  if (seen.size > SEEN_KEPT) {
    const oldest = seen.keys().next().value!;
    seen.delete(oldest);
    epochs.delete(oldest);
  }
}

const resetEventKey = (generation: number, temporalRunId: string) => `${generation}:run:run_reset:${temporalRunId}`;

/** Checks in flight, by run: the activities of one execution that start together share one. */
const checking = new Map<string, { key: string; done: Promise<void> }>();

/**
 * Whether this process runs the engine's activities (set when they are created). A run it starts is
 * then observed at once (`observeStarted`), so the first activity of the execution finds the check
 * done instead of making it before its node runs.
 */
export const observedHere = { active: false };

/** Bench A/B switch: false makes each activity check on its own when it starts (no early or shared check). */
export const observeShortcuts = { enabled: true };

/**
 * Called by every engine activity before it writes (cheap after the first call of an execution in
 * this process): notices the execution it runs in, records a reset the first time one is seen, and
 * learns the reset epoch of a reset execution. Concurrent calls for one execution (a fan-out's first
 * activities) wait for the same check; one that finds the check failed makes its own.
 */
export function observeExecution(deps: Pick<Deps, 'db' | 'temporal' | 'logger'>, runId: string, generation: number, temporalRunId: string | undefined): Promise<void> {
  if (!temporalRunId) return Promise.resolve();
  const key = `${generation}:${temporalRunId}`;
  if (seen.get(runId) === key) return Promise.resolve();
  const inFlight = checking.get(runId);
  if (inFlight?.key === key && observeShortcuts.enabled) return inFlight.done.catch(() => observeExecution(deps, runId, generation, temporalRunId));
  const done = check(deps, runId, generation, temporalRunId, key).finally(() => {
    if (checking.get(runId)?.done === done) checking.delete(runId);
  });
  checking.set(runId, { key, done });
  return done;
}

/**
 * The execution a run's start has just begun, observed by the process that started it when that
 * process also runs the engine's activities: the claim then overlaps the execution's first workflow
 * task. Not awaited; should it fail, the execution's first activity checks again.
 */
export function observeStarted(deps: Pick<Deps, 'db' | 'temporal' | 'logger'>, runId: string, generation: number, temporalRunId: string): void {
  if (!observedHere.active || !observeShortcuts.enabled) return;
  observeExecution(deps, runId, generation, temporalRunId).catch((err: unknown) => deps.logger.warn({ err, runId }, 'could not claim the run for its new execution; its first activity will'));
}

/** check's claim, compiled once (every run's execution makes it); its parameters are the Temporal run id, the generation, the run id and the generation again. */
const claimRun = compiledOnce((db) =>
  db
    .updateTable('runs')
    .set({ temporal_run_id: '', temporal_generation: 0 })
    .where('id', '=', '')
    .where((eb) => eb.or([eb('temporal_run_id', 'is', null), eb('temporal_generation', '<', 0)]))
    .returning('id')
    .compile(),
);

async function check(deps: Pick<Deps, 'db' | 'temporal' | 'logger'>, runId: string, generation: number, temporalRunId: string, key: string): Promise<void> {
  const { db } = deps;
  // Claim the run for this execution when no execution (or an older generation's) has it.
  const [claimed] = await claimRun(db, [temporalRunId, generation, runId, generation]);
  if (claimed) {
    epochs.delete(runId);
    remember(runId, key);
    return;
  }
  const row = await db.selectFrom('runs').select(['temporal_run_id', 'temporal_generation']).where('id', '=', runId).executeTakeFirst();
  if (!row || row.temporal_generation === null || row.temporal_generation > generation) {
    // Gone, or an older generation's execution still winding down: nothing to learn.
    remember(runId, key);
    return;
  }
  const recorded = await resetEventOf(db, runId, generation, temporalRunId);
  if (row.temporal_run_id === temporalRunId) {
    // The run's current execution: a reset one when its reset was recorded (by another process, or before a restart).
    if (recorded) epochs.set(runId, await epochAt(db, runId, generation, temporalRunId, recorded.seq));
    else epochs.delete(runId);
    remember(runId, key);
    return;
  }
  // Another execution of the same generation holds the run. Either this one replaced it by a reset,
  // or a later reset replaced this one (its reset is recorded already).
  if (recorded) {
    remember(runId, key);
    return;
  }
  const point = await resetPointOf(deps, runId, temporalRunId);
  if (!point) {
    remember(runId, key);
    return;
  }
  await recordReset(db, runId, generation, temporalRunId, row.temporal_run_id, point);
  const now = await resetEventOf(db, runId, generation, temporalRunId);
  if (now) epochs.set(runId, await epochAt(db, runId, generation, temporalRunId, now.seq));
  remember(runId, key);
}

async function resetEventOf(db: Database, runId: string, generation: number, temporalRunId: string): Promise<{ seq: number } | undefined> {
  return db.selectFrom('run_events').select('seq').where('run_id', '=', runId).where('dedupe_key', '=', resetEventKey(generation, temporalRunId)).executeTakeFirst();
}

/** The nodes whose success was recorded in this generation before the reset event. */
async function keptBefore(db: Database, runId: string, generation: number, seq: number): Promise<string[]> {
  const rows = await db
    .selectFrom('run_events')
    .select('node_id')
    .distinct()
    .where('run_id', '=', runId)
    .where('type', '=', 'node_completed')
    .where('seq', '<', seq)
    .where('dedupe_key', 'like', `${generation}:%`)
    .where(sql<boolean>`(data->>'ok')::boolean`)
    .execute();
  return rows.map((r) => r.node_id!).filter(Boolean).sort();
}

async function epochAt(db: Database, runId: string, generation: number, temporalRunId: string, seq: number): Promise<ResetEpoch> {
  return { generation, temporalRunId, kept: new Set(await keptBefore(db, runId, generation, seq)) };
}

/** The reset that made `temporalRunId`, from its own history (the reset's workflow task failure); undefined when it is not a reset. */
async function resetPointOf(deps: Pick<Deps, 'temporal' | 'logger'>, runId: string, temporalRunId: string): Promise<ResetPoint | undefined> {
  let events: temporal.api.history.v1.IHistoryEvent[];
  try {
    events = (await deps.temporal.workflow.getHandle(runId, temporalRunId).fetchHistory()).events ?? [];
  } catch (err) {
    deps.logger.warn({ err, runId, temporalRunId }, 'could not read the execution\'s history to tell whether it is a reset');
    return undefined;
  }
  const RESET = proto.temporal.api.enums.v1.WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_RESET_WORKFLOW;
  for (const e of events) {
    const failed = e.workflowTaskFailedEventAttributes;
    if (failed?.cause === RESET && failed.newRunId === temporalRunId) {
      return { baseRunId: failed.baseRunId ?? null, eventId: e.eventId == null ? null : Number(e.eventId), reason: failed.failure?.message ?? null };
    }
  }
  return undefined;
}

/**
 * The reset's record, once (the event's dedupe key names the new execution): the run row now names
 * the new execution (reopened when it had finished; its completed count is what the reset keeps),
 * and a `run_reset` event says what happened.
 */
async function recordReset(db: Database, runId: string, generation: number, temporalRunId: string, previous: string | null, point: ResetPoint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('runs').select(['last_seq', 'status', 'temporal_run_id']).where('id', '=', runId).forNoKeyUpdate().executeTakeFirst();
    if (!run || run.temporal_run_id !== previous) return; // another process recorded it meanwhile
    const kept = await keptBefore(trx, runId, generation, run.last_seq + 1);
    const touched = await trx
      .selectFrom('run_events')
      .select('node_id')
      .distinct()
      .where('run_id', '=', runId)
      .where('type', 'in', ['node_started', 'node_completed'])
      .where('dedupe_key', 'like', `${generation}:%`)
      .execute();
    const rerun = touched.map((r) => r.node_id!).filter((n) => n && !kept.includes(n)).sort();
    const finished = !['queued', 'running'].includes(run.status);
    await trx
      .updateTable('runs')
      .set({
        temporal_run_id: temporalRunId,
        temporal_generation: generation,
        nodes_completed: kept.length,
        ...(finished ? { status: 'running' as const, finished_at: null, error: null } : {}),
      })
      .where('id', '=', runId)
      .execute();
    const seq = run.last_seq + 1;
    const data = {
      temporal_run_id: temporalRunId,
      previous_temporal_run_id: previous,
      base_temporal_run_id: point.baseRunId,
      reset_to_event_id: point.eventId,
      reason: point.reason,
      generation,
      nodes_kept: kept,
      nodes_rerun: rerun,
      reopened: finished,
      seq,
    };
    await trx
      .insertInto('run_events')
      .values({ run_id: runId, seq, type: 'run_reset', node_id: null, dedupe_key: resetEventKey(generation, temporalRunId), data: JSON.stringify(data) })
      .execute();
    await trx.updateTable('runs').set({ last_seq: seq }).where('id', '=', runId).execute();
    await sql`select pg_notify(${RUN_EVENTS_CHANNEL}, ${runId})`.execute(trx);
  });
}

/** A kept node's recorded result (its row), answered again instead of running the node. */
export async function keptOutput(db: Database, runId: string, nodeId: string): Promise<NodeOutput | undefined> {
  const row = await db.selectFrom('run_node_outputs').selectAll().where('run_id', '=', runId).where('node_id', '=', nodeId).executeTakeFirst();
  if (!row || !row.ok) return undefined;
  return { ok: true, output: row.output, usd_charged: microsToUsd(row.usd_charged_micros), error: null, logs: row.logs, duration_ms: row.duration_ms };
}
