// Workflow tests (real runs with trigger_type test, assertions over node outputs, saving a run as a
// test) and simulation (same plan and semantics, mocks by node id, no side effects from mocks, no
// charges, the path and the would-be cost).
import { describe, expect, it } from 'vitest';
import { createWorkflow, httpNode, spec, startRun, waitForRun, useEngineStack } from '../runs/helpers';

const fx = useEngineStack();

const branchy = () => spec(
  [
    { id: 'start', type: 'trigger.manual' },
    { id: 'check', type: 'logic.if', params: { left: '{{start.output.main.n}}', operator: 'gt', right: 10 } },
    { id: 'big', type: 'io.set', params: { values: { size: 'big', n: '{{start.output.main.n}}', tags: ['a', 'b'] } } },
    { id: 'small', type: 'io.set', params: { values: { size: 'small' } } },
  ],
  [['start', 'check'], ['check', 'big', 'true'], ['check', 'small', 'false']],
);

describe('tests', () => {
  it('runs a test as a real run with trigger_type test and reports each assertion', async () => {
    const wf = await createWorkflow(fx.stack, branchy());
    const bad = await fx.stack.api('POST', '/engine/v1/v1/tests', { body: { workflow_id: wf, name: 't', assertions: [{ path: 'x', operator: 'like' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'assertions', 0, 'operator']);

    const created = await fx.stack.api('POST', '/engine/v1/v1/tests', {
      body: {
        workflow_id: wf, name: 'big numbers', input: { n: 42 },
        assertions: [
          { path: 'big.output.main.size', operator: 'eq', value: 'big' },
          { path: 'big.output.main.n', operator: 'gte', value: 42 },
          { path: 'big.output.main.tags', operator: 'contains', value: 'b' },
          { path: 'big.output.main.tags', operator: 'length_lte', value: 2 },
          { path: 'small.skipped', operator: 'eq', value: true },
          { path: 'big.output.main.missing', operator: 'exists', value: false },
          { path: '$run.status', operator: 'neq', value: 'failed' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const test = created.body;
    const result = await fx.stack.api('POST', `/engine/v1/v1/tests/${test.id}/run`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ test_id: test.id, result: 'passed', run_status: 'completed' });
    expect(result.body.assertions).toHaveLength(7);
    expect(result.body.assertions.every((a: { passed: boolean }) => a.passed)).toBe(true);
    expect(result.body.assertions[1]).toEqual({ path: 'big.output.main.n', operator: 'gte', value: 42, actual: 42, passed: true });
    expect(result.body.duration_ms).toBeGreaterThan(0);
    const run = await waitForRun(fx.stack, result.body.run_id);
    expect(run.trigger_type).toBe('test');

    const failing = (await fx.stack.api('POST', '/engine/v1/v1/tests', { body: { workflow_id: wf, name: 'wrong', input: { n: 1 }, assertions: [{ path: 'big.output.main.size', operator: 'eq', value: 'big' }] } })).body;
    const failed = (await fx.stack.api('POST', `/engine/v1/v1/tests/${failing.id}/run`)).body;
    expect(failed.result).toBe('failed');
    expect(failed.assertions[0]).toMatchObject({ actual: null, passed: false });

    const list = (await fx.stack.api('GET', `/engine/v1/v1/tests/workflow/${wf}`)).body.data;
    expect(list.map((t: { id: string; last_result: string }) => [t.id, t.last_result])).toEqual([[test.id, 'passed'], [failing.id, 'failed']]);
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('POST', `/engine/v1/v1/tests/${test.id}/run`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('GET', `/engine/v1/v1/tests/workflow/${wf}`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/tests/${failing.id}`)).status).toBe(200);
    expect((await fx.stack.api('DELETE', `/engine/v1/v1/tests/${failing.id}`)).status).toBe(404);
  });

  it('saves a finished run as a test that passes on a re-run', async () => {
    const wf = await createWorkflow(fx.stack, branchy());
    const { run_id } = await startRun(fx.stack, wf, { n: 3 });
    await waitForRun(fx.stack, run_id);
    const saved = await fx.stack.api('POST', '/engine/v1/v1/tests/from-run', { body: { run_id, name: 'snapshot', node_ids: ['small'] } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ kind: 'snapshot', input: { n: 3 } });
    expect(saved.body.assertions).toEqual([{ path: 'small.output.main', operator: 'eq', value: { size: 'small' } }, { path: '$run.status', operator: 'eq', value: 'completed' }]);
    expect((await fx.stack.api('POST', `/engine/v1/v1/tests/${saved.body.id}/run`)).body.result).toBe('passed');
  });
});

describe('simulate', () => {
  it('mocks nodes by id (no side effect, no charge), keeps branching semantics, and prices the real run', async () => {
    const wf = await createWorkflow(fx.stack, spec(
      [
        { id: 'start', type: 'trigger.manual' },
        httpNode('fetch', fx.counter),
        { id: 'chat', type: 'ai.chat', params: { prompt: 'Summarise {{fetch.output.main.body.id}}' } },
        { id: 'check', type: 'logic.if', params: { left: '{{fetch.output.main.status}}', operator: 'eq', right: 200 } },
        { id: 'ok', type: 'io.set', params: { values: { got: '{{fetch.output.main.body.id}}' } } },
        { id: 'nope', type: 'io.set', params: { values: { got: 'none' } } },
      ],
      [['start', 'fetch'], ['fetch', 'chat'], ['fetch', 'check'], ['check', 'ok', 'true'], ['check', 'nope', 'false']],
    ));
    const balance = async () => (await fx.stack.api('GET', '/v1/billing/balance')).body.balance_usd as number;
    const before = await balance();
    const r = await fx.stack.api('POST', '/engine/v1/v1/workflows/simulate', {
      body: { workflow_id: wf, initial_payload: { q: 1 }, mocks: { fetch: { output: { main: { status: 200, body: { id: 'mocked-id' } } } }, chat: { output: { main: { text: 'hi' } } } } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'simulation', workflow_id: wf, status: 'completed', usd_charged: 0 });
    expect(fx.counter.count('fetch')).toBe(0);
    expect(r.body.nodes.fetch).toMatchObject({ outcome: 'mocked', output: { main: { status: 200, body: { id: 'mocked-id' } } } });
    expect(r.body.nodes.ok).toMatchObject({ outcome: 'succeeded', output: { main: { got: 'mocked-id' } } });
    expect(r.body.nodes.nope.outcome).toBe('skipped');
    expect(r.body.path).toEqual(expect.arrayContaining(['start', 'fetch', 'chat', 'check', 'ok']));
    expect(r.body.path).not.toContain('nope');
    expect(r.body.nodes.chat.would_be_usd).toBeGreaterThan(0);
    expect(r.body.would_be_usd).toBe(r.body.nodes.chat.would_be_usd);
    expect(await balance()).toBe(before);

    // An error mock fails the node with its message; the run fails as a real one would.
    const failed = await fx.stack.api('POST', '/engine/v1/v1/workflows/simulate', { body: { workflow_id: wf, mocks: { fetch: { error: 'upstream down' } } } });
    expect(failed.body.status).toBe('failed');
    expect(failed.body.nodes.fetch).toMatchObject({ outcome: 'mocked_error', error: expect.stringContaining('upstream down') });
    expect(failed.body.nodes.ok.outcome).not.toBe('succeeded');
    expect(fx.counter.count('fetch')).toBe(0);

    const unknown = await fx.stack.api('POST', '/engine/v1/v1/workflows/simulate', { body: { workflow_id: wf, mocks: { ghost: { output: {} } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(['body', 'mocks', 'ghost']);
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('POST', '/engine/v1/v1/workflows/simulate', { body: { workflow_id: wf }, key: other.key })).status).toBe(404);
  });
});
