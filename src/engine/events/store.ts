import { sql, type RawBuilder } from 'kysely';
import { compiledOnce } from '../../infra/db/compiled';
import { prepared, type Database } from '../../infra/db/index';
import type { RunEvent, RunEventType } from '../../infra/db/schema/index';
import type { NewRunEvent, NodeRowJson } from '../contract/run-events';
import { epochKey, inEpoch, resetEpoch } from './epochs';

export type { NewRunEvent, NodeRowJson };

/** The one channel run events are announced on; the payload is the run id. */
export const RUN_EVENTS_CHANNEL = 'atelier_run_events';

/** A page of a run's events with the run's status and last seq, read in one snapshot. */
export interface RunEventPage {
  status: string;
  lastSeq: number;
  events: Array<Pick<RunEvent, 'seq' | 'type' | 'data'>>;
}

/**
 * Events after `sinceSeq` (seq order) together with the run's status and last seq, in ONE
 * statement; with `accountId`, only the account's run (undefined: no such run of theirs). What an
 * event stream reads to open, on each wake-up, and to decide that it is over.
 */
export async function readRunEventPage(db: Database, runId: string, sinceSeq: number, limit: number, accountId?: string): Promise<RunEventPage | undefined> {
  const rows = accountId === undefined ? await pageOfAnyRun(db, [sinceSeq, limit, runId]) : await pageOfOwnedRun(db, [sinceSeq, limit, runId, accountId]);
  const first = rows[0];
  if (!first) return undefined;
  const events: RunEventPage['events'] = [];
  for (const row of rows) if (row.seq !== null) events.push({ seq: row.seq, type: row.type!, data: row.data! });
  return { status: first.status, lastSeq: first.last_seq, events };
}

/**
 * The page statement, compiled once (every stream reads it on each wake-up); its parameters are
 * the since seq, the limit, the run id, then the account id when the read is the caller's.
 */
const pageStatement = (owned: boolean) =>
  compiledOnce((db) =>
    db
      .selectFrom('runs as r')
      .leftJoinLateral(
        (eb) => eb.selectFrom('run_events').select(['seq', 'type', 'data']).whereRef('run_id', '=', 'r.id').where('seq', '>', 0).orderBy('seq').limit(0).as('e'),
        (join) => join.onTrue(),
      )
      .select(['r.status', 'r.last_seq', 'e.seq', 'e.type', 'e.data'])
      .where('r.id', '=', '')
      .$if(owned, (qb) => qb.where('r.account_id', '=', ''))
      .orderBy('e.seq')
      .compile(),
  );
const pageOfAnyRun = pageStatement(false);
const pageOfOwnedRun = pageStatement(true);

type AppendOpts = { node?: NodeRowJson; countCompleted?: boolean; currentNode?: string; markRunning?: boolean };

/** One node's append: its events and its row with the run's counters. */
export interface AppendItem {
  events: NewRunEvent[];
  opts: AppendOpts;
}

/** A finished node's append (events, row): counted as completed, current, the run running. */
export const completionItem = (c: { events: NewRunEvent[]; node: NodeRowJson }): AppendItem => ({
  events: c.events,
  opts: { node: c.node, countCompleted: true, currentNode: c.node.node_id, markRunning: true },
});
type Appended = Array<{ seq: number; type: RunEventType; dedupe_key: string }>;

function appendArgs(events: NewRunEvent[], opts: AppendOpts) {
  return {
    events: events.map((e) => ({ type: e.type, node_id: e.nodeId, dedupe_key: e.dedupeKey, data: e.data })),
    node: opts.node ?? null,
    run_set: { count_completed: opts.countCompleted ?? false, current_node: opts.currentNode ?? null, mark_running: opts.markRunning ?? false },
  };
}

/** One run_events_append call in its own statement. */
async function appendOne(db: Database, runId: string, item: ReturnType<typeof appendArgs>): Promise<Appended> {
  const result = await db.executeQuery(prepared(sql<{ appended: Appended }>`
    select run_events_append(${runId}::uuid, ${JSON.stringify(item.events)}::jsonb, ${item.node ? JSON.stringify(item.node) : null}::jsonb, ${JSON.stringify(item.run_set)}::jsonb) as appended
  `.compile(db)));
  return result.rows[0]?.appended ?? [];
}

/**
 * Several appends of one run in ONE statement (one transaction, one commit), in order, through
 * run_events_append_many (run-events-append-many migration): it writes what one run_events_append
 * call per item would — seqs consecutive in item order, dedupe keys applying also between items of
 * the batch — with one update of the run row instead of one per item. One result per item.
 */
async function appendMany(db: Database, runId: string, items: Array<ReturnType<typeof appendArgs>>): Promise<Appended[]> {
  const result = await db.executeQuery(prepared(sql<{ appended: Appended[] | null }>`
    select run_events_append_many(${runId}::uuid, ${JSON.stringify(items)}::jsonb) as appended
  `.compile(db)));
  const appended = result.rows[0]?.appended ?? [];
  return items.map((_, i) => appended[i] ?? []);
}

/**
 * Nodes' appends (none or several) and then the run's end (run_finish) in ONE statement — one
 * round trip, one commit: the subquery (kept apart from the outer select by OFFSET 0) writes every
 * append before the outer select evaluates run_finish, so run_finished takes the last seq; with no
 * items it writes nothing and run_finish runs alone.
 */
export async function appendNodeEventsAndFinish<T>(
  db: Database,
  runId: string,
  items: Array<{ events: NewRunEvent[]; opts: AppendOpts }>,
  finish: { dedupeKey: string; status: string; error: string | null },
  /** Another column the same statement returns (e.g. the run's analysis target). */
  alongside: RawBuilder<T>,
): Promise<T> {
  // In an execution an operator's reset started, what the reset keeps is not written again (./executions.ts).
  const epoch = resetEpoch(runId);
  if (epoch) finish = { ...finish, dedupeKey: epochKey(epoch, finish.dedupeKey) };
  const args = inEpoch(epoch, items).map((i) => appendArgs(i.events, i.opts));
  const result = await db.executeQuery(prepared(sql<{ alongside: T }>`
    select run_finish(${runId}::uuid, ${finish.dedupeKey}, ${finish.status}, ${finish.error}), ${alongside} as alongside
      from (select run_events_append_many(${runId}::uuid, ${JSON.stringify(args)}::jsonb) as appended offset 0) as nodes
  `.compile(db)));
  return result.rows[0]!.alongside;
}

/** What a statement may write after its appends: the run's end, completed, should every node of the run have succeeded. */
interface CompleteIfDone {
  /** The run_finished dedupe key (in a reset's epoch, that epoch's). */
  dedupeKey: string;
  /** Another column the statement returns (the run's analysis target). */
  alongside: RawBuilder<unknown>;
}

/** What one queued append learns from its statement: its events, and whether the statement ended the run (given to the last completing append). */
interface AppendResult {
  appended: Appended;
  ended: boolean;
  alongside?: unknown;
}

interface Waiting {
  item: ReturnType<typeof appendArgs>;
  complete?: CompleteIfDone;
  resolve(result: AppendResult): void;
  reject(err: unknown): void;
}

/**
 * Group commit for run_events_append, per process and per run: while a statement for a run is in
 * flight, further appends of that run queue up and go together in the next statement. Each caller
 * still awaits its own (committed) result, so "the event is committed before the node counts as
 * done" holds; what changes is that nodes finishing together commit together instead of queueing
 * one by one on the run row lock, so their activity completions reach Temporal together.
 */
const queues = new WeakMap<Database, Map<string, { waiting: Waiting[]; busy: boolean }>>();

/** Bench/diagnostics switch: false sends every append in its own statement (the previous behaviour). */
export const appendCombining = { enabled: true };

/**
 * How long a run's statement may wait, when nothing of the run is in flight, for the appends of
 * node executions that started in this process just now (see `expectAppend`): fan-out siblings then
 * commit together, in one statement, instead of the first going alone and the rest queueing behind
 * it on the run row's lock. The wait ends as soon as those appends are queued (or given up), and a
 * run waits once per burst — while it has node executions in flight here — so a wide fan-out whose
 * nodes keep arriving is not held back statement after statement. 0 turns it off.
 */
export const appendLinger = { ms: 2 };

/** A node execution counts as about to append for this long after it started; a slower one is not waited for. */
const EXPECT_WINDOW_MS = 5;

interface Start {
  at: number;
}
interface Expected {
  /** Node executions that will append soon (in flight in this process), with when each started. */
  starts: Set<Start>;
  /** Whether a statement of this burst has already waited. */
  lingered: boolean;
  /** The executions the waiting statement waits for, and how to start it. */
  waitFor?: Set<Start>;
  arrived?: () => void;
}
const expected = new Map<string, Expected>();

/**
 * Announces an append this process will make for the run shortly (a node execution that has
 * started). Call the returned function once its append has been queued or when it will make none;
 * calling it again does nothing.
 */
export function expectAppend(runId: string): () => void {
  let e = expected.get(runId);
  if (!e) expected.set(runId, (e = { starts: new Set(), lingered: false }));
  const entry = e;
  const start: Start = { at: performance.now() };
  entry.starts.add(start);
  return () => {
    if (!entry.starts.delete(start)) return;
    if (entry.starts.size === 0 && expected.get(runId) === entry) expected.delete(runId);
    if (entry.waitFor?.delete(start) && entry.waitFor.size === 0) entry.arrived?.();
  };
}

/** Diagnostics (bench/engine.ts): statements the group-commit queues sent and the appends they carried. */
export const appendStats = { statements: 0, appends: 0 };

async function drain(db: Database, runId: string, queue: { waiting: Waiting[]; busy: boolean }, perRun: Map<string, unknown>) {
  queue.busy = true;
  try {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, queue.waiting.length);
      appendStats.statements += 1;
      appendStats.appends += batch.length;
      try {
        await writeBatch(db, runId, batch);
      } catch (err) {
        // One bad item must not fail its neighbours: fall back to one statement each.
        if (batch.length === 1) batch[0]!.reject(err);
        else for (const w of batch) await writeBatch(db, runId, [w]).catch(w.reject);
      }
    }
  } finally {
    queue.busy = false;
    if (!queue.waiting.length) perRun.delete(runId);
  }
}

/**
 * One statement for queued appends of a run, resolving each; with a completing append among them,
 * the run's end (run_complete_if_done) is asked for after all of them, and the last completing
 * append is told whether it was written. Rejects (resolving none) when the statement fails.
 */
async function writeBatch(db: Database, runId: string, batch: Waiting[]): Promise<void> {
  const last = batch.findLastIndex((w) => w.complete !== undefined);
  if (last < 0) {
    const appended = batch.length === 1 ? [await appendOne(db, runId, batch[0]!.item)] : await appendMany(db, runId, batch.map((w) => w.item));
    batch.forEach((w, i) => w.resolve({ appended: appended[i]!, ended: false }));
    return;
  }
  const r = await appendManyThenComplete(db, runId, batch.map((w) => w.item), batch[last]!.complete!);
  batch.forEach((w, i) => w.resolve({ appended: r.appended[i]!, ended: i === last && r.finished, ...(i === last ? { alongside: r.alongside } : {}) }));
}

/**
 * Appends (in order) and then the run's end, completed, only if every node of the run now has a
 * succeeded row (run_complete_if_done) — one statement, one commit, run_finished after every event.
 */
async function appendManyThenComplete(db: Database, runId: string, items: Array<ReturnType<typeof appendArgs>>, complete: CompleteIfDone) {
  const result = await db.executeQuery(prepared(sql<{ appended: Appended[] | null; finished: unknown; alongside: unknown }>`
    select a.appended, run_complete_if_done(${runId}::uuid, ${complete.dedupeKey}) as finished, ${complete.alongside} as alongside
      from (select run_events_append_many(${runId}::uuid, ${JSON.stringify(items)}::jsonb) as appended offset 0) as a
  `.compile(db)));
  const row = result.rows[0]!;
  return { appended: items.map((_, i) => row.appended?.[i] ?? []), finished: row.finished !== null, alongside: row.alongside };
}

/**
 * Appends events to a run's log, with the node's row and the run's counters, in ONE statement:
 * the run_events_append function (engine-runs migration) locks the run row, skips events whose
 * dedupe_key is present (idempotent retries), gives the rest consecutive seqs and NOTIFYs. Events
 * of one run are thus written one statement at a time, so commit order equals seq order: a reader that saw seq N has seen every seq below N. The run row stays locked for a
 * single round trip, so parallel branches do not queue behind each other. Appends of the same run
 * made while one is in flight are combined into the next statement (group commit, see `queues`).
 */
export async function appendNodeEvents(db: Database, runId: string, events: NewRunEvent[], opts: AppendOpts = {}, carry: AppendItem[] = []): Promise<Appended> {
  const epoch = resetEpoch(runId);
  if (epoch) {
    // In an execution an operator's reset started, what the reset keeps is not written again (./executions.ts).
    const [own] = inEpoch(epoch, [{ events, opts }]);
    carry = inEpoch(epoch, carry);
    if (!own) return carry.length ? (await appendNodeEventsBatch(db, runId, carry), []) : [];
    ({ events, opts } = own);
  }
  const item = appendArgs(events, opts);
  if (!appendCombining.enabled) {
    if (carry.length) await appendMany(db, runId, carry.map((c) => appendArgs(c.events, c.opts)));
    return appendOne(db, runId, item);
  }
  return (await enqueue(db, runId, item, carry)).appended;
}

/**
 * A node's append (after the appends it carries), as appendNodeEvents, and in the same statement
 * the run's end, completed, should every node of the run have succeeded with it
 * (run_complete_if_done). Answers whether this write ended the run, with the `alongside` column.
 * Combined with other appends of the run like any append; of several completing appends in one
 * statement, the last is the one told it ended the run.
 */
export async function appendNodeEventsCompleting<T>(
  db: Database,
  runId: string,
  own: AppendItem,
  carry: AppendItem[],
  end: { dedupeKey: string; alongside: RawBuilder<T> },
): Promise<{ ended: boolean; alongside?: T }> {
  const epoch = resetEpoch(runId);
  const complete: CompleteIfDone = { dedupeKey: epoch ? epochKey(epoch, end.dedupeKey) : end.dedupeKey, alongside: end.alongside };
  if (epoch) {
    // In a reset's epoch a node the reset kept is not written again, nor does it end the run.
    const [kept] = inEpoch(epoch, [own]);
    if (!kept) {
      await appendNodeEvents(db, runId, own.events, own.opts, carry);
      return { ended: false };
    }
    own = kept;
    carry = inEpoch(epoch, carry);
  }
  const item = appendArgs(own.events, own.opts);
  if (!appendCombining.enabled) {
    const r = await appendManyThenComplete(db, runId, [...carry.map((c) => appendArgs(c.events, c.opts)), item], complete);
    return { ended: r.finished, alongside: r.alongside as T };
  }
  const r = await enqueue(db, runId, item, carry, complete);
  return { ended: r.ended, alongside: r.alongside as T | undefined };
}

/** Queues an append of the run (after the appends it carries) for the run's next statement, starting one when none is in flight. */
function enqueue(db: Database, runId: string, item: ReturnType<typeof appendArgs>, carry: AppendItem[], complete?: CompleteIfDone): Promise<AppendResult> {
  let perRun = queues.get(db);
  if (!perRun) queues.set(db, (perRun = new Map()));
  let queue = perRun.get(runId);
  if (!queue) perRun.set(runId, (queue = { waiting: [], busy: false }));
  // Carried appends go just ahead of this one, in the same statement unless a combined one fails
  // (then each in its own, in the same order); this one fails when any of them did.
  let carryFailed: unknown;
  for (const c of carry) queue.waiting.push({ item: appendArgs(c.events, c.opts), resolve() {}, reject: (err) => (carryFailed ??= err) });
  const done = new Promise<AppendResult>((resolve, reject) =>
    queue.waiting.push({ item, ...(complete ? { complete } : {}), resolve: (r) => (carryFailed === undefined ? resolve(r) : reject(carryFailed)), reject }),
  );
  if (!queue.busy) startDrain(db, runId, queue, perRun);
  return done;
}

/** Starts the run's next statement: at once, or once the appends of executions that started here just now are queued (at most `appendLinger.ms`). */
function startDrain(db: Database, runId: string, queue: { waiting: Waiting[]; busy: boolean }, perRun: Map<string, unknown>): void {
  const siblings = expected.get(runId);
  const since = performance.now() - EXPECT_WINDOW_MS;
  const waitFor = siblings && !siblings.lingered && appendLinger.ms > 0 ? new Set([...siblings.starts].filter((s) => s.at >= since)) : undefined;
  if (!siblings || !waitFor?.size) {
    void drain(db, runId, queue, perRun);
    return;
  }
  queue.busy = true;
  siblings.lingered = true;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    siblings.waitFor = undefined;
    siblings.arrived = undefined;
    void drain(db, runId, queue, perRun);
  };
  const timer = setTimeout(go, appendLinger.ms);
  siblings.waitFor = waitFor;
  siblings.arrived = go;
}

/**
 * Several nodes' appends of one run in one statement (one transaction, one commit), in order: what
 * the workflow settled by itself in one go (pure nodes evaluated inside the workflow task).
 */
export async function appendNodeEventsBatch(db: Database, runId: string, items: Array<{ events: NewRunEvent[]; opts: AppendOpts }>): Promise<Appended[]> {
  const epoch = resetEpoch(runId);
  if (epoch) {
    // In an execution an operator's reset started, what the reset keeps is not written again (./executions.ts).
    const kept = inEpoch(epoch, items);
    if (kept.length < items.length) return kept.length ? appendNodeEventsBatch(db, runId, kept) : [];
    items = kept;
  }
  const args = items.map((i) => appendArgs(i.events, i.opts));
  if (args.length === 1) return [await appendOne(db, runId, args[0]!)];
  return appendMany(db, runId, args);
}
