// POST /v1/runs/watchdog/scan scans every account's runs, but a caller must only learn the ids of
// its own (found by the issue-3 API walk: the scan answer listed another account's stalled run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { createWorkflow, getRun, spec, startRun, waitFor } from './helpers';

let stack: TestStack;
beforeAll(async () => {
  // No maintenance loop: only the scans this test asks for; any run quiet for 1 s counts as stalled.
  stack = await startStack({ ATELIER_ENGINE_MAINTENANCE: '0', ATELIER_WATCHDOG_STALL_S: '1' });
});
afterAll(async () => {
  await stack?.close();
});

const approvalSpec = () => spec([{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval' }], [['start', 'gate']]);

/** A run of `key`'s account whose execution vanished and that has been quiet past the threshold. */
async function stalledRun(key: string): Promise<string> {
  const wf = await createWorkflow(stack, approvalSpec(), { key });
  const { run_id } = await startRun(stack, wf, {}, { key });
  await waitFor('gate to wait', async () => (await getRun(stack, run_id, key)).node_outputs.gate !== undefined);
  await stack.atelier.deps.temporal.workflow.getHandle(run_id).terminate('simulated loss');
  await new Promise((r) => setTimeout(r, 1500));
  return run_id;
}

describe('engine runs: watchdog scan scope', () => {
  it("recovers every account's stalled runs but reports only the caller's", { timeout: 60_000 }, async () => {
    const a = await stack.newAccount();
    const b = await stack.newAccount();
    const bRun = await stalledRun(b.key);

    const byA = await stack.api('POST', '/engine/v1/v1/runs/watchdog/scan', { key: a.key });
    expect(byA.status).toBe(200);
    expect(byA.body).toMatchObject({ stalled: [], recovered: [], reaped: [] });
    expect(JSON.stringify(byA.body)).not.toContain(bRun);
    // The scan did recover b's run all the same.
    expect((await getRun(stack, bRun, b.key)).resumed_count).toBe(1);

    const bRun2 = await stalledRun(b.key);
    const byB = await stack.api('POST', '/engine/v1/v1/runs/watchdog/scan', { key: b.key });
    expect(byB.body.stalled).toContain(bRun2);
    expect(byB.body.recovered).toContain(bRun2);
  });
});
