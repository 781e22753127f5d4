// Charged nodes inside runs: idempotent wallet charges per run/node, the run's usd_cap, sandbox
// keys, telemetry spans with tokens and cost, and what the Temporal UI shows for a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { operation, operationCostMicros } from '../../../src/generation/operations';
import { createWorkflow, spec, startRun, waitForRun } from './helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const chatSpec = (extra: Record<string, unknown> = {}) =>
  spec(
    [
      { id: 'start', type: 'trigger.manual' },
      { id: 'chat1', type: 'ai.chat', params: { prompt: 'Say hello to {{start.output.main.name}}' } },
      { id: 'chat2', type: 'ai.chat', params: { prompt: 'And goodbye' } },
    ],
    [['start', 'chat1'], ['chat1', 'chat2']],
    extra,
  );

const balance = async (key?: string) => (await stack.api('GET', '/v1/billing/balance', { key })).body.balance_usd as number;

/** trigger → `count` image.generate nodes in a chain (each charged the image price before it renders). */
const imagesSpec = (count: number) =>
  spec(
    [{ id: 'start', type: 'trigger.manual' }, ...Array.from({ length: count }, (_, i) => ({ id: `img${i + 1}`, type: 'image.generate', params: { prompt: `kite ${i + 1}`, width: 64, height: 64 } }))],
    Array.from({ length: count }, (_, i) => [i === 0 ? 'start' : `img${i}`, `img${i + 1}`] as [string, string]),
  );

const runLedger = (runId: string) =>
  stack.atelier.deps.db.selectFrom('ledger_entries').select(['operation_id', 'amount_micros']).where('operation_id', 'like', `run:${runId}:%`).execute();
const runRow = (runId: string) => stack.atelier.deps.db.selectFrom('runs').select(['usd_charged_micros', 'usd_cap_micros']).where('id', '=', runId).executeTakeFirstOrThrow();

/**
 * Another account's finished run with a $1 cap and nothing charged: a charge reserved with an
 * ungrouped `id = … and cap is null or … <= cap` condition also moved this run's counter.
 */
async function idleCappedRun(): Promise<{ runId: string; accountId: string }> {
  const other = await stack.newAccount({ balanceUsd: 5, tier: 'payg-standard' });
  const wf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'noop', type: 'io.set', params: { values: { ok: true } } }], [['start', 'noop']]), { key: other.key });
  const run = await waitForRun(stack, (await startRun(stack, wf, {}, { key: other.key, body: { usd_cap: 1 } })).run_id, undefined, undefined, other.key);
  expect(run.status).toBe('completed');
  expect(run.usd_charged).toBe(0);
  return { runId: run.id as string, accountId: other.accountId };
}

describe('engine runs: money', () => {
  it('charges each charged node once, reports usd_charged per node and in run_finished, and spans carry tokens', async () => {
    const before = await balance();
    const wf = await createWorkflow(stack, chatSpec());
    const { run_id } = await startRun(stack, wf, { name: 'Ada' });
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('completed');
    const perNode = run.node_outputs.chat1.usd_charged;
    expect(perNode).toBeGreaterThan(0);
    expect(run.usd_charged).toBeCloseTo(perNode * 2, 6);
    expect(before - (await balance())).toBeCloseTo(run.usd_charged, 6);
    const ledger = await stack.atelier.deps.db.selectFrom('ledger_entries').select('operation_id').where('operation_id', 'like', `run:${run_id}:%`).execute();
    expect(ledger.map((l) => l.operation_id).sort()).toEqual([`run:${run_id}:node:chat1`, `run:${run_id}:node:chat2`]);

    const events = await stack.api('GET', `/engine/v1/v1/runs/${run_id}/events`);
    expect(events.text).toContain(`"total_usd_charged":${run.usd_charged}`);
    const telemetry = (await stack.api('GET', `/engine/v1/v1/runs/${run_id}/telemetry`)).body;
    const span = telemetry.spans.find((s: { node_id: string }) => s.node_id === 'chat1');
    expect(span.tokens_consumed).toBeGreaterThan(0);
    expect(span.usd_cost).toBe(perNode);
    expect(telemetry.node_count).toBe(3);
    expect(telemetry.total_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('usd_cap refuses the node that would exceed it', async () => {
    const wf = await createWorkflow(stack, chatSpec());
    const probe = await waitForRun(stack, (await startRun(stack, wf, { name: 'x' })).run_id);
    const price = probe.node_outputs.chat1.usd_charged;
    const { run_id } = await startRun(stack, wf, { name: 'x' }, { body: { usd_cap: price * 1.5 } });
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('failed');
    expect(run.usd_cap).toBeCloseTo(price * 1.5, 6);
    expect(run.node_outputs.chat1.ok).toBe(true);
    expect(run.node_outputs.chat2.ok).toBe(false);
    expect(run.node_outputs.chat2.error).toContain('usd_cap');
    expect(run.usd_charged).toBeCloseTo(price, 6);
  });

  it("a capped run of 10 images charges only what its cap allows; the node that would cross it is refused before it charges", async () => {
    const idle = await idleCappedRun();
    const price = operationCostMicros(operation('image', 'atelier-image-v1'));
    const before = await balance();
    const wf = await createWorkflow(stack, imagesSpec(10));
    // Room for three images and a half.
    const { run_id } = await startRun(stack, wf, {}, { body: { usd_cap: (price * 3.5) / 1e6 } });
    const run = await waitForRun(stack, run_id, undefined, 90_000);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('usd_cap_exceeded');
    expect(run.node_outputs.img4.ok).toBe(false);
    expect(run.node_outputs.img4.error).toMatch(/^usd_cap_exceeded: /);
    expect(run.node_outputs.img4.usd_charged).toBe(0);
    expect(run.node_outputs.img5?.ok ?? false).toBe(false);
    const ledger = await runLedger(run_id);
    expect(ledger.map((l) => l.operation_id).sort()).toEqual([1, 2, 3].map((i) => `run:${run_id}:node:img${i}`));
    expect(Number((await runRow(run_id)).usd_charged_micros)).toBe(price * 3);
    expect(run.usd_charged).toBeCloseTo((price * 3) / 1e6, 9);
    expect(ledger.reduce((n, l) => n - Number(l.amount_micros), 0)).toBe(price * 3);
    expect(before - (await balance())).toBeCloseTo((price * 3) / 1e6, 9);
    expect(Number((await runRow(idle.runId)).usd_charged_micros)).toBe(0);
  });

  it('a cap below the first paid node refuses it: the run reports $0 and writes no ledger row', async () => {
    const idle = await idleCappedRun();
    const before = await balance();
    const wf = await createWorkflow(stack, imagesSpec(1));
    const { run_id } = await startRun(stack, wf, {}, { body: { usd_cap: 0.001 } });
    const run = await waitForRun(stack, run_id);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.img1.error).toContain('usd_cap_exceeded');
    expect(run.usd_charged).toBe(0);
    expect(await runLedger(run_id)).toEqual([]);
    expect(await balance()).toBeCloseTo(before, 9);
    expect(Number((await runRow(idle.runId)).usd_charged_micros)).toBe(0);
  });

  it("another account's uncapped run leaves an idle capped run's counters untouched", async () => {
    const idle = await idleCappedRun();
    const wf = await createWorkflow(stack, imagesSpec(2));
    const run = await waitForRun(stack, (await startRun(stack, wf)).run_id);
    expect(run.status).toBe('completed');
    const ledger = await runLedger(run.id);
    expect(ledger).toHaveLength(2);
    expect(Number((await runRow(run.id)).usd_charged_micros)).toBe(ledger.reduce((n, l) => n - Number(l.amount_micros), 0));
    expect(await runRow(idle.runId)).toEqual({ usd_charged_micros: 0, usd_cap_micros: 1_000_000 });
    const otherLedger = await stack.atelier.deps.db.selectFrom('ledger_entries').select('operation_id').where('account_id', '=', idle.accountId).where('kind', '=', 'charge').execute();
    expect(otherLedger).toEqual([]);
  });

  it('an empty wallet fails the charged node with a 402-shaped error; sandbox keys are never charged', async () => {
    // The engine needs the Medium plan: these accounts hold it by assignment, not by balance.
    const poor = await stack.newAccount({ balanceUsd: 0, tier: 'payg-standard' });
    const wf = await createWorkflow(stack, chatSpec(), { key: poor.key });
    const run = await waitForRun(stack, (await startRun(stack, wf, { name: 'x' }, { key: poor.key })).run_id, undefined, undefined, poor.key);
    expect(run.status).toBe('failed');
    expect(run.node_outputs.chat1.error).toContain('insufficient_funds');

    const sandbox = await stack.newAccount({ balanceUsd: 5, environment: 'sandbox', tier: 'payg-standard' });
    const wf2 = await createWorkflow(stack, chatSpec(), { key: sandbox.key });
    const sRun = await waitForRun(stack, (await startRun(stack, wf2, { name: 'x' }, { key: sandbox.key })).run_id, undefined, undefined, sandbox.key);
    expect(sRun.status).toBe('completed');
    expect(sRun.usd_charged).toBe(0);
  });

  it('labels the Temporal execution: workflow id = run id, memo and typed search attributes, readable activity ids', async () => {
    const wf = await createWorkflow(stack, chatSpec());
    const { run_id } = await startRun(stack, wf, { name: 'y' }, { body: { trigger_type: 'test' } });
    await waitForRun(stack, run_id);
    const handle = stack.atelier.deps.temporal.workflow.getHandle(run_id);
    const d = await handle.describe();
    expect(d.workflowId).toBe(run_id);
    expect(d.type).toBe('engineRun');
    expect(await d.memo).toMatchObject({ workflow_id: wf, account_id: stack.accountId, trigger_type: 'test' });
    const sa = d.typedSearchAttributes;
    const get = (name: string) => sa.getAll().find((p) => p.key.name === name)?.value;
    expect(get('AtelierWorkflowId')).toBe(wf);
    expect(get('AtelierAccountId')).toBe(stack.accountId);
    expect(get('AtelierTriggerType')).toBe('test');
    expect(get('AtelierKind')).toBe('engine-run');
    const history = await handle.fetchHistory();
    const scheduled = (history.events ?? [])
      .map((e) => e.activityTaskScheduledEventAttributes)
      .filter((a) => a?.activityType?.name === 'executeNode')
      .map((a) => a!.activityId);
    expect(scheduled).toEqual(['chat1:ai.chat', 'chat2:ai.chat']);
  });
});
