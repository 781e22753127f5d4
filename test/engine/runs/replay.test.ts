// Determinism guard: histories of runs executed just now must replay against the current workflow
// code (STYLE "replay tests guard determinism"). Recorded histories — engineRun's
// among every other workflow type's — live under test/histories/ and replay in
// test/proof/determinism.test.ts.
import { readFileSync } from 'node:fs';
import { temporal } from '@temporalio/proto';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { History, writeHistory } from '../../helpers/histories';
import { closedHistory, createWorkflow, failingNode, getRun, httpNode, replayHistories, spec, startRun, waitFor, waitForRun, useEngineStack } from './helpers';

const fx = useEngineStack();

describe('engine runs: replay', () => {
  it('replays the histories of runs executed just now (diamond, branches, failures, signals, cancel, resume)', async () => {
    const ids: string[] = [];
    const run = async (s: unknown, input = {}) => {
      const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s), input);
      ids.push(run_id);
      return run_id;
    };
    const diamond = await run(
      spec(
        [
          { id: 'start', type: 'trigger.manual' },
          { id: 'check', type: 'logic.if', params: { left: '{{start.output.main.n}}', operator: 'gt', right: 1 } },
          httpNode('yes', fx.counter, 50),
          { id: 'no', type: 'io.set', params: { values: { n: '{{start.output.main.n}}' } } },
          { id: 'off', type: 'io.set', disabled: true },
          failingNode('bad', fx.counter, { continue_on_error: true }),
          { id: 'join', type: 'logic.merge', params: { mode: 'any' } },
        ],
        [['start', 'check'], ['check', 'yes', 'true'], ['check', 'no', 'false'], ['yes', 'off'], ['off', 'join'], ['no', 'join'], ['start', 'bad'], ['bad', 'join']],
        { error_handler: 'retry' },
      ),
      { n: 2 },
    );
    const approval = await run(
      spec(
        [{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval' }, { id: 'hook', type: 'control.wait_webhook' }, { id: 'nap', type: 'control.delay', params: { seconds: 0.2 } }],
        [['start', 'gate'], ['gate', 'hook', 'approved'], ['hook', 'nap']],
      ),
    );
    const cancelled = await run(spec([{ id: 'start', type: 'trigger.manual' }, httpNode('long', fx.counter, 30_000)], [['start', 'long']]));
    const failing = await run(spec([{ id: 'start', type: 'trigger.manual' }, failingNode('f', fx.counter)], [['start', 'f']]));

    await waitFor('gate to wait', async () => (await getRun(fx.stack, approval)).node_outputs.gate !== undefined);
    await fx.stack.api('POST', `/engine/v1/v1/runs/${approval}/signals/approve`, { body: { payload: { approved: true } } });
    await waitFor('hook to wait', async () => (await getRun(fx.stack, approval)).node_outputs.hook !== undefined);
    await fx.stack.api('POST', `/engine/v1/v1/runs/${approval}/signals/webhook`, { body: { payload: { x: 1 } } });
    await waitFor('long call', async () => fx.counter.count('long') > 0);
    await fx.stack.api('POST', `/engine/v1/v1/runs/${cancelled}/cancel`);
    for (const id of [diamond, approval, cancelled, failing]) await waitForRun(fx.stack, id);
    // A resumed execution under the same workflow id.
    await fx.stack.api('POST', `/engine/v1/v1/runs/${failing}/resume`);
    await waitFor('resumed run to finish', async () => {
      const r = await getRun(fx.stack, failing);
      return r.resumed_count === 1 && ['failed', 'completed'].includes(r.status);
    });
    expect((await getRun(fx.stack, approval)).status).toBe('completed');
    expect((await getRun(fx.stack, cancelled)).status).toBe('cancelled');

    const histories = [];
    for (const id of ids) histories.push({ workflowId: id, history: await fx.stack.atelier.deps.temporal.workflow.getHandle(id).fetchHistory() });
    const results = await replayHistories(histories);
    expect(results).toHaveLength(ids.length);
    for (const r of results) expect(r.error, `${r.workflowId}: ${String(r.error)}`).toBeUndefined();
  });

  // Recorded on an overloaded machine: workflow tasks timed out while approve signals arrived, so one
  // replayed activation hands the workflow the http node's completion, the signals and the approval's
  // recordNodeStarted result together, where the execution had them in two activations (the loop
  // started the stop_and_error node's local call before the approval went on to its write).
  it('replays a run whose local activity result came alone when executed but with earlier events when replayed', async () => {
    const rec = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../histories/engineRun.lost-order-under-task-timeouts.json'), 'utf8')) as { workflowId: string; history: Record<string, unknown> };
    const history = History.fromObject(rec.history);
    expect(history.events.some((e) => e.eventType === temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT)).toBe(true);
    const [result] = await replayHistories([{ workflowId: rec.workflowId, history }]);
    expect(result!.error, String(result!.error)).toBeUndefined();
  });

  // RECORD_HISTORIES=1 keeps this run's history as test/histories/engineRun.sink-ends-run.json, which
  // the determinism suite replays from then on.
  it('replays a run whose last node to succeed wrote the run\'s end (behaviour 5)', async () => {
    const s = spec(
      [{ id: 'start', type: 'trigger.manual' }, httpNode('first', fx.counter), httpNode('left', fx.counter, 40), httpNode('right', fx.counter)],
      [['start', 'first'], ['first', 'left'], ['first', 'right']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    const history = await closedHistory(fx.stack, run_id);
    // No end of the workflow's own: no local activity after the last node's completion.
    const events = history.events ?? [];
    const lastCompletion = events.findLastIndex((e) => e.activityTaskCompletedEventAttributes);
    expect(events.slice(lastCompletion).filter((e) => e.markerRecordedEventAttributes)).toEqual([]);
    const [result] = await replayHistories([{ workflowId: run_id, history }]);
    expect(result!.error, String(result!.error)).toBeUndefined();
    if (process.env.RECORD_HISTORIES === '1') {
      const file = join(resolve(import.meta.dirname, '../../histories'), 'engineRun.sink-ends-run.json');
      writeHistory(file, { workflowType: 'engineRun', workflowId: run_id, status: 'COMPLETED', history });
    }
  });

  // RECORD_HISTORIES=1 keeps this run's history as test/histories/engineRun.continue-on-error-main.json,
  // which the determinism suite replays from then on.
  it('replays continue_on_error failures passed on `main` and routed apart on `error`', async () => {
    const s = spec(
      [
        { id: 'start', type: 'trigger.manual' },
        { id: 'stop', type: 'logic.stop_and_error', params: { message: 'on main' }, continue_on_error: true },
        { id: 'after_stop', type: 'io.set', params: { values: { why: '{{stop.output.main.error}}' } } },
        failingNode('bad', fx.counter, { continue_on_error: true }),
        { id: 'on_error', type: 'io.set', params: { values: { why: '{{bad.output.error.error}}' } } },
        { id: 'on_main', type: 'io.set', params: { values: { never: true } } },
        { id: 'join', type: 'logic.merge', params: { mode: 'any' } },
      ],
      [['start', 'stop'], ['stop', 'after_stop'], ['start', 'bad'], ['bad', 'on_error', 'error'], ['bad', 'on_main'], ['after_stop', 'join'], ['on_error', 'join']],
    );
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, s));
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.after_stop.output.main).toEqual({ why: 'on main' });
    expect(run.node_outputs.on_main).toMatchObject({ skipped: true });
    const history = await closedHistory(fx.stack, run_id);
    const [result] = await replayHistories([{ workflowId: run_id, history }]);
    expect(result!.error, String(result!.error)).toBeUndefined();
    if (process.env.RECORD_HISTORIES === '1') {
      const file = join(resolve(import.meta.dirname, '../../histories'), 'engineRun.continue-on-error-main.json');
      writeHistory(file, { workflowType: 'engineRun', workflowId: run_id, status: 'COMPLETED', history });
    }
  });
});
