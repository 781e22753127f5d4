// Issue 27: sub-workflow recursion had no bound — two workflows starting each other made 571 runs
// in 27 s from one trigger, `active: false` did not stop it, and with `wait: true` each level held
// a worker slot. Runs started by runs now keep their ancestry: no cycle, at most MAX_RUN_DEPTH
// levels, an account cap on runs in flight, and an inactive workflow is not started.
import { describe, expect, it } from 'vitest';
import { MAX_RUN_DEPTH } from '../../../src/engine/run/child-runs';
import { createWorkflow, spec, startRun, useEngineStack, waitForRun } from './helpers';

const CAP = 6;
const fx = useEngineStack({ ATELIER_MAX_CONCURRENT_RUNS_PER_ACCOUNT: String(CAP) });
const sub = (workflowId: string, wait: boolean) => ({ id: 'sub', type: 'control.sub_workflow', params: { workflow_id: workflowId, wait, poll_ms: 100 }, retry: { max_attempts: 1 } });
const runsOf = async (wf: string) => (await fx.stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf}`)).body.data as Array<{ run_id: string; status: string; error: string | null }>;
const settle = () => new Promise((r) => setTimeout(r, 2500));

async function pair(wait: boolean): Promise<[string, string]> {
  const a = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, sub('wf_placeholder', wait)], [['start', 'sub']]), { name: 'A' });
  const b = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, sub(a, wait)], [['start', 'sub']]), { name: 'B' });
  const put = await fx.stack.api('PUT', `/engine/v1/v1/workflows/${a}`, { body: { spec: spec([{ id: 'start', type: 'trigger.manual' }, sub(b, wait)], [['start', 'sub']]) } });
  expect(put.status, put.text).toBe(200);
  return [a, b];
}

describe('runs started by runs are bounded', () => {
  it.each([true, false])('two workflows starting each other (wait: %s) make two runs, and the second start of A is refused as a cycle', async (wait) => {
    const [a, b] = await pair(wait);
    const root = await startRun(fx.stack, a);
    const top = await waitForRun(fx.stack, root.run_id);
    // Let anything that would still start do so.
    await settle();
    const runsA = await runsOf(a);
    const runsB = await runsOf(b);
    expect(runsA.length + runsB.length).toBe(2);
    expect(runsB).toHaveLength(1);
    const child = await waitForRun(fx.stack, runsB[0]!.run_id);
    expect(child.status).toBe('failed');
    expect(child.node_outputs.sub.error).toMatch(/could not start \(409\).*already running above this run/);
    // Waiting, A fails with its child; not waiting, A finished as soon as B was started.
    expect(top.status).toBe(wait ? 'failed' : 'completed');
  }, 60_000);

  it(`a chain of distinct workflows stops at ${MAX_RUN_DEPTH} levels below the trigger's run`, async () => {
    const ids: string[] = [];
    // Built from the end: each workflow starts the next one (not waiting).
    let next = 'wf_end';
    for (let i = MAX_RUN_DEPTH + 2; i >= 0; i--) {
      next = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, sub(next, false)], [['start', 'sub']]), { name: `chain ${i}` });
      ids.unshift(next);
    }
    await startRun(fx.stack, ids[0]!);
    // Levels 0..MAX_RUN_DEPTH run; the deepest one's start of the next is refused.
    const deepest = ids[MAX_RUN_DEPTH]!;
    let last: Awaited<ReturnType<typeof runsOf>> = [];
    for (let i = 0; i < 200 && last.length === 0; i++) {
      last = await runsOf(deepest);
      if (!last.length) await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toHaveLength(1);
    const run = await waitForRun(fx.stack, last[0]!.run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.sub.error).toMatch(/could not start \(409\).*at most 10 levels deep/);
    await settle();
    expect(await runsOf(ids[MAX_RUN_DEPTH + 1]!)).toEqual([]);
  }, 120_000);

  it('an inactive workflow is not started as a sub-workflow', async () => {
    const child = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'inactive child' });
    expect((await fx.stack.api('PUT', `/engine/v1/v1/workflows/${child}`, { body: { active: false } })).status).toBe(200);
    const parent = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, sub(child, true)], [['start', 'sub']]), { name: 'parent of inactive' });
    const run = await waitForRun(fx.stack, (await startRun(fx.stack, parent)).run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.sub.error).toMatch(/could not start \(409\).*is inactive/);
    expect(await runsOf(child)).toEqual([]);
  }, 60_000);

  it(`a run may not start another while the account has ${CAP} runs in flight (429 rate_limit_exceeded, scope account_concurrency)`, async () => {
    const sleeper = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'nap', type: 'control.delay', params: { seconds: 60 } }], [['start', 'nap']]), { name: 'sleeper' });
    const child = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'cheap child' });
    const parent = await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, sub(child, true)], [['start', 'sub']]), { name: 'parent at the cap' });
    // The parent itself is one of the runs in flight.
    const sleepers = await Promise.all(Array.from({ length: CAP - 1 }, () => startRun(fx.stack, sleeper)));
    try {
      const run = await waitForRun(fx.stack, (await startRun(fx.stack, parent)).run_id);
      expect(run.status).toBe('failed');
      expect(run.node_outputs.sub.error).toMatch(/could not start \(429\).*fewer than 6/);
      expect(await runsOf(child)).toEqual([]);
    } finally {
      await Promise.all(sleepers.map((s) => fx.stack.api('POST', `/engine/v1/v1/runs/${s.run_id}/cancel`)));
    }
    // Below the cap again, the same parent starts its child.
    for (const s of sleepers) await waitForRun(fx.stack, s.run_id);
    const ok = await waitForRun(fx.stack, (await startRun(fx.stack, parent)).run_id);
    expect(ok.status, JSON.stringify(ok.node_outputs)).toBe('completed');
  }, 120_000);
});
