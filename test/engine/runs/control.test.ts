// Signals, cancel, resume and retry.
import { describe, expect, it } from 'vitest';
import { createWorkflow, failingNode, getRun, httpNode, spec, startRun, waitFor, waitForRun, useEngineStack } from './helpers';

const fx = useEngineStack();

const runs = (path: string) => `/engine/v1/v1/runs${path}`;

function approvalSpec(params: Record<string, unknown> = {}) {
  return spec(
    [
      { id: 'start', type: 'trigger.manual' },
      { id: 'gate', type: 'control.approval', params },
      { id: 'yes', type: 'io.set', params: { values: { decision: 'approved', by: '{{gate.output.approved.by}}' } } },
      { id: 'no', type: 'io.set', params: { values: { decision: 'rejected' } } },
    ],
    [['start', 'gate'], ['gate', 'yes', 'approved'], ['gate', 'no', 'rejected']],
  );
}

async function waitUntilWaiting(runId: string, nodeId: string) {
  await waitFor(`${nodeId} to wait`, async () => (await getRun(fx.stack, runId)).node_outputs[nodeId] !== undefined || undefined);
}

describe('engine runs: signals', () => {
  it('approve {approved:true} takes the approved port', async () => {
    const wf = await createWorkflow(fx.stack, approvalSpec());
    const { run_id } = await startRun(fx.stack, wf);
    await waitUntilWaiting(run_id, 'gate');
    const r = await fx.stack.api('POST', runs(`/${run_id}/signals/approve`), { body: { payload: { approved: true, by: 'ada' } } });
    expect(r.status).toBe(200);
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.gate.output).toEqual({ approved: { approved: true, by: 'ada' } });
    expect(run.node_outputs.yes.output.main).toEqual({ decision: 'approved', by: 'ada' });
    expect(run.node_outputs.no.skipped).toBe(true);
  });

  it('approve {approved:false} takes the rejected port', async () => {
    const wf = await createWorkflow(fx.stack, approvalSpec());
    const { run_id } = await startRun(fx.stack, wf);
    await waitUntilWaiting(run_id, 'gate');
    await fx.stack.api('POST', runs(`/${run_id}/signals/approve`), { body: { payload: { approved: false } } });
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.no.output.main).toEqual({ decision: 'rejected' });
    expect(run.node_outputs.yes.skipped).toBe(true);
  });

  it('approval timeout_s applies the default', async () => {
    const wf = await createWorkflow(fx.stack, approvalSpec({ timeout_s: 1, default: 'approved' }));
    const { run_id } = await startRun(fx.stack, wf);
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('completed');
    expect(run.node_outputs.gate.output).toEqual({ approved: {} });
    expect(run.node_outputs.gate.logs[0].message).toContain('default approved');
    expect(run.node_outputs.no.skipped).toBe(true);
  });

  it('webhook resumes a wait_webhook node with the payload; bad names and finished runs are refused', async () => {
    const wf = await createWorkflow(
      fx.stack,
      spec(
        [
          { id: 'start', type: 'trigger.manual' },
          { id: 'hook', type: 'control.wait_webhook' },
          { id: 'after', type: 'io.set', params: { values: { order: '{{hook.output.main.order}}' } } },
        ],
        [['start', 'hook'], ['hook', 'after']],
      ),
    );
    const { run_id } = await startRun(fx.stack, wf);
    await waitUntilWaiting(run_id, 'hook');
    const unknown = await fx.stack.api('POST', runs(`/${run_id}/signals/explode`), { body: { payload: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('explode');
    expect((await fx.stack.api('POST', runs(`/${run_id}/signals/webhook`), { body: { payload: { order: 17 } } })).status).toBe(200);
    const run = await waitForRun(fx.stack, run_id);
    expect(run.error).toBeNull();
    expect(run.status).toBe('completed');
    expect(run.node_outputs.after.output.main).toEqual({ order: 17 });
    const late = await fx.stack.api('POST', runs(`/${run_id}/signals/webhook`), { body: { payload: {} } });
    expect(late.status).toBe(409);
    expect(late.body.detail.error).toBe('run_finished');
    expect(late.body.detail.message).toContain('completed');
  });
});

describe('engine runs: cancel', () => {
  it('POST cancel stops an in-flight activity, which sees the cancellation; the run ends cancelled', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, httpNode('long_call', fx.counter, 60_000)], [['start', 'long_call']]));
    const { run_id } = await startRun(fx.stack, wf);
    await waitFor('the long call to start', async () => fx.counter.count('long_call') > 0);
    const t0 = Date.now();
    expect((await fx.stack.api('POST', runs(`/${run_id}/cancel`))).status).toBe(200);
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(20_000);
    // The activity aborted its request: the external server saw the connection close early.
    await waitFor('the request to be aborted', async () => fx.counter.hits.find((h) => h.id === 'long_call')?.aborted);
    expect(run.node_outputs.long_call).toMatchObject({ ok: false, error: 'cancelled' });
    const again = await fx.stack.api('POST', runs(`/${run_id}/cancel`));
    expect(again.status).toBe(409);
    const events = await fx.stack.api('GET', runs(`/${run_id}/events`));
    expect(events.text).toContain('"status":"cancelled"');
  });

  it('the cancel signal ends a waiting run cancelled', async () => {
    const wf = await createWorkflow(fx.stack, approvalSpec());
    const { run_id } = await startRun(fx.stack, wf);
    await waitUntilWaiting(run_id, 'gate');
    expect((await fx.stack.api('POST', runs(`/${run_id}/signals/cancel`), { body: { payload: { reason: 'test' } } })).status).toBe(200);
    const run = await waitForRun(fx.stack, run_id);
    expect(run.status).toBe('cancelled');
    expect(run.node_outputs.yes).toBeUndefined();
  });
});

describe('engine runs: resume and retry', () => {
  it('resume keeps the nodes that succeeded and runs the rest under the same run id', async () => {
    const gateUrl = `${fx.counter.url}/hit?id=gate_node&status=`;
    // The gate fails until the test flips the status the URL asks for (by variable in the spec override).
    const makeSpec = (status: number) =>
      spec(
        [
          { id: 'start', type: 'trigger.manual' },
          httpNode('first', fx.counter),
          httpNode('second', fx.counter),
          { id: 'gate', type: 'http.request', params: { url: `${gateUrl}{{variables.status}}`, fail_on_status: true }, retry: { max_attempts: 1 } },
          httpNode('after_gate', fx.counter),
        ],
        [['start', 'first'], ['first', 'second'], ['second', 'gate'], ['gate', 'after_gate']],
        { variables: { status } },
      );
    const wf = await createWorkflow(fx.stack, makeSpec(500));
    const { run_id } = await startRun(fx.stack, wf);
    const failed = await waitForRun(fx.stack, run_id);
    expect(failed.status).toBe('failed');
    expect(fx.counter.count('first')).toBe(1);
    expect(fx.counter.count('second')).toBe(1);
    expect(fx.counter.count('gate_node')).toBe(1);

    // Not resumable while … completed runs are not; a running one is refused too (checked below).
    const resumed = await fx.stack.api('POST', runs(`/${run_id}/resume`));
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ ok: true, run_id, status: 'resumed', skipped_nodes: ['first', 'second', 'start'], total_skipped: 3 });
    const again = await waitForRun(fx.stack, run_id);
    // The pinned spec still fails the gate: it ran once more, the succeeded nodes did not.
    expect(again.status).toBe('failed');
    expect(fx.counter.count('first')).toBe(1);
    expect(fx.counter.count('second')).toBe(1);
    expect(fx.counter.count('gate_node')).toBe(2);
    expect(again.resumed_count).toBe(1);

    // retry: a new run id, same spec version and input, from scratch.
    const retry = await fx.stack.api('POST', runs(`/${run_id}/retry`));
    expect(retry.status).toBe(201);
    expect(retry.body.run_id).not.toBe(run_id);
    expect(retry.body.retried_from).toBe(run_id);
    const retried = await waitForRun(fx.stack, retry.body.run_id);
    expect(retried.status).toBe('failed');
    expect(retried.version).toBe(failed.version);
    expect(fx.counter.count('first')).toBe(2);
  });

  it('resume after a failure in the middle of a chain does not repeat earlier side effects', async () => {
    const wf = await createWorkflow(
      fx.stack,
      spec(
        [{ id: 'start', type: 'trigger.manual' }, httpNode('a1', fx.counter), failingNode('a2', fx.counter), httpNode('a3', fx.counter)],
        [['start', 'a1'], ['a1', 'a2'], ['a2', 'a3']],
      ),
    );
    const { run_id } = await startRun(fx.stack, wf);
    expect((await waitForRun(fx.stack, run_id)).status).toBe('failed');
    const events1 = await fx.stack.api('GET', runs(`/${run_id}/events`));
    const lastSeq = Math.max(...[...events1.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1])));
    const r = await fx.stack.api('POST', runs(`/${run_id}/resume`));
    expect(r.body.skipped_nodes).toEqual(['a1', 'start']);
    expect((await waitForRun(fx.stack, run_id)).status).toBe('failed');
    expect(fx.counter.count('a1')).toBe(1);
    expect(fx.counter.count('a2')).toBe(2);
    // The resumed execution's events continue the same seq.
    const events2 = await fx.stack.api('GET', runs(`/${run_id}/events?since_seq=${lastSeq}`));
    expect(events2.text).toContain('"node_id":"a2"');
    expect(events2.text).not.toContain('"node_id":"a1"');
  });

  it('retry and resume refuse runs in the wrong state', async () => {
    const wf = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }], []));
    const { run_id } = await startRun(fx.stack, wf);
    await waitForRun(fx.stack, run_id);
    const retry = await fx.stack.api('POST', runs(`/${run_id}/retry`));
    expect(retry.status).toBe(409);
    const resume = await fx.stack.api('POST', runs(`/${run_id}/resume`));
    expect(resume.status).toBe(409);

    const waiting = await startRun(fx.stack, await createWorkflow(fx.stack, approvalSpec()));
    await waitUntilWaiting(waiting.run_id, 'gate');
    expect((await fx.stack.api('POST', runs(`/${waiting.run_id}/resume`))).status).toBe(409);
    await fx.stack.api('POST', runs(`/${waiting.run_id}/cancel`));
    expect((await waitForRun(fx.stack, waiting.run_id)).status).toBe('cancelled');
  });

  it('a resume that cannot read the run\'s last execution answers 503 and changes nothing', async () => {
    const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, failingNode('unread_gate', fx.counter)], [['start', 'unread_gate']])));
    expect((await waitForRun(fx.stack, run_id)).status).toBe('failed');
    // Temporal answers nothing else, but reading the history fails as it would with the server down.
    const client = fx.stack.atelier.deps.temporal.workflow;
    const getHandle = client.getHandle.bind(client);
    client.getHandle = ((...args: Parameters<typeof getHandle>) => ({
      ...getHandle(...args),
      fetchHistory: () => Promise.reject(Object.assign(new Error('14 UNAVAILABLE: connection refused'), { code: 14, details: 'connection refused', metadata: {} })),
    })) as typeof client.getHandle;
    try {
      const resume = await fx.stack.api('POST', runs(`/${run_id}/resume`));
      expect(resume.status).toBe(503);
      expect(JSON.stringify(resume.body)).toContain('not resumed');
    } finally {
      client.getHandle = getHandle;
    }
    const run = await getRun(fx.stack, run_id);
    expect(run).toMatchObject({ status: 'failed', resumed_count: 0 });
    expect(fx.counter.count('unread_gate')).toBe(1);
  });
});
