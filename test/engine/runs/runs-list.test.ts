// GET /v1/runs: `total` counts every matching run of the caller, not the page (found by the issue-3
// API walk: limit=2 answered total 2 with more runs behind it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun } from './helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('engine runs: list', () => {
  it('reports the total of matching runs and whether more follow', async () => {
    const a = await stack.newAccount();
    const b = await stack.newAccount();
    const s = spec([{ id: 'start', type: 'trigger.manual' }], []);
    const wf1 = await createWorkflow(stack, s, { key: a.key });
    const wf2 = await createWorkflow(stack, s, { key: a.key });
    for (let i = 0; i < 3; i++) await startRun(stack, wf1, {}, { key: a.key });
    await startRun(stack, wf2, {}, { key: a.key });
    await startRun(stack, await createWorkflow(stack, s, { key: b.key }), {}, { key: b.key });

    const page = await stack.api('GET', '/engine/v1/v1/runs?limit=2', { key: a.key });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 4, limit: 2, has_more: true });
    expect(page.body.data).toHaveLength(2);
    const next = await stack.api('GET', '/engine/v1/v1/runs?limit=2&offset=2', { key: a.key });
    expect(next.body).toMatchObject({ object: 'list', total: 4, offset: 2, has_more: false });
    expect(next.body.data.map((r: { id: string }) => r.id)).not.toContain(page.body.data[0].id);
    const byWorkflow = await stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf1}`, { key: a.key });
    expect(byWorkflow.body).toMatchObject({ total: 3, has_more: false });
    expect(byWorkflow.body.data).toHaveLength(3);
    const other = await stack.api('GET', '/engine/v1/v1/runs', { key: b.key });
    expect(other.body).toMatchObject({ total: 1, has_more: false });
  });
});
