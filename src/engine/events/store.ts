import { sql } from 'kysely';
import type { Database } from '../../db/index';
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
 * Appends events to a run's log, with the node's row and the run's counters, in ONE statement:
 * the run_events_append function (engine-runs migration) locks the run row, skips events whose
 * dedupe_key is present (idempotent retries), gives the rest consecutive seqs and NOTIFYs. Events
 * of one run are thus written one statement at a time, so commit order equals seq order (DESIGN §2
 * "Events"): a reader that saw seq N has seen every seq below N. The run row stays locked for a
 * single round trip, so parallel branches do not queue behind each other.
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
