// Regression tests for what the proof suites (fuzz, isolation, determinism, SSRF, sandbox and chaos)
// found, one describe per finding, named after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { chargeNode } from '../../src/engine/execution/charge-node';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const simpleSpec = {
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
    { id: 'set', type: 'io.set', position: [200, 0], params: { values: { v: 1 } } },
  ],
  edges: [{ id: 'e0', source: 'start', target: 'set', source_port: 'main' }],
  trigger: { type: 'manual', config: {} },
};

describe('fuzz: a row deleted between a check and its write answered 500', () => {
  it('concurrent DELETEs of one engine test answer 200 once and 404 otherwise', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'race', spec: simpleSpec } });
    expect(wf.status).toBe(201);
    for (let round = 0; round < 3; round++) {
      const t = await stack.api('POST', '/engine/v1/v1/tests', { body: { workflow_id: wf.body.id, name: `t${round}`, input: {}, assertions: [{ path: 'set.output.main.v', operator: 'exists' }] } });
      expect(t.status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 6 }, () => stack.api('DELETE', `/engine/v1/v1/tests/${t.body.id}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 404), JSON.stringify(answers.map((a) => a.text))).toBe(true);
      for (const a of answers.filter((x) => x.status === 404)) expect(a.body).toEqual({ detail: 'Not Found' });
    }
  });

  it('a PATCH of an output rule racing its DELETE answers 200 or 404, never 500', async () => {
    const key = await stack.api('POST', '/v1/auth/keys', { body: { name: 'rules', type: 'write' } });
    const dest = await stack.api('POST', '/v1/output-destinations', { body: { name: 'race', kind: 'internal' } });
    for (let round = 0; round < 3; round++) {
      const rule = await stack.api('POST', `/v1/auth/keys/${key.body.id}/output-rules`, { body: { modelPattern: `race-${round}-*`, destinationId: dest.body.id } });
      expect(rule.status).toBe(201);
      const path = `/v1/auth/keys/${key.body.id}/output-rules/${rule.body.id}`;
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => stack.api('PATCH', path, { body: { priority: i } })),
        stack.api('DELETE', path),
      ]);
      for (const a of answers) expect([200, 204, 404], a.text).toContain(a.status);
    }
  });
});

describe('fuzz: rerun-from with a version beyond a Postgres integer answered 500', () => {
  it('answers 422 on body.version', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'rerun', spec: simpleSpec } });
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(run.status).toBe(201);
    const r = await stack.api('POST', `/engine/v1/v1/runs/${run.body.run_id}/rerun-from`, { body: { node_id: 'set', version: 3072783928054859 } });
    expect(r.status).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'version']);
  });
});

describe('fuzz: an unpaired surrogate escape ("\\ud800") in a JSON body answered 500 where it was stored as jsonb', () => {
  const body = '{"name":"\\ud800 alone","title":"\\udfff","ok":"\\ud83d\\ude00"}';

  it('a public workflow hook answers 422 with the field, and starts no run', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'hooked', spec: { ...simpleSpec, trigger: { type: 'webhook', config: {} } } } });
    expect(wf.status).toBe(201);
    const hook = await stack.api('GET', `/engine/v1/v1/workflows/${wf.body.id}/webhook`);
    const url = String(hook.body.url ?? hook.body.webhook_url);
    const path = url.slice(url.indexOf('/engine/'));
    const runsBefore = await stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const r = await stack.api('POST', path, { rawBody: body, key: null });
    expect(r.status, r.text).toBe(422);
    expect(r.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual(expect.arrayContaining([['body', 'name'], ['body', 'title']]));
    expect(r.body.detail.every((d: { type: string }) => d.type === 'invalid_unicode')).toBe(true);
    const runsAfter = await stack.atelier.deps.db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(runsAfter.n).toBe(runsBefore.n);
    // A well-formed pair (an emoji) is fine.
    expect((await stack.api('POST', path, { rawBody: '{"ok":"\\ud83d\\ude00"}', key: null })).status).toBeLessThan(300);
  });

  it('an authenticated JSON route answers 422 too (a run input stored as jsonb)', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'input', spec: simpleSpec } });
    const r = await stack.api('POST', '/engine/v1/v1/runs', { rawBody: `{"workflow_id":"${wf.body.id}","input":{"x":"\\udc00"}}` });
    expect(r.status, r.text).toBe(422);
    expect(r.body.detail[0].loc).toEqual(['body', 'input', 'x']);
  });
});

// ---------------------------------------------------------------------------------------------
// Found by the chaos batch (bench/chaos.ts): a SIGKILL between two transactions that belong together.

async function finishedRunId(usdCap: number): Promise<string> {
  const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'charges', spec: simpleSpec } });
  const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {}, usd_cap: usdCap } });
  expect(run.status).toBe(201);
  for (let i = 0; i < 100; i++) {
    const got = await stack.api('GET', `/engine/v1/v1/runs/${run.body.run_id}`);
    if (got.body.status === 'completed') return run.body.run_id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('run did not finish');
}

const runCharged = async (runId: string) =>
  Number((await stack.atelier.deps.db.selectFrom('runs').select('usd_charged_micros').where('id', '=', runId).executeTakeFirstOrThrow()).usd_charged_micros);
const balance = async () => (await stack.api('GET', '/v1/billing/balance')).body.balance_usd as number;

describe('chaos: a node charged again after a kill counted its usd_cap reservation twice', () => {
  it('a repeated charge of one operation reserves and debits once; a refused one reserves nothing', async () => {
    const runId = await finishedRunId(1);
    const target = { runId, accountId: stack.accountId, node: { id: 'paid' } };
    const before = await balance();
    // The retry after a kill repeats the charge with the same operation id.
    expect(await chargeNode(stack.atelier.deps, target, `${runId}:paid`, 23, 'test')).toBe(23);
    expect(await chargeNode(stack.atelier.deps, target, `${runId}:paid`, 23, 'test')).toBe(23);
    expect(await runCharged(runId)).toBe(23);
    expect(await balance()).toBeCloseTo(before - 0.000023, 9);
    // Over the run's cap: refused, and neither the reservation nor the wallet moves.
    await expect(chargeNode(stack.atelier.deps, target, `${runId}:too-much`, 2_000_000, 'test')).rejects.toThrow(/usd_cap_exceeded/);
    expect(await runCharged(runId)).toBe(23);
    expect(await balance()).toBeCloseTo(before - 0.000023, 9);
  });

  it('a charge the wallet refuses leaves no reservation on the run', async () => {
    // A cent in the wallet on a plan with the engine, and a five-cent charge.
    const poor = await stack.newAccount({ balanceUsd: 0.01, tier: 'sub-business' });
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'poor', spec: simpleSpec }, key: poor.key });
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {}, usd_cap: 1 }, key: poor.key });
    expect(run.status, run.text).toBe(201);
    const target = { runId: run.body.run_id, accountId: poor.accountId, node: { id: 'paid' } };
    await expect(chargeNode(stack.atelier.deps, target, `${run.body.run_id}:paid`, 50_000, 'test')).rejects.toThrow(/insufficient_funds/);
    expect(await runCharged(run.body.run_id)).toBe(0);
  });
});

describe('chaos: an image charge committed without its generation job', () => {
  it('a refused charge leaves no job behind, and an accepted one has its job', async () => {
    const poor = await stack.newAccount({ balanceUsd: 0 });
    const jobs = () => stack.atelier.deps.db.selectFrom('generation_jobs').select(['id', 'charge_operation_id']).where('account_id', '=', poor.accountId).execute();
    const refused = await stack.api('POST', '/v1/ai/generate/image', { body: { prompt: 'a lighthouse', width: 64, height: 64 }, key: poor.key });
    expect(refused.status).toBe(402);
    expect(await jobs()).toEqual([]);
    const paid = await stack.api('POST', '/v1/ai/generate/image', { body: { prompt: 'a lighthouse', width: 64, height: 64 } });
    expect(paid.status).toBe(200);
    const job = await stack.atelier.deps.db.selectFrom('generation_jobs').select(['id', 'charge_operation_id']).where('account_id', '=', stack.accountId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(job.charge_operation_id).toBeTruthy();
    const charge = await stack.atelier.deps.db.selectFrom('ledger_entries').select('operation_id').where('operation_id', '=', job.charge_operation_id!).execute();
    expect(charge).toHaveLength(1);
  });
});

describe('chaos: a video job stayed processing for 10 minutes after its worker was killed', () => {
  it("the job's activity heartbeats, so a lost worker is noticed within its heartbeat timeout", async () => {
    const api = await stack.api('POST', '/v1/ai/generate/video', { body: { prompt: 'waves on a pier', seconds: 1 } });
    expect(api.status).toBe(202);
    const handle = stack.atelier.deps.temporal.workflow.getHandle(api.body.job_id);
    await handle.result();
    const events = (await handle.fetchHistory()).events ?? [];
    const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'runGenerationJob');
    expect(Number(scheduled?.activityTaskScheduledEventAttributes?.heartbeatTimeout?.seconds ?? 0)).toBe(30);
  });
});
