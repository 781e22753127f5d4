import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { isRecord, valueFrom } from '../../_lib/items';

const params = z.object({
  workflow_id: z.string().min(1).max(100).describe('The workflow to run as a child (same account, an active workflow; its current version).'),
  input: z.record(z.string(), z.unknown()).optional().describe('The child run\'s input; defaults to the upstream value when it is an object.'),
  wait: z.boolean().default(true).describe('Wait for the child to finish and emit its outputs (`false`: start it and go on at once).'),
  fail_on_error: z.boolean().default(true).describe('When the child fails, fail this node (`false`: emit the child\'s result on `failed`).'),
  poll_ms: z.number().int().min(100).max(10_000).default(500).describe('How often the child\'s status is checked while waiting.'),
});

interface Checkpoint { child_run_id?: string }

/**
 * A child run, as an activity: starts the child through the engine's own start path (planner,
 * rate policy, wallet — the same as POST /v1/runs), records the child's id in its heartbeat so a
 * retried attempt waits on the same child instead of starting another, and polls the child's
 * status with heartbeats until it finishes. Cancelling the parent stops the wait (the child runs on).
 */
export const controlSubWorkflow: NodeDefinition<typeof params> = {
  type: 'control.sub_workflow',
  version: 1,
  category: 'control',
  subcategory: 'composition',
  name: 'Sub-workflow',
  description: 'Runs another workflow as a child run and (by default) waits for it: `main` = {run_id, status, outputs: {node_id: output}} when it completes. A failed child fails the node (or goes to `failed` with {run_id, status, error}). A retried attempt resumes waiting on the same child. The child workflow must be active and not already running above this run (no cycles); runs started by runs nest at most 10 levels deep.',
  tags: ['workflow', 'child', 'compose', 'reuse'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{run_id, status, outputs}' }, { name: 'failed', description: '{run_id, status, error} when the child did not complete (fail_on_error false).' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 3600, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const runs = ctx.runs;
    if (!runs) throw new NodeError('sub-workflows need the engine\'s runs on this worker', { type: 'not_available' });
    if (p.workflow_id === ctx.workflowId) throw new NodeError('a workflow cannot run itself as a sub-workflow', { type: 'invalid_params' });
    const upstream = valueFrom(undefined, inputs);
    const input = p.input ?? (isRecord(upstream) ? upstream : {});

    let childId = (ctx.checkpoint as Checkpoint | undefined)?.child_run_id;
    if (!childId) {
      // The child is linked to this run and node: its ancestry bounds recursion (no cycle, at most
      // MAX_RUN_DEPTH levels), the account's cap of runs in flight applies, and an inactive
      // workflow is not started.
      const child = await runs.startChild({ workflowId: p.workflow_id, input, requireActive: true });
      if (!child.ok) throw new NodeError(`sub-workflow ${p.workflow_id} could not start (${child.status}): ${child.message}`, { type: 'sub_workflow_start', retryable: child.status >= 500 || child.status === 429 });
      childId = child.runId;
      ctx.heartbeat({ child_run_id: childId } satisfies Checkpoint);
      ctx.log('info', `started child run ${childId} of ${p.workflow_id}`);
    } else {
      ctx.log('info', `resuming the wait on child run ${childId}`);
    }
    if (!p.wait) return { output: { main: { run_id: childId, status: 'queued', outputs: {} } } };

    for (;;) {
      if (ctx.signal.aborted) throw new NodeError('cancelled while waiting for the sub-workflow', { type: 'cancelled', retryable: true });
      const run = await runs.get(childId);
      if (run.finished) {
        if (run.status === 'completed') return { output: { main: { run_id: childId, status: run.status, outputs: await runs.outputs(childId) } } };
        const error = run.error ?? run.status;
        if (p.fail_on_error) throw new NodeError(`sub-workflow run ${childId} ${run.status}: ${error}`, { type: 'sub_workflow_failed' });
        return { output: { failed: { run_id: childId, status: run.status, error } } };
      }
      ctx.heartbeat({ child_run_id: childId, status: run.status, nodes_completed: run.nodesCompleted, nodes_total: run.nodesTotal });
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, p.poll_ms);
        ctx.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
      });
    }
  },
};
