import { describe, expect, it } from 'vitest';
import { createWorkflow, failingNode, getRun, httpNode, runToEnd, spec, startRun, waitForRun, useEngineStack } from './helpers';

const fx = useEngineStack();

describe('engine runs: DAG semantics', () => {
  it('runs a diamond end to end, resolving templates and keying inputs by source node', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'left', type: 'io.set', params: { values: { side: 'L', name: '{{start.output.main.name}}' } } },
        { id: 'right', type: 'io.set', params: { values: { side: 'R', n: '{{start.output.main.n}}', greeting: 'hi {{start.output.main.name}}' } } },
        { id: 'join', type: 'logic.merge', params: { mode: 'all' } },
      ],
      [['start', 'left'], ['start', 'right'], ['left', 'join'], ['right', 'join']],
    );
    const run = await runToEnd(fx.stack, s, { name: 'Ada', n: 3 });
    expect(run.status).toBe('completed');
    expect(run.nodes_total).toBe(4);
    expect(run.nodes_completed).toBe(4);
    expect(run.node_outputs.left.output.main).toEqual({ side: 'L', name: 'Ada' });
    // A whole-template param keeps its JSON type; inside a longer string it is stringified.
    expect(run.node_outputs.right.output.main).toEqual({ side: 'R', n: 3, greeting: 'hi Ada' });
    expect(run.node_outputs.join.output.main).toEqual({ left: { side: 'L', name: 'Ada' }, right: { side: 'R', n: 3, greeting: 'hi Ada' } });
    for (const id of ['start', 'left', 'right', 'join']) {
      expect(run.node_outputs[id]).toMatchObject({ ok: true, error: null, usd_charged: 0 });
      expect(typeof run.node_outputs[id].duration_ms).toBe('number');
    }
    expect(run.started_at).toBeTruthy();
    expect(run.finished_at).toBeTruthy();
    expect(run.version).toBe(1);
  });

  it('skips the branch an if node does not take, and everything downstream of it', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'check', type: 'logic.if', params: { left: '{{start.output.main.n}}', operator: 'gt', right: 5 } },
        { id: 'big', type: 'io.set', params: { values: { size: 'big' } } },
        { id: 'small', type: 'io.set', params: { values: { size: 'small' } } },
        { id: 'after_small', type: 'io.set', params: { values: { x: 1 } } },
        { id: 'any', type: 'logic.merge', params: { mode: 'any' } },
      ],
      [['start', 'check'], ['check', 'big', 'true'], ['check', 'small', 'false'], ['small', 'after_small'], ['big', 'any'], ['after_small', 'any']],
    );
    const run = await runToEnd(fx.stack, s, { n: 9 });
    expect(run.status).toBe('completed');
    expect(run.node_outputs.big.ok).toBe(true);
    expect(run.node_outputs.small).toMatchObject({ skipped: true, output: {} });
    expect(run.node_outputs.after_small).toMatchObject({ skipped: true, output: {} });
    expect(Object.keys(run.node_outputs).sort(), JSON.stringify(run)).toContain('any');
    expect(run.node_outputs.any.ok).toBe(true);
    expect(run.node_outputs.any.output.main).toEqual({ big: { size: 'big' } });
  });

  it('runs independent branches in parallel (overlapping activity times)', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('p1', fx.counter, 1500), httpNode('p2', fx.counter, 1500), httpNode('p3', fx.counter, 1500)],
      [['start', 'p1'], ['start', 'p2'], ['start', 'p3']],
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('completed');
    const hits = ['p1', 'p2', 'p3'].map((id) => fx.counter.hits.find((h) => h.id === id)!);
    const latestStart = Math.max(...hits.map((h) => h.startedAt));
    const earliestEnd = Math.min(...hits.map((h) => h.finishedAt!));
    // All three were in flight at the same moment.
    expect(latestStart).toBeLessThan(earliestEnd);
    expect(run.node_outputs.p1.output.main.status).toBe(200);
  });

  it('continue_on_error with an edge from `error` routes the failure apart: `error` runs, `main` is skipped', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        failingNode('boom', fx.counter, { continue_on_error: true }),
        { id: 'handled', type: 'io.set', params: { values: { saw: '{{boom.output.error.error}}' } } },
        { id: 'next', type: 'io.set', params: { values: { x: 1 } } },
      ],
      [['start', 'boom'], ['boom', 'handled', 'error'], ['boom', 'next']],
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.boom).toMatchObject({ ok: false });
    expect(run.node_outputs.boom.error).toContain('404');
    expect(run.node_outputs.handled.output.main).toEqual({ saw: run.node_outputs.boom.error });
    expect(run.node_outputs.next).toMatchObject({ skipped: true, output: {} });
    expect(run.node_outputs.boom.output).toEqual({ error: { error: run.node_outputs.boom.error, error_type: expect.any(String) } });
  });

  it('trigger → logic.stop_and_error (continue_on_error) → io.set wired from `error`; a node that succeeds skips its `error` port', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'stop', type: 'logic.stop_and_error', params: { message: 'upstream unavailable' }, continue_on_error: true },
        { id: 'fallback', type: 'io.set', params: { values: { reason: '{{stop.output.error.error}}' } } },
        { id: 'fine', type: 'io.set', params: { values: { ok: true } }, continue_on_error: true },
        { id: 'on_fine_error', type: 'io.set', params: { values: { never: true } } },
        { id: 'on_fine', type: 'io.set', params: { values: { got: '{{fine.output.main.ok}}' } } },
      ],
      [['start', 'stop'], ['stop', 'fallback', 'error'], ['start', 'fine'], ['fine', 'on_fine_error', 'error'], ['fine', 'on_fine']],
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.stop).toMatchObject({ ok: false, error: 'upstream unavailable' });
    expect(run.node_outputs.stop.output).toEqual({ error: { error: 'upstream unavailable', error_type: 'stop_and_error' } });
    expect(run.node_outputs.fallback).toMatchObject({ ok: true, output: { main: { reason: 'upstream unavailable' } } });
    expect(run.node_outputs.fine).toMatchObject({ ok: true, output: { main: { ok: true } } });
    expect(run.node_outputs.on_fine_error).toMatchObject({ skipped: true });
    expect(run.node_outputs.on_fine.output.main).toEqual({ got: true });
  });

  it('continue_on_error continues: with no edge from `error`, the failure goes out on `main` and its successors run', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'stop', type: 'logic.stop_and_error', params: { message: 'upstream unavailable' }, continue_on_error: true },
        { id: 'after_stop', type: 'io.set', params: { values: { reason: '{{stop.output.main.error}}', type: '{{stop.output.main.error_type}}', same: '{{stop.output.error.error}}' } } },
        failingNode('boom', fx.counter, { continue_on_error: true }),
        { id: 'after_boom', type: 'logic.merge', params: { mode: 'all' } },
        { id: 'last', type: 'io.set', params: { values: { done: true } } },
      ],
      [['start', 'stop'], ['stop', 'after_stop'], ['start', 'boom'], ['boom', 'after_boom'], ['after_stop', 'after_boom'], ['after_boom', 'last']],
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('completed');
    expect(run.error).toBeNull();
    // The failed node is still recorded failed; its output shows what it passed on.
    const failure = { error: 'upstream unavailable', error_type: 'stop_and_error' };
    expect(run.node_outputs.stop).toMatchObject({ ok: false, error: 'upstream unavailable', output: { main: failure, error: failure } });
    expect(run.node_outputs.after_stop).toMatchObject({ ok: true, output: { main: { reason: 'upstream unavailable', type: 'stop_and_error', same: 'upstream unavailable' } } });
    // The successor gets `{error, error_type}` keyed by the failed node, like any other input.
    expect(run.node_outputs.boom).toMatchObject({ ok: false });
    expect(run.node_outputs.after_boom.ok).toBe(true);
    expect(run.node_outputs.after_boom.output.main.boom).toEqual({ error: run.node_outputs.boom.error, error_type: expect.any(String) });
    expect(run.node_outputs.after_boom.output.main.boom.error).toContain('404');
    expect(run.node_outputs.last).toMatchObject({ ok: true, output: { main: { done: true } } });
  });

  it('a failed node without continue_on_error still skips its successors (error_handler continue)', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, failingNode('boom', fx.counter), { id: 'after', type: 'io.set', params: { values: { x: 1 } } }],
      [['start', 'boom'], ['boom', 'after']],
      { error_handler: 'continue' },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.boom).toMatchObject({ ok: false, output: {} });
    expect(run.node_outputs.after).toMatchObject({ skipped: true });
  });

  it('refuses an edge from `error` of a node without continue_on_error (422 unknown_port)', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'stop', type: 'logic.stop_and_error', params: { message: 'x' } }, { id: 'after', type: 'io.set', params: { values: { x: 1 } } }],
      [['start', 'stop'], ['stop', 'after', 'error']],
    );
    const r = await fx.stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'no error port', spec: s } });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([
      expect.objectContaining({ type: 'unknown_port', loc: ['body', 'spec', 'edges', 1, 'source_port'], input: 'error' }),
    ]);
  });

  it('error_handler stop fails the run and starts nothing after the failure', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'boom', type: 'logic.stop_and_error', params: { message: 'stop here' } },
        httpNode('slow_sibling', fx.counter, 1500),
        { id: 'after', type: 'io.set', params: { values: { x: 1 } } },
      ],
      [['start', 'boom'], ['start', 'slow_sibling'], ['slow_sibling', 'after']],
      { error_handler: 'stop' },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('stop here');
    expect(run.node_outputs.boom).toMatchObject({ ok: false, error: 'stop here' });
    expect(run.node_outputs.after).toBeUndefined();
  });

  it('error_handler continue finishes independent branches, then fails the run', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        failingNode('boom', fx.counter),
        { id: 'after_boom', type: 'io.set', params: { values: { x: 1 } } },
        httpNode('other', fx.counter, 600),
        { id: 'after_other', type: 'io.set', params: { values: { y: 2 } } },
      ],
      [['start', 'boom'], ['boom', 'after_boom'], ['start', 'other'], ['other', 'after_other']],
      { error_handler: 'continue' },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('boom');
    expect(run.node_outputs.after_boom).toMatchObject({ skipped: true });
    expect(run.node_outputs.after_other).toMatchObject({ ok: true, output: { main: { y: 2 } } });
  });

  it('error_handler retry re-runs a failing node before giving up', async () => {
    const before = fx.counter.count('flaky');
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        // 404 with fail_on_status is not retryable by the node's own policy; the handler retries it.
        failingNode('flaky', fx.counter),
      ],
      [['start', 'flaky']],
      { error_handler: 'retry' },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('failed');
    // 1 + 2 handler rounds.
    expect(fx.counter.count('flaky') - before).toBe(3);
  });

  it('a disabled node passes its input through', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'off', type: 'io.set', params: { values: { replaced: true } }, disabled: true },
        { id: 'after', type: 'io.set', params: { values: { got: '{{off.output.main.v}}' } } },
      ],
      [['start', 'off'], ['off', 'after']],
    );
    const run = await runToEnd(fx.stack, s, { v: 42 });
    expect(run.status).toBe('completed');
    expect(run.node_outputs.off.output.main).toEqual({ v: 42 });
    expect(run.node_outputs.after.output.main).toEqual({ got: 42 });
  });

  it('max_steps stops a run that would execute more nodes', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'a', type: 'io.set' },
        { id: 'b', type: 'io.set' },
      ],
      [['start', 'a'], ['a', 'b']],
      { max_steps: 2 },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('max_steps');
    expect(run.node_outputs.b).toBeUndefined();
  });

  it('max_execution_time_s ends the run timed_out with a clean run_finished', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'wait', type: 'control.delay', params: { seconds: 60 } }],
      [['start', 'wait']],
      { max_execution_time_s: 2 },
    );
    const run = await runToEnd(fx.stack, s);
    expect(run.status).toBe('timed_out');
    const events = await fx.stack.api('GET', `/engine/v1/v1/runs/${run.id}/events`);
    expect(events.text).toContain('event: run_finished');
    expect(events.text).toContain('"status":"timed_out"');
  });

  it('max_execution_time_s cuts a long activity node short without a deadline timer, and a quick run starts none', async () => {
    const slow = await createWorkflow(fx.stack, spec(
      [{ id: 'start', type: 'trigger.manual' }, { id: 'pre', type: 'io.set', params: { values: { a: 1 } } }, httpNode('call', fx.counter, 30_000), { id: 'after', type: 'io.set' }],
      [['start', 'pre'], ['pre', 'call'], ['call', 'after']],
      { max_execution_time_s: 3 },
    ));
    const started = Date.now();
    const { run_id } = await startRun(fx.stack, slow);
    const run = await waitForRun(fx.stack, run_id, undefined, 60_000);
    expect(run.status).toBe('timed_out');
    expect(run.error).toBe('max_execution_time_s (3) exceeded');
    // Cut at the deadline, not at the call's own 30 s (nor its 120 s timeout).
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(run.node_outputs.call).toMatchObject({ ok: false, error: 'cancelled' });
    expect(run.node_outputs.after).toBeUndefined();
    const events = await fx.stack.api('GET', `/engine/v1/v1/runs/${run_id}/events`);
    expect(events.text.match(/event: run_finished/g)).toHaveLength(1);
    expect(events.text).toContain('"status":"timed_out"');

    // Neither run's history holds a timer: the deadline bounded the activity itself.
    const quick = await runToEnd(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, httpNode('q', fx.counter)], [['start', 'q']]));
    expect(quick.status).toBe('completed');
    for (const id of [run_id, quick.id]) {
      const history = await fx.stack.atelier.deps.temporal.workflow.getHandle(id).fetchHistory();
      expect(history.events?.some((e) => e.timerStartedEventAttributes)).toBe(false);
      expect(history.events?.some((e) => e.activityTaskScheduledEventAttributes)).toBe(true);
    }
  });

  it('lists runs, hides other accounts\' runs and validates POST /v1/runs', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }], []));
    const { run_id, temporal_workflow_id, status } = await startRun(fx.stack, wf, { a: 1 });
    expect(temporal_workflow_id).toBe(run_id);
    expect(status).toBe('queued');
    await waitForRun(fx.stack, run_id);
    const list = await fx.stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([run_id]);

    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', `/engine/v1/v1/runs/${run_id}`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('POST', `/engine/v1/v1/runs/${run_id}/cancel`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('GET', `/engine/v1/v1/runs/${run_id}/events`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('GET', `/engine/v1/v1/runs/not-a-uuid`)).status).toBe(404);

    const bad = await fx.stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, trigger_type: 'cron' } });
    expect(bad.status).toBe(422);
    const locs = bad.body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toContain('body.input');
    expect(locs).toContain('body.trigger_type');
    expect((await fx.stack.api('POST', '/engine/v1/runs', { body: { workflow_id: 'wf_missing', input: {} } })).status).toBe(404);

    const telemetry = await fx.stack.api('GET', `/engine/v1/v1/runs/${run_id}/telemetry`);
    expect(telemetry.body).toMatchObject({ run_id, workflow_id: wf, node_count: 1 });
    expect(telemetry.body.spans[0]).toMatchObject({ node_id: 'start', node_type: 'trigger.manual', status: 'succeeded', tokens_consumed: 0, usd_cost: 0 });
    const run = await getRun(fx.stack, run_id);
    expect(run.node_outputs.start.output.main).toEqual({ a: 1 });
  });
});
