// The run projections: what the engineRun workflow decided, written into runs,
// run_node_outputs and run_events. Every write is idempotent: events are keyed by
// (run, generation, node, type), so a retried projection activity never appends an event twice.
import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import { microsToUsd } from '../../platform/billing/money';
import { appendNodeEvents, appendNodeEventsAndFinish, appendNodeEventsBatch, appendNodeEventsCompleting, completionItem, type AppendItem, type NewRunEvent, type NodeRowJson } from '../events/store';
import { commitKey, type FinishRunInput, type NodeCommit, type NodeFinishedInput, type NodeStartedInput } from '../contract/run-contract';
import type { NodeOutput } from '../contract/types';
import type { RunEndListener } from './run-end';

/** The dedupe key of one node event of one generation of a run. */
export const eventKey = (generation: number, nodeId: string, type: string) => `${generation}:${nodeId}:${type}`;

/** node_output (when the node succeeded) and node_completed. */
export function completionEvents(generation: number, nodeId: string, output: NodeOutput): NewRunEvent[] {
  const events: NewRunEvent[] = [];
  if (output.ok) {
    events.push({
      type: 'node_output',
      nodeId,
      dedupeKey: eventKey(generation, nodeId, 'node_output'),
      data: { node_id: nodeId, output: output.output, usd_charged: output.usd_charged },
    });
  }
  events.push({
    type: 'node_completed',
    nodeId,
    dedupeKey: eventKey(generation, nodeId, 'node_completed'),
    data: { node_id: nodeId, duration_ms: output.duration_ms, ok: output.ok, ...(output.error ? { error: output.error } : {}) },
  });
  return events;
}

export const startedEvent = (generation: number, nodeId: string, at: Date): NewRunEvent => ({
  type: 'node_started',
  nodeId,
  dedupeKey: eventKey(generation, nodeId, 'node_started'),
  data: { node_id: nodeId, timestamp: at.toISOString() },
});

/** The run_node_outputs row of a node that has finished (succeeded, failed or skipped). */
export function finishedRow(nodeId: string, nodeType: string, output: NodeOutput, startedAt: Date, finishedAt: Date, attempt: number): NodeRowJson {
  return {
    node_id: nodeId,
    node_type: nodeType,
    status: output.skipped ? 'skipped' : output.ok ? 'succeeded' : 'failed',
    ok: output.ok,
    output: output.output ?? {},
    usd_charged_micros: Math.round(output.usd_charged * 1_000_000),
    error: output.error,
    logs: output.logs ?? [],
    duration_ms: Math.round(output.duration_ms),
    skipped: output.skipped ?? false,
    attempt,
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
  };
}

/**
 * Node commits this process has written (by run and node_completed dedupe key, which names the
 * generation and node), most recent kept: a carried commit it wrote itself need not be sent again.
 */
const written = new Set<string>();
const WRITTEN_KEPT = 20_000;
const writtenKey = (runId: string, c: NodeCommit) => `${runId}:${commitKey(c)}`;

/** Records commits as written (after the statement that carried them committed). */
export function markWritten(runId: string, commits: NodeCommit[] | undefined): void {
  for (const c of commits ?? []) {
    written.add(writtenKey(runId, c));
    if (written.size > WRITTEN_KEPT) written.delete(written.values().next().value!);
  }
}

/** Whether this process has committed a carried commit itself. */
export const isWritten = (runId: string, c: NodeCommit): boolean => written.has(writtenKey(runId, c));

/** Earlier nodes' unconfirmed commits (ExecuteNodeInput.carry) as appends, to go first; those this process wrote are left out. */
export const carried = (runId: string, carry: NodeCommit[] | undefined): AppendItem[] =>
  (carry ?? []).filter((c) => !isWritten(runId, c)).map(completionItem);

/**
 * Node commits an execution received that never reached Postgres, written now in the order given
 * (the order the executions reported them); those whose node_completed is there are left out.
 * What a resume does first: a deferred write lost with its worker stays unconfirmed only inside
 * the execution, so when that execution ended before a later write carried it (terminated,
 * reaped), its history is the one place the node's result is still kept. Leaves the run's
 * counters and current node alone (the resume sets them). Answers how many it wrote.
 */
export async function writeLostCommits(db: Database, runId: string, commits: NodeCommit[]): Promise<number> {
  const keyOf = (c: NodeCommit) => c.events.at(-1)?.dedupeKey;
  const keys = commits.map(keyOf).filter((k): k is string => k !== undefined);
  if (!keys.length) return 0;
  const present = new Set(
    (await db.selectFrom('run_events').select('dedupe_key').where('run_id', '=', runId).where('dedupe_key', 'in', keys).execute()).map((r) => r.dedupe_key),
  );
  const lost = commits.filter((c) => {
    const key = keyOf(c);
    return key !== undefined && !present.has(key);
  });
  if (!lost.length) return 0;
  await appendNodeEventsBatch(db, runId, lost.map((c) => ({ events: c.events, opts: { node: c.node } })));
  return lost.length;
}

/** node_started and a `running` node row; the run becomes `running` with this node current. */
export async function recordStarted(db: Database, runId: string, generation: number, nodeId: string, nodeType: string, at: Date, attempt: number, carry?: NodeCommit[]): Promise<void> {
  await appendNodeEvents(
    db,
    runId,
    [startedEvent(generation, nodeId, at)],
    {
      node: {
        node_id: nodeId, node_type: nodeType, status: 'running', ok: false, output: {}, usd_charged_micros: 0, error: null, logs: [],
        duration_ms: 0, skipped: false, attempt, started_at: at.toISOString(), finished_at: null,
      },
      currentNode: nodeId,
      markRunning: true,
    },
    carried(runId, carry),
  );
  markWritten(runId, carry);
}

/** node_started for nodes the workflow runs itself (delay, approval, webhook waits). */
export async function recordNodeStarted(db: Database, input: NodeStartedInput): Promise<void> {
  await recordStarted(db, input.runId, input.generation, input.nodeId, input.nodeType, new Date(), 1, input.carry);
}

/** A previous attempt of this node (same generation) that committed its completion, to be reused. */
export async function committedOutput(db: Database, runId: string, generation: number, nodeId: string): Promise<NodeOutput | undefined> {
  const done = await db
    .selectFrom('run_events')
    .select('seq')
    .where('run_id', '=', runId)
    .where('dedupe_key', '=', eventKey(generation, nodeId, 'node_completed'))
    .executeTakeFirst();
  if (!done) return undefined;
  const row = await db.selectFrom('run_node_outputs').selectAll().where('run_id', '=', runId).where('node_id', '=', nodeId).executeTakeFirst();
  if (!row || !row.ok) return undefined;
  return {
    ok: true,
    output: row.output,
    usd_charged: microsToUsd(row.usd_charged_micros),
    error: null,
    logs: row.logs,
    duration_ms: row.duration_ms,
  };
}

/** A node's end as the workflow saw it: failures, skips, and workflow-run nodes. */
export async function recordNodeFinished(db: Database, input: NodeFinishedInput): Promise<void> {
  const finishedAt = new Date();
  const row = await db
    .selectFrom('run_node_outputs')
    .select(['started_at', 'status'])
    .where('run_id', '=', input.runId)
    .where('node_id', '=', input.nodeId)
    .executeTakeFirst();
  const startedAt = row?.status === 'running' && row.started_at ? row.started_at : new Date(finishedAt.getTime() - input.output.duration_ms);
  const output: NodeOutput = {
    ...input.output,
    duration_ms: input.output.duration_ms || finishedAt.getTime() - startedAt.getTime(),
    logs: [...input.output.logs, ...(input.notes ?? []).map((message) => ({ level: 'info' as const, message, ts: finishedAt.toISOString() }))],
  };
  await appendNodeEvents(
    db,
    input.runId,
    completionEvents(input.generation, input.nodeId, output),
    { node: finishedRow(input.nodeId, input.nodeType, output, startedAt, finishedAt, 1), countCompleted: true },
    carried(input.runId, input.carry),
  );
  markWritten(input.runId, input.carry);
}

export interface NodesSettledInput {
  runId: string;
  nodes: Array<{ nodeId: string; nodeType: string; output: NodeOutput }>;
}

/** Nodes settled without running (skipped by a branch, disabled pass-through), in one write. */
export async function recordNodesSettled(db: Database, input: NodesSettledInput): Promise<void> {
  if (!input.nodes.length) return;
  const now = new Date();
  const rows = input.nodes.map((n) => ({
    run_id: input.runId,
    node_id: n.nodeId,
    node_type: n.nodeType,
    status: n.output.skipped ? ('skipped' as const) : n.output.ok ? ('succeeded' as const) : ('failed' as const),
    ok: n.output.ok,
    skipped: n.output.skipped ?? false,
    output: JSON.stringify(n.output.output),
    logs: JSON.stringify(n.output.logs.map((l) => ({ ...l, ts: l.ts || now.toISOString() }))),
    error: n.output.error,
    duration_ms: 0,
    started_at: n.output.skipped ? null : now,
    finished_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('run_node_outputs')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['run_id', 'node_id']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          ok: eb.ref('excluded.ok'),
          skipped: eb.ref('excluded.skipped'),
          output: eb.ref('excluded.output'),
          logs: eb.ref('excluded.logs'),
          error: eb.ref('excluded.error'),
          duration_ms: 0,
          started_at: eb.ref('excluded.started_at'),
          finished_at: eb.ref('excluded.finished_at'),
        })),
      )
      .execute();
    const passed = rows.filter((r) => r.ok).length;
    if (passed) await trx.updateTable('runs').set({ nodes_completed: sql`nodes_completed + ${passed}` }).where('id', '=', input.runId).execute();
  });
}

export interface NodesCompletedInput {
  runId: string;
  generation: number;
  /** Succeeded nodes in the order the workflow settled them. */
  nodes: Array<{ nodeId: string; nodeType: string; output: NodeOutput }>;
  /** Unconfirmed commits of earlier nodes, written first (ExecuteNodeInput.carry). */
  carry?: NodeCommit[];
}

/**
 * Nodes the workflow evaluated itself (pure nodes, inside its workflow task), in one statement:
 * each node's node_started, node_output and node_completed, its row and the run's counters — the
 * same events and row executeNode writes for a node, idempotent by the same dedupe keys.
 */
export async function recordNodesCompleted(db: Database, input: NodesCompletedInput): Promise<void> {
  const items = [...carried(input.runId, input.carry), ...completedItems(input)];
  if (!items.length) return;
  await appendNodeEventsBatch(db, input.runId, items);
  markWritten(input.runId, input.carry);
}

function completedItems(input: NodesCompletedInput) {
  const now = new Date();
  return input.nodes.map((n) => ({
    events: [startedEvent(input.generation, n.nodeId, now), ...completionEvents(input.generation, n.nodeId, n.output)],
    opts: { node: finishedRow(n.nodeId, n.nodeType, n.output, now, now, 1), countCompleted: true, currentNode: n.nodeId, markRunning: true },
  }));
}

/**
 * The run's final status and its run_finished event, once per generation, with its last nodes'
 * events when the workflow settled some itself — one statement. Answers what the run's end listener
 * (`end`, handed in as Deps.runEnd) selected alongside in the same statement, or null.
 * Used by the workflow (through its projection activity), the API's cancel of a lost run and the reaper.
 */
export async function finishRun<Found>(db: Database, input: FinishRunInput, end: Pick<RunEndListener<unknown, Found>, 'alongside'>): Promise<Found | null> {
  // The run's last nodes (if any) and its end in one statement: one commit, events in seq order.
  const nodes = [...carried(input.runId, input.carry), ...(input.nodes?.length ? completedItems({ runId: input.runId, generation: input.generation, nodes: input.nodes }) : [])];
  const finish = { dedupeKey: runFinishedKey(input.generation), status: input.status, error: input.error };
  return appendNodeEventsAndFinish(db, input.runId, nodes, finish, end.alongside(input.runId));
}

const runFinishedKey = (generation: number) => `${generation}:run:run_finished`;

/**
 * A node's commit (after the commits it carries) and, should every node of the run have succeeded
 * with it, the run's end, completed — one statement, combined with the run's other writes in flight
 * (ExecuteNodeInput.endsRun). Answers whether it ended the run, with what `end` selected alongside.
 * Idempotent like finishRun.
 */
export async function commitAndCompleteIfDone<Found>(
  db: Database,
  runId: string,
  generation: number,
  own: AppendItem,
  carry: AppendItem[],
  end: Pick<RunEndListener<unknown, Found>, 'alongside'>,
): Promise<{ ended: boolean; found: Found | null }> {
  const r = await appendNodeEventsCompleting(db, runId, own, carry, { dedupeKey: runFinishedKey(generation), alongside: end.alongside(runId) });
  return { ended: r.ended, found: (r.alongside as Found | null | undefined) ?? null };
}
