// POST /v1/runs/watchdog/scan is a tenant's scan of its own runs: it neither reports nor touches
// another account's (the issue-3 API walk found another account's stalled run in the answer; the
// issue-27 probe found any tenant could start the deployment-wide scan). Every account's runs are
// the maintenance loop's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
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
  it("scans, resumes and reports only the caller's runs; another account's stalled run is left to the maintenance loop", { timeout: 60_000 }, async () => {
    const a = await stack.newAccount();
    const b = await stack.newAccount();
    const bRun = await stalledRun(b.key);

    const byA = await stack.api('POST', '/engine/v1/v1/runs/watchdog/scan', { key: a.key });
    expect(byA.status).toBe(200);
    expect(byA.body).toMatchObject({ stalled: [], recovered: [], reaped: [] });
    expect(JSON.stringify(byA.body)).not.toContain(bRun);
    // a's scan did not touch b's run.
    expect((await getRun(stack, bRun, b.key)).resumed_count).toBe(0);
    const actions = await stack.atelier.deps.db.selectFrom('run_watchdog_actions').select('run_id').where('run_id', '=', bRun).execute();
    expect(actions).toEqual([]);

    const byB = await stack.api('POST', '/engine/v1/v1/runs/watchdog/scan', { key: b.key });
    expect(byB.body.stalled).toContain(bRun);
    expect(byB.body.recovered).toContain(bRun);
    expect((await getRun(stack, bRun, b.key)).resumed_count).toBe(1);
  });
});
