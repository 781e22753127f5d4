import { sql, type RawBuilder } from 'kysely';
import { compiledOnce } from '../../infra/db/compiled';
import type { Database } from '../../infra/db/index';
import type { RunEvent, RunEventType } from '../../infra/db/schema/index';
import { epochKey, inEpoch, resetEpoch } from './epochs';

/** The one channel run events are announced on; the payload is the run id. */
export const RUN_EVENTS_CHANNEL = 'atelier_run_events';

export interface NewRunEvent {
  type: RunEventType;
  nodeId: string | null;
  /** Unique per run: a second append with the same key is silently dropped (idempotent retries). */
  dedupeKey: string;
  /** Event payload without `seq` (added here). */
  data: Record<string, unknown>;
}

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

/** A node's row in run_node_outputs as run_events_append takes it (JSON; dates as ISO strings). */
export interface NodeRowJson {
  node_id: string;
  node_type: string;
  status: 'running' | 'succeeded' | 'failed' | 'skipped';
  ok: boolean;
  output: Record<string, unknown>;
  usd_charged_micros: number;
  error: string | null;
  logs: unknown[];
  duration_ms: number;
  skipped: boolean;
  attempt: number;
  started_at: string | null;
  finished_at: string | null;
}

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
  const result = await sql<{ appended: Appended }>`
    select run_events_append(${runId}::uuid, ${JSON.stringify(item.events)}::jsonb, ${item.node ? JSON.stringify(item.node) : null}::jsonb, ${JSON.stringify(item.run_set)}::jsonb) as appended
  `.execute(db);
  return result.rows[0]?.appended ?? [];
}

/**
 * Several run_events_append calls of one run in ONE statement (one transaction, one commit): each
 * call takes the run row lock (held from the first call on) and numbers its events after what the
 * calls before it wrote, so seqs stay consecutive and all of them become visible at the one commit;
 * dedupe keys apply as usual, also between calls of the same batch. Results are matched by ordinality.
 */
async function appendMany(db: Database, runId: string, items: Array<ReturnType<typeof appendArgs>>): Promise<Appended[]> {
  const result = await sql<{ ord: string; appended: Appended }>`
    select b.ord, run_events_append(${runId}::uuid, b.item->'events', nullif(b.item->'node', 'null'::jsonb), b.item->'run_set') as appended
      from jsonb_array_elements(${JSON.stringify(items)}::jsonb) with ordinality as b(item, ord)
  `.execute(db);
  const out: Appended[] = items.map(() => []);
  for (const row of result.rows) out[Number(row.ord) - 1] = row.appended ?? [];
  return out;
}

/**
 * Nodes' appends (none or several) and then the run's end (run_finish) in ONE statement — one
 * round trip, one commit: the aggregate consumes every run_events_append call, in order, before the
 * outer select evaluates run_finish (once: an aggregate over no rows still yields one row), so
 * run_finished takes the last seq.
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
  const result = await sql<{ alongside: T }>`
    select run_finish(${runId}::uuid, ${finish.dedupeKey}, ${finish.status}, ${finish.error}), ${alongside} as alongside
      from (select count(run_events_append(${runId}::uuid, b.item->'events', nullif(b.item->'node', 'null'::jsonb), b.item->'run_set')) as appended
              from jsonb_array_elements(${JSON.stringify(args)}::jsonb) with ordinality as b(item, ord)) as nodes
  `.execute(db);
  return result.rows[0]!.alongside;
}

interface Waiting {
  item: ReturnType<typeof appendArgs>;
  resolve(appended: Appended): void;
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

/** Diagnostics (bench/engine.ts): statements the group-commit queues sent and the appends they carried. */
export const appendStats = { statements: 0, appends: 0 };

async function drain(db: Database, runId: string, queue: { waiting: Waiting[]; busy: boolean }, perRun: Map<string, unknown>) {
  queue.busy = true;
  try {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, queue.waiting.length);
      appendStats.statements += 1;
      appendStats.appends += batch.length;
      if (batch.length === 1) {
        const [only] = batch as [Waiting];
        await appendOne(db, runId, only.item).then(only.resolve, only.reject);
        continue;
      }
      try {
        const results = await appendMany(db, runId, batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch {
        // One bad item must not fail its neighbours: fall back to one statement each.
        for (const w of batch) await appendOne(db, runId, w.item).then(w.resolve, w.reject);
      }
    }
  } finally {
    queue.busy = false;
    if (!queue.waiting.length) perRun.delete(runId);
  }
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
  let perRun = queues.get(db);
  if (!perRun) queues.set(db, (perRun = new Map()));
  let queue = perRun.get(runId);
  if (!queue) perRun.set(runId, (queue = { waiting: [], busy: false }));
  // Carried appends go just ahead of this one, in the same statement unless a combined one fails
  // (then each in its own, in the same order); this one fails when any of them did.
  let carryFailed: unknown;
  for (const c of carry) queue.waiting.push({ item: appendArgs(c.events, c.opts), resolve() {}, reject: (err) => (carryFailed ??= err) });
  const done = new Promise<Appended>((resolve, reject) =>
    queue.waiting.push({ item, resolve: (appended) => (carryFailed === undefined ? resolve(appended) : reject(carryFailed)), reject }),
  );
  if (!queue.busy) void drain(db, runId, queue, perRun);
  return done;
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
