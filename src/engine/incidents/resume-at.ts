// A new run, linked to an earlier one (retried_from), that starts at one node: the earlier run's
// succeeded outputs are handed over through the engine's resume mechanism (completed outputs, not
// executed again), except the chosen node and everything downstream of it, which run anew. Used by
// incident replay (the failing node) and by re-run-from-node (any node, any version).
import type { Deps } from '../../deps';
import type { Run } from '../../infra/db/schema/index';
import type { TriggerType } from '../contract/run-contract';
import { nodeOutputView, startRun } from '../run/service';
import type { NodeOutput, RunPlan } from '../contract/types';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `patch` keyed by upstream node id replaces (objects: shallow-merges) what that node passed on the
 * edge; any other keys are merged into the value of every upstream edge.
 */
export function patchUpstream(plan: RunPlan, nodeId: string, completed: Record<string, NodeOutput>, patch: Record<string, unknown>) {
  const node = plan.nodes[nodeId]!;
  const sources = new Set(node.incoming.map((e) => e.source));
  const keyed = Object.keys(patch).length > 0 && Object.keys(patch).every((k) => sources.has(k));
  for (const edge of node.incoming) {
    const kept = completed[edge.source];
    if (!kept) continue;
    const current = kept.output[edge.sourcePort];
    const change = keyed ? patch[edge.source] : patch;
    if (change === undefined) continue;
    const next = isObject(current) && isObject(change) ? { ...current, ...change } : change;
    completed[edge.source] = { ...kept, output: { ...kept.output, [edge.sourcePort]: next } };
  }
}

/** The node and every node reachable from it in `plan`. */
export function downstreamOf(plan: RunPlan, nodeId: string): Set<string> {
  const seen = new Set<string>([nodeId]);
  const queue = [nodeId];
  while (queue.length) {
    for (const edge of plan.nodes[queue.shift()!]?.outgoing ?? []) {
      if (!seen.has(edge.target)) {
        seen.add(edge.target);
        queue.push(edge.target);
      }
    }
  }
  return seen;
}

export async function startRunAt(
  deps: Deps,
  opts: {
    run: Run;
    nodeId: string;
    /** The plan to run (the earlier run's, or another version's); the node's params are overridden in it. */
    plan: RunPlan;
    version: number;
    patchIncoming?: Record<string, unknown>;
    overrideConfig?: Record<string, unknown>;
    sandbox: boolean;
    note: string;
  },
) {
  const { run, nodeId } = opts;
  const target = opts.plan.nodes[nodeId]!;
  const plan: RunPlan = { ...opts.plan, nodes: { ...opts.plan.nodes, [nodeId]: { ...target, params: { ...target.params, ...(opts.overrideConfig ?? {}) } } } };
  const rerun = downstreamOf(plan, nodeId);
  const kept = await deps.db.selectFrom('run_node_outputs').selectAll().where('run_id', '=', run.id).where('status', '=', 'succeeded').execute();
  const completed: Record<string, NodeOutput> = Object.fromEntries(
    kept.filter((r) => !rerun.has(r.node_id) && plan.nodes[r.node_id]).map((r) => [r.node_id, nodeOutputView(r)]),
  );
  if (opts.patchIncoming) patchUpstream(plan, nodeId, completed, opts.patchIncoming);
  const fresh = await startRun(deps, {
    accountId: run.account_id,
    sandbox: opts.sandbox || run.sandbox,
    workflowId: run.workflow_id,
    version: opts.version,
    plan,
    input: run.input,
    triggerType: run.trigger_type as TriggerType,
    usdCapMicros: run.usd_cap_micros,
    retriedFrom: run.id,
    completed,
    onInsert: async (trx, inserted) => {
      const reused = Object.entries(completed);
      if (!reused.length) return;
      const now = new Date();
      await trx
        .insertInto('run_node_outputs')
        .values(reused.map(([node, out]) => ({
          run_id: inserted.id, node_id: node, node_type: plan.nodes[node]?.type ?? 'unknown', status: 'succeeded' as const, ok: true,
          output: JSON.stringify(out.output), usd_charged_micros: 0, error: null,
          logs: JSON.stringify([{ level: 'info', message: `reused from run ${run.id} (${opts.note})`, ts: now.toISOString() }]),
          duration_ms: 0, started_at: now, finished_at: now,
        })))
        .execute();
      await trx.updateTable('runs').set({ nodes_completed: reused.length }).where('id', '=', inserted.id).execute();
    },
  });
  return { run: fresh, reused: Object.keys(completed).sort() };
}
