// What the projections append for a run: an event and a node's row in run_node_outputs, as the
// append statement (src/engine/events/store.ts) takes them. Pure types, shared by the run contract.
import type { RunEventType } from '../../infra/db/schema/index';

export interface NewRunEvent {
  type: RunEventType;
  nodeId: string | null;
  /** Unique per run: a second append with the same key is silently dropped (idempotent retries). */
  dedupeKey: string;
  /** Event payload without `seq` (added here). */
  data: Record<string, unknown>;
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
