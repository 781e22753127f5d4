// POST /v1/workflows/simulate {workflow_id, initial_payload, mocks}; the rest is ours
// (README). A simulation is a real, sandboxed run of the same plan with trigger_type `test`, so the
// planner, templates, branching, continue_on_error and error_handler behave exactly as in a run:
// - a node mocked with `{output: {port: value}}` is not executed: its output is handed to the run
//   through the engine's resume mechanism (completed outputs), so it has no side effect and no cost;
// - a node mocked with `{error: "message"}` fails with that message without running;
// - nodes without a mock run for real, under a sandbox (never charged) — mock every node whose
//   side effects you do not want.
// The response lists each node's outcome, the path taken and the cost the real run would have had
// (the published per-call price of each priced node that ran or was mocked).
import { z } from 'zod';
import type { Deps } from '../../deps';
import { validationFailed, type ValidationIssue } from '../../infra/http/errors';
import { usd } from '../../infra/http/views';
import { microsToUsd } from '../../platform/billing/money';
import { nodePriceMicros } from '../catalogue/node-prices';
import { nodeRows, nodeOutputView, RunStatusView, startRun } from '../run/service';
import { awaitRun } from '../tests/service';
import type { NodeOutput, RunPlan } from '../contract/types';
import { resolveWorkflowForRun } from '../workflows/service';

const SimulatedNodeView = z.object({
  node_type: z.string(),
  outcome: z.enum(['not_reached', 'mocked', 'mocked_error', 'skipped', 'succeeded', 'failed']),
  output: z.record(z.string(), z.unknown()).nullable().describe('Its output by port when it succeeded (or was mocked)'),
  error: z.string().nullable(),
  would_be_usd: usd.describe('What the node would cost in a real run'),
});

export const SimulationView = z.object({
  object: z.literal('simulation'),
  workflow_id: z.string(),
  version: z.number().int(),
  run_id: z.string().describe('The sandboxed run the simulation was'),
  status: RunStatusView,
  error: z.string().nullable(),
  path: z.array(z.string()).describe('The nodes that ran (or were mocked), in the order they finished'),
  nodes: z.record(z.string(), SimulatedNodeView).describe('Every node of the plan by id'),
  would_be_usd: usd.describe('What a real run would have cost'),
  usd_charged: usd,
  duration_ms: z.number(),
});

export interface SimulateInput {
  workflow_id: string;
  initial_payload: Record<string, unknown>;
  mocks: Record<string, { output?: Record<string, unknown>; error?: string }>;
  spec_override?: unknown;
  timeout_s: number;
}

function wouldBeMicros(type: string, params: Record<string, unknown>): number {
  try {
    return nodePriceMicros(type, typeof params.model === 'string' ? params.model : '');
  } catch {
    return 0;
  }
}

export async function simulate(deps: Deps, accountId: string, input: SimulateInput): Promise<z.output<typeof SimulationView>> {
  const resolved = await resolveWorkflowForRun(deps.db, accountId, input.workflow_id, input.spec_override);
  const plan: RunPlan = { ...resolved.plan, nodes: { ...resolved.plan.nodes } };
  const issues: ValidationIssue[] = [];
  for (const [id, mock] of Object.entries(input.mocks)) {
    if (!plan.nodes[id]) issues.push({ type: 'value_error', loc: ['body', 'mocks', id], msg: `No node "${id}" in this workflow`, input: mock });
    else if ((mock.output === undefined) === (mock.error === undefined)) issues.push({ type: 'value_error', loc: ['body', 'mocks', id], msg: 'A mock is {output: {port: value}} or {error: "message"}', input: mock });
  }
  if (issues.length) throw validationFailed(issues);

  const completed: Record<string, NodeOutput> = {};
  for (const [id, mock] of Object.entries(input.mocks)) {
    const node = plan.nodes[id]!;
    if (mock.output !== undefined) {
      completed[id] = { ok: true, output: mock.output, usd_charged: 0, error: null, logs: [{ level: 'info', message: 'mocked (simulation)', ts: '' }], duration_ms: 0 };
    } else {
      // Same id, edges and error semantics; the node fails with the mock's message without running.
      plan.nodes[id] = { ...node, type: 'logic.stop_and_error', version: 1, execution: 'local', params: { message: mock.error! }, credentials: {}, retry: { ...node.retry, maxAttempts: 1 } };
    }
  }

  const started = Date.now();
  const run = await startRun(deps, {
    accountId,
    sandbox: true,
    workflowId: resolved.workflow.id,
    version: resolved.version.version,
    plan,
    input: input.initial_payload,
    triggerType: 'test',
    skipCanary: true,
    completed,
    onInsert: async (trx, fresh) => {
      const mocked = Object.entries(completed);
      if (!mocked.length) return;
      const now = new Date();
      await trx
        .insertInto('run_node_outputs')
        .values(mocked.map(([id, out]) => ({
          run_id: fresh.id, node_id: id, node_type: plan.nodes[id]!.type, status: 'succeeded' as const, ok: true, output: JSON.stringify(out.output),
          logs: JSON.stringify([{ level: 'info', message: 'mocked (simulation)', ts: now.toISOString() }]), error: null, duration_ms: 0, started_at: now, finished_at: now,
        })))
        .execute();
      await trx.updateTable('runs').set({ nodes_completed: mocked.length }).where('id', '=', fresh.id).execute();
    },
  });
  const finished = await awaitRun(deps, run.id, input.timeout_s * 1000);
  const rows = await nodeRows(deps, run.id);
  const original = resolved.plan.nodes;
  let totalMicros = 0;
  const nodes: z.output<typeof SimulationView>['nodes'] = {};
  const path: string[] = [];
  for (const id of resolved.plan.order) {
    const row = rows.find((r) => r.node_id === id);
    const mock = input.mocks[id];
    const view = row ? nodeOutputView(row) : undefined;
    const outcome: z.output<typeof SimulatedNodeView>['outcome'] = !row ? 'not_reached' : mock?.output !== undefined ? 'mocked' : mock?.error !== undefined ? 'mocked_error' : row.skipped ? 'skipped' : row.ok ? 'succeeded' : 'failed';
    const ran = outcome === 'mocked' || outcome === 'succeeded' || (outcome === 'failed' && !mock);
    const price = ran ? wouldBeMicros(original[id]!.type, original[id]!.params) : 0;
    totalMicros += price;
    if (row && !row.skipped) path.push(id);
    nodes[id] = { node_type: original[id]!.type, outcome, output: view?.ok ? view.output : null, error: view?.error ?? null, would_be_usd: microsToUsd(price) };
  }
  path.sort((a, b) => {
    const ra = rows.find((r) => r.node_id === a)!;
    const rb = rows.find((r) => r.node_id === b)!;
    return (ra.finished_at?.getTime() ?? 0) - (rb.finished_at?.getTime() ?? 0) || resolved.plan.order.indexOf(a) - resolved.plan.order.indexOf(b);
  });
  return {
    object: 'simulation',
    workflow_id: resolved.workflow.id,
    version: resolved.version.version,
    run_id: run.id,
    status: finished.status,
    error: finished.error,
    path,
    nodes,
    would_be_usd: microsToUsd(totalMicros),
    usd_charged: microsToUsd(finished.usd_charged_micros),
    duration_ms: Date.now() - started,
  };
}
