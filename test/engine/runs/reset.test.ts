// An operator's Temporal reset of an engine run (`temporal workflow reset`, the UI's Reset): the run
// records it once as a `run_reset` event (also on the SSE stream) naming the new and previous
// executions and the reset point, the run row names the new execution, the run completes, and
// every node's effect happens once: nodes whose success was recorded before the reset answer it
// again instead of running, the rest run (again) under the new execution.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CounterServer, createWorkflow, httpNode, spec, startRun, useEngineStack, waitFor, waitForRun } from './helpers';

const fx = useEngineStack();

/** Resets the run's current execution to the given workflow task's end; answers the new execution's run id. */
async function reset(runId: string, toEvent: (events: Array<{ eventId?: unknown; workflowTaskCompletedEventAttributes?: unknown }>) => number) {
  const client = fx.stack.atelier.deps.temporal;
  const handle = client.workflow.getHandle(runId);
  const { runId: current } = await handle.describe();
  const events = (await handle.fetchHistory()).events ?? [];
  const eventId = toEvent(events as never);
  const answer = await client.workflowService.resetWorkflowExecution({
    namespace: client.options.namespace,
    workflowExecution: { workflowId: runId, runId: current },
    workflowTaskFinishEventId: eventId as never,
    requestId: randomUUID(),
    reason: 'operator reset in a test',
  });
  return { previous: current, next: answer.runId!, eventId };
}

const firstWorkflowTask = (events: Array<{ eventId?: unknown; workflowTaskCompletedEventAttributes?: unknown }>) =>
  Number(events.find((e) => e.workflowTaskCompletedEventAttributes)!.eventId);

/** The run's SSE stream from the start until it ends, as frames. */
async function sseFrames(runId: string): Promise<Array<{ id: number; event: string; data: any }>> {
  const res = await fetch(`${fx.stack.url}/engine/v1/v1/runs/${runId}/events`, { headers: { authorization: `Bearer ${fx.stack.adminKey}` } });
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((f) => f.startsWith('id:'))
    .map((f) => {
      const get = (k: string) => f.split('\n').find((l) => l.startsWith(`${k}: `))!.slice(k.length + 2);
      return { id: Number(get('id')), event: get('event'), data: JSON.parse(get('data')) };
    });
}

describe('engine runs: a Temporal reset', () => {
  it('is recorded once, reaches the SSE stream, and every node effect happens once', { timeout: 120_000 }, async () => {
    const { stack, counter } = fx as { stack: typeof fx.stack; counter: CounterServer };
    const wf = await createWorkflow(
      stack,
      spec(
        [
          { id: 'start', type: 'trigger.manual' },
          httpNode('a', counter),
          { id: 'wait', type: 'control.delay', params: { seconds: 3 } },
          httpNode('b', counter),
          { id: 'done', type: 'io.set', params: { values: { b: '{{b.output.main.body.n}}' } } },
        ],
        [['start', 'a'], ['a', 'wait'], ['wait', 'b'], ['b', 'done']],
      ),
    );
    const { run_id } = await startRun(stack, wf);
    const db = stack.atelier.deps.db;
    // The delay is waiting: a has run (its success recorded) and `wait` has started.
    await waitFor('the delay to start', async () =>
      db.selectFrom('run_events').select('seq').where('run_id', '=', run_id).where('type', '=', 'node_started').where('node_id', '=', 'wait').executeTakeFirst(),
    );
    expect(counter.count('a')).toBe(1);
    const first = await db.selectFrom('runs').select(['temporal_run_id', 'temporal_generation']).where('id', '=', run_id).executeTakeFirstOrThrow();

    // Back to the run's first workflow task: everything after it runs again in the new execution.
    const { previous, next, eventId } = await reset(run_id, firstWorkflowTask);
    expect(first).toEqual({ temporal_run_id: previous, temporal_generation: 0 });
    expect(next).not.toBe(previous);

    const run = await waitForRun(stack, run_id, ['completed', 'failed', 'cancelled', 'timed_out'], 60_000);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.done.output.main).toEqual({ b: 1 });
    expect(run.nodes_completed).toBe(5);
    // Each node's effect once: a is not called again, b once.
    expect(counter.count('a')).toBe(1);
    expect(counter.count('b')).toBe(1);
    await stack.atelier.deps.temporal.workflow.getHandle(run_id, next).result();

    const row = await db.selectFrom('runs').select(['temporal_run_id', 'temporal_generation', 'status']).where('id', '=', run_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ temporal_run_id: next, temporal_generation: 0, status: 'completed' });

    const events = await db.selectFrom('run_events').select(['seq', 'type', 'node_id', 'data']).where('run_id', '=', run_id).orderBy('seq').execute();
    const resets = events.filter((e) => e.type === 'run_reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.data).toMatchObject({
      temporal_run_id: next,
      previous_temporal_run_id: previous,
      base_temporal_run_id: previous,
      reset_to_event_id: eventId,
      reason: expect.stringContaining('operator reset in a test'),
      generation: 0,
      nodes_kept: ['a', 'start'],
      nodes_rerun: ['wait'],
      reopened: false,
    });
    // What a client sees: each node completed once (the kept ones before the reset, the rest after
    // it), the waiting node started again after the reset, one run_finished at the end.
    const resetSeq = resets[0]!.seq;
    const of = (type: string, node: string) => events.filter((e) => e.type === type && e.node_id === node).map((e) => e.seq);
    for (const node of ['start', 'a']) expect(of('node_completed', node)).toEqual([expect.any(Number)]);
    for (const node of ['start', 'a']) expect(of('node_completed', node)[0]).toBeLessThan(resetSeq);
    for (const node of ['wait', 'b', 'done']) {
      expect(of('node_completed', node)).toHaveLength(1);
      expect(of('node_completed', node)[0]).toBeGreaterThan(resetSeq);
    }
    expect(of('node_started', 'wait')).toHaveLength(2);
    expect(of('node_started', 'wait')[1]).toBeGreaterThan(resetSeq);
    expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
    expect(events.at(-1)!.type).toBe('run_finished');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));

    // The SSE stream carries the same, in order.
    const frames = await sseFrames(run_id);
    expect(frames.map((f) => f.id)).toEqual(events.map((e) => e.seq));
    const frame = frames.find((f) => f.event === 'run_reset')!;
    expect(frame.data).toMatchObject({ seq: resetSeq, temporal_run_id: next, previous_temporal_run_id: previous, reset_to_event_id: eventId });
    expect(frames.at(-1)).toMatchObject({ event: 'run_finished', data: { status: 'completed' } });
  });

  it('reopens a finished run until the new execution finishes it again, repeating no effect', { timeout: 120_000 }, async () => {
    const { stack, counter } = fx as { stack: typeof fx.stack; counter: CounterServer };
    const wf = await createWorkflow(
      stack,
      spec([{ id: 'start', type: 'trigger.manual' }, httpNode('c', counter), httpNode('d', counter)], [['start', 'c'], ['c', 'd']]),
    );
    const { run_id } = await startRun(stack, wf);
    await waitForRun(stack, run_id);
    await stack.atelier.deps.temporal.workflow.getHandle(run_id).result();

    const { previous, next } = await reset(run_id, firstWorkflowTask);
    await stack.atelier.deps.temporal.workflow.getHandle(run_id, next).result();
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.nodes_completed).toBe(3);
    expect([counter.count('c'), counter.count('d')]).toEqual([1, 1]);

    const db = stack.atelier.deps.db;
    const events = await db.selectFrom('run_events').select(['seq', 'type', 'node_id', 'data']).where('run_id', '=', run_id).orderBy('seq').execute();
    // Nothing ran again: after the reset, only the run's new end.
    const resetAt = events.findIndex((e) => e.type === 'run_reset');
    expect(events[resetAt]!.data).toMatchObject({ temporal_run_id: next, previous_temporal_run_id: previous, nodes_kept: ['c', 'd', 'start'], nodes_rerun: [], reopened: true });
    expect(events.slice(resetAt - 1).map((e) => e.type)).toEqual(['run_finished', 'run_reset', 'run_finished']);
    expect(events.filter((e) => e.type === 'node_completed')).toHaveLength(3);
    const frames = await sseFrames(run_id);
    expect(frames.map((f) => f.event).slice(-3)).toEqual(['run_finished', 'run_reset', 'run_finished']);
  });

  it('runs a node that had failed again and reports its new outcome', { timeout: 120_000 }, async () => {
    const { stack, counter } = fx as { stack: typeof fx.stack; counter: CounterServer };
    // An API that fails until it is fixed.
    let status = 503;
    let calls = 0;
    const api = createServer((_req, res) => {
      calls++;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/flaky`;
      const wf = await createWorkflow(
        stack,
        spec(
          [
            { id: 'start', type: 'trigger.manual' },
            httpNode('e', counter),
            { id: 'flaky', type: 'http.request', params: { url, fail_on_status: true }, retry: { max_attempts: 1 } },
          ],
          [['start', 'e'], ['e', 'flaky']],
        ),
      );
      const { run_id } = await startRun(stack, wf);
      expect((await waitForRun(stack, run_id)).status).toBe('failed');
      await stack.atelier.deps.temporal.workflow.getHandle(run_id).result();

      status = 200;
      const { next } = await reset(run_id, firstWorkflowTask);
      await stack.atelier.deps.temporal.workflow.getHandle(run_id, next).result();
      const run = await waitForRun(stack, run_id);
      expect(run.status).toBe('completed');
      expect(run.error).toBeNull();
      expect(run.node_outputs.flaky.ok).toBe(true);
      expect(run.nodes_completed).toBe(3);
      expect([counter.count('e'), calls]).toEqual([1, 2]);

      const events = await stack.atelier.deps.db.selectFrom('run_events').select(['type', 'node_id', 'data']).where('run_id', '=', run_id).orderBy('seq').execute();
      const reset_ = events.find((e) => e.type === 'run_reset')!;
      expect(reset_.data).toMatchObject({ nodes_kept: ['e', 'start'], nodes_rerun: ['flaky'], reopened: true });
      const flaky = events.filter((e) => e.type === 'node_completed' && e.node_id === 'flaky').map((e) => e.data.ok);
      expect(flaky).toEqual([false, true]);
      expect(events.filter((e) => e.type === 'run_finished').map((e) => e.data.status)).toEqual(['failed', 'completed']);
    } finally {
      api.closeAllConnections();
      await new Promise<void>((r) => api.close(() => r()));
    }
  });
});
