// Rate policies hold for every way a run starts: the (N+1)th concurrent run is refused with the
// platform's 429 and admitted once one finishes; a crashed run (no heartbeat, no live execution)
// holds no slot; requests_per_minute + burst_allowance bound starts in the trailing minute.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWorkflow, httpNode, spec, waitForRun, useEngineStack } from '../runs/helpers';

const fx = useEngineStack();

const slowSpec = (ms: number) => spec([{ id: 'start', type: 'trigger.manual' }, httpNode('slow', fx.counter, ms)], [['start', 'slow']]);
const start = (wf: string, key?: string) => fx.stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf, input: {} }, key });

describe('rate policies', () => {
  it('GET answers the unlimited default, PUT validates with 422 loc and is audited, another account gets 404', async () => {
    const wf = await createWorkflow(fx.stack, slowSpec(0));
    const initial = await fx.stack.api('GET', `/engine/v1/v1/rate-limits/workflow/${wf}`);
    expect(initial.body).toMatchObject({ workflow_id: wf, max_concurrent_runs: null, requests_per_minute: null, burst_allowance: 0 });
    const bad = await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { max_concurrent_runs: 0, burst_allowance: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([['body', 'max_concurrent_runs'], ['body', 'burst_allowance']]);
    const put = await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { max_concurrent_runs: 3, requests_per_minute: 30, burst_allowance: 5 } });
    expect(put.body).toMatchObject({ workflow_id: wf, max_concurrent_runs: 3, requests_per_minute: 30, burst_allowance: 5 });
    const audit = (await fx.stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).body.data;
    expect(audit[0]).toMatchObject({ action: 'rate_policy.updated', workflow_id: wf });
    expect(audit[0].diff).toEqual(expect.arrayContaining([{ op: 'add', path: '/', after: { max_concurrent_runs: 3, requests_per_minute: 30, burst_allowance: 5 } }]));
    const other = await fx.stack.newAccount();
    expect((await fx.stack.api('GET', `/engine/v1/v1/rate-limits/workflow/${wf}`, { key: other.key })).status).toBe(404);
    expect((await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: {}, key: other.key })).status).toBe(404);
  });

  it('refuses the (N+1)th concurrent run with 429 and admits it after one finishes', async () => {
    const wf = await createWorkflow(fx.stack, slowSpec(2000));
    await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { max_concurrent_runs: 2 } });
    const a = await start(wf);
    const b = await start(wf);
    expect([a.status, b.status]).toEqual([201, 201]);
    const refused = await start(wf);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatchObject({ error: 'rate_limit_exceeded', scope: 'workflow_concurrency', max_concurrent_runs: 2, in_flight: 2, workflow_id: wf });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The refused request left no run behind.
    const count = async () => (await fx.stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf}`)).body.total;
    expect(await count()).toBe(2);
    await waitForRun(fx.stack, a.body.run_id);
    await waitForRun(fx.stack, b.body.run_id);
    const admitted = await start(wf);
    expect(admitted.status).toBe(201);
    expect((await waitForRun(fx.stack, admitted.body.run_id)).status).toBe('completed');
  });

  it('a crashed run (running, no heartbeat, no live execution) does not hold a slot', async () => {
    const wf = await createWorkflow(fx.stack, slowSpec(0));
    await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { max_concurrent_runs: 1 } });
    const probe = await start(wf);
    const done = await waitForRun(fx.stack, probe.body.run_id);
    const ghost = randomUUID();
    const row = await fx.stack.atelier.deps.db.selectFrom('runs').selectAll().where('id', '=', done.id).executeTakeFirstOrThrow();
    await fx.stack.atelier.deps.db
      .insertInto('runs')
      .values({
        id: ghost, account_id: row.account_id, workflow_id: wf, workflow_version: row.workflow_version, status: 'running', trigger_type: 'manual',
        input: '{}', plan: JSON.stringify(row.plan), usd_cap_micros: null, temporal_workflow_id: ghost, retried_from: null,
        last_heartbeat_at: new Date(Date.now() - 10 * 60_000), started_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute();
    const next = await start(wf);
    expect(next.status).toBe(201);
    // …while a live run does hold it.
    const busyWf = await createWorkflow(fx.stack, slowSpec(1500));
    await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${busyWf}`, { body: { max_concurrent_runs: 1 } });
    const busy = await start(busyWf);
    expect((await start(busyWf)).status).toBe(429);
    await waitForRun(fx.stack, busy.body.run_id);
    await waitForRun(fx.stack, next.body.run_id);
  });

  it('requests_per_minute + burst_allowance bound the starts of the trailing minute', async () => {
    const wf = await createWorkflow(fx.stack, slowSpec(0));
    await fx.stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { requests_per_minute: 2, burst_allowance: 1 } });
    const ok = [await start(wf), await start(wf), await start(wf)];
    expect(ok.map((r) => r.status)).toEqual([201, 201, 201]);
    const refused = await start(wf);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatchObject({ error: 'rate_limit_exceeded', scope: 'workflow', limit_rpm: 2, burst_allowance: 1 });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    for (const r of ok) await waitForRun(fx.stack, r.body.run_id);
  });
});
