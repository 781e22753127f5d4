import { sql, type Transaction } from 'kysely';
import type { Database, DB } from '../../db/index';
import type { RunEvent, RunEventType } from '../../db/schema/index';

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

export type RunTx = Transaction<DB>;

/**
 * Appends events to a run's log. The run row is locked first, so events of one run are written
 * one transaction at a time and commit order equals seq order (DESIGN §2 "Events"): a reader that
 * saw seq N has seen every seq below N. `alsoDo` runs in the same transaction (node output rows,
 * run counters). pg_notify inside the transaction is delivered on commit, never before.
 * Returns the events actually appended (duplicates left out).
 */
export async function appendRunEvents(
  db: Database,
  runId: string,
  events: NewRunEvent[],
  alsoDo?: (trx: RunTx, appended: NewRunEvent[]) => Promise<void>,
): Promise<Array<{ seq: number; type: RunEventType; data: Record<string, unknown> }>> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('runs')
      .set({ last_heartbeat_at: sql`now()` })
      .where('id', '=', runId)
      .returning('last_seq')
      .executeTakeFirst();
    if (!locked) throw new Error(`run ${runId} does not exist`);
    const keys = events.map((e) => e.dedupeKey);
    const seen = keys.length
      ? new Set(
          (await trx.selectFrom('run_events').select('dedupe_key').where('run_id', '=', runId).where('dedupe_key', 'in', keys).execute()).map(
            (r) => r.dedupe_key,
          ),
        )
      : new Set<string>();
    const fresh = events.filter((e) => !seen.has(e.dedupeKey));
    let seq = locked.last_seq;
    const rows = fresh.map((e) => {
      seq += 1;
      return { run_id: runId, seq, type: e.type, node_id: e.nodeId, dedupe_key: e.dedupeKey, data: { ...e.data, seq } };
    });
    if (rows.length) {
      await trx
        .insertInto('run_events')
        .values(rows.map((r) => ({ ...r, data: JSON.stringify(r.data) })))
        .execute();
      await trx.updateTable('runs').set({ last_seq: seq }).where('id', '=', runId).execute();
    }
    if (alsoDo) await alsoDo(trx, fresh);
    if (rows.length) await sql`select pg_notify(${RUN_EVENTS_CHANNEL}, ${runId})`.execute(trx);
    return rows.map((r) => ({ seq: r.seq, type: r.type, data: r.data }));
  });
}

/** Events after `sinceSeq`, in seq order. */
export function readRunEvents(db: Database, runId: string, sinceSeq: number, limit = 500): Promise<RunEvent[]> {
  return db
    .selectFrom('run_events')
    .selectAll()
    .where('run_id', '=', runId)
    .where('seq', '>', sinceSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

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

/**
 * The hot path (node started / node finished): the node's row, the events and the run's counters
 * in ONE statement — the run_events_append function of the engine-runs migration — so the run row
 * stays locked for a single round trip and parallel branches do not queue behind each other.
 */
export async function appendNodeEvents(
  db: Database,
  runId: string,
  events: NewRunEvent[],
  opts: { node?: NodeRowJson; countCompleted?: boolean; currentNode?: string; markRunning?: boolean } = {},
): Promise<Array<{ seq: number; type: RunEventType; dedupe_key: string }>> {
  const payload = events.map((e) => ({ type: e.type, node_id: e.nodeId, dedupe_key: e.dedupeKey, data: e.data }));
  const runSet = { count_completed: opts.countCompleted ?? false, current_node: opts.currentNode ?? null, mark_running: opts.markRunning ?? false };
  const result = await sql<{ appended: Array<{ seq: number; type: RunEventType; dedupe_key: string }> }>`
    select run_events_append(${runId}::uuid, ${JSON.stringify(payload)}::jsonb, ${opts.node ? JSON.stringify(opts.node) : null}::jsonb, ${JSON.stringify(runSet)}::jsonb) as appended
  `.execute(db);
  return result.rows[0]?.appended ?? [];
}
