// Run analytics on the real stack: criteria and data points are validated and isolated; a finished
// run of a workflow that has them gets exactly one analysis (scores, weighted composite, typed data
// points) charged at the price table's chat price, from the offline model; the same analysis over
// an OpenAI-compatible server on loopback asks for JSON and validates what comes back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeRun, startRunAnalysis } from '../../../src/engine/analytics/analyze';
import { createProviders, parseProviderConfig } from '../../../src/generation/providers/index';
import { chatQuantities, operation, operationCostMicros } from '../../../src/generation/operations';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun, waitFor, waitForRun } from '../runs/helpers';

let stack: TestStack;
let llm: Server;
let llmUrl = '';
const llmRequests: any[] = [];
let llmAnswer = '';

const A = '/engine/v1/v1/analytics';

// A support reply the workflow "writes"; the analysis reads it from the run's node outputs.
const replySpec = () => spec(
  [
    { id: 'start', type: 'trigger.manual' },
    { id: 'reply', type: 'io.set', params: { values: { reply: 'Hello {{start.output.main.customer}}, your refund for order number 1234 is approved. The money is back on your card within five days.', customer: '{{start.output.main.customer}}', sentiment: 'positive' } } },
  ],
  [['start', 'reply']],
);

beforeAll(async () => {
  llm = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      llmRequests.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: 'cmpl-1', object: 'chat.completion', model: 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: llmAnswer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 420, completion_tokens: 60 },
      }));
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  stack = await startStack();
});
afterAll(async () => {
  llm?.closeAllConnections();
  await new Promise<void>((r) => (llm ? llm.close(() => r()) : r()));
  await stack?.close();
});

const post = (path: string, body: unknown, key?: string) => stack.api('POST', `${A}/${path}`, { body, key });

async function waitForAnalysis(workflowId: string, runId: string, key?: string) {
  return waitFor(`analysis of run ${runId}`, async () => {
    const r = await stack.api('GET', `${A}/run-analyses/${workflowId}`, { key });
    return r.body.data?.find((a: any) => a.run_id === runId);
  });
}

describe('analytics', () => {
  it('validates criteria and data points in the house envelope and isolates accounts', async () => {
    const wf = await createWorkflow(stack, replySpec());
    const heavy = await post('criteria', { workflow_id: wf, name: 'x', description: 'd', weight: 1.5 });
    expect(heavy.status).toBe(422);
    expect(heavy.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'weight'], input: 1.5 })]);
    const empty = await post('criteria', { workflow_id: wf, name: 'x' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0].loc).toEqual(['body', 'llm_prompt']);
    const noValues = await post('data-points', { workflow_id: wf, name: 'mood', data_type: 'enum' });
    expect(noValues.status).toBe(422);
    expect(noValues.body.detail[0].loc).toEqual(['body', 'enum_values']);
    const stray = await post('data-points', { workflow_id: wf, name: 'n', data_type: 'number', enum_values: ['a'] });
    expect(stray.body.detail[0].loc).toEqual(['body', 'enum_values']);
    const badType = await post('data-points', { workflow_id: wf, name: 'n', data_type: 'date' });
    expect(badType.body.detail[0].loc).toEqual(['body', 'data_type']);

    const c = await post('criteria', { workflow_id: wf, name: 'Polite', description: 'The reply greets the customer', weight: 0.4, llm_prompt: 'Is the tone friendly?' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ object: 'analytics_criterion', workflow_id: wf, name: 'Polite', description: 'The reply greets the customer', weight: 0.4, llm_prompt: 'Is the tone friendly?' });
    expect((await post('criteria', { workflow_id: wf, name: 'Polite', description: 'again' })).status).toBe(409);
    const dp = await post('data-points', { workflow_id: wf, name: 'mood', data_type: 'enum', description: 'Customer mood', enum_values: ['happy', 'angry'] });
    expect(dp.status).toBe(201);
    expect(dp.body).toMatchObject({ object: 'analytics_data_point', name: 'mood', data_type: 'enum', enum_values: ['happy', 'angry'] });

    const other = await stack.newAccount();
    for (const path of [`criteria/${wf}`, `data-points/${wf}`, `run-analyses/${wf}`]) expect((await stack.api('GET', `${A}/${path}`, { key: other.key })).status).toBe(404);
    expect((await post('criteria', { workflow_id: wf, name: 'Mine', description: 'd' }, other.key)).status).toBe(404);
    expect((await stack.api('DELETE', `${A}/criteria/${c.body.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', `${A}/data-points/${dp.body.id}`, { key: other.key })).status).toBe(404);

    expect((await stack.api('GET', `${A}/criteria/${wf}`)).body.data.map((x: any) => x.id)).toEqual([c.body.id]);
    expect((await stack.api('DELETE', `${A}/criteria/${c.body.id}`)).body).toEqual({ id: c.body.id, object: 'analytics_criterion', deleted: true });
    expect((await stack.api('DELETE', `${A}/data-points/${dp.body.id}`)).status).toBe(200);
    expect((await stack.api('GET', `${A}/data-points/${wf}`)).body.data).toEqual([]);
    expect((await stack.api('GET', `${A}/run-analyses/${wf}?limit=0`)).status).toBe(422);
  });

  it('analyses each finished run once with the offline model: scores, weighted composite, typed data points, charged', async () => {
    const wf = await createWorkflow(stack, replySpec(), { name: 'support replies' });
    await post('criteria', { workflow_id: wf, name: 'refund_confirmed', description: 'The reply confirms the refund is approved', weight: 1, llm_prompt: 'Score 1 when the refund approval is explicit.' });
    await post('criteria', { workflow_id: wf, name: 'tracking', description: 'The reply gives a parcel tracking link', weight: 0.5 });
    await post('data-points', { workflow_id: wf, name: 'order_number', data_type: 'number', description: 'The order number' });
    await post('data-points', { workflow_id: wf, name: 'customer', data_type: 'string', description: 'Customer name' });
    await post('data-points', { workflow_id: wf, name: 'sentiment', data_type: 'enum', description: 'Tone of the reply', enum_values: ['negative', 'neutral', 'positive'] });
    await post('data-points', { workflow_id: wf, name: 'refund_approved', data_type: 'boolean', description: 'Whether the refund is approved' });
    const balance = async () => (await stack.atelier.deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', stack.accountId).executeTakeFirstOrThrow()).balance_micros;
    const balanceBefore = await balance();

    const { run_id } = await startRun(stack, wf, { customer: 'Ada' });
    expect((await waitForRun(stack, run_id)).status).toBe('completed');
    const a = await waitForAnalysis(wf, run_id);
    expect(a).toMatchObject({ object: 'run_analysis', run_id, workflow_id: wf, status: 'completed', model: 'atelier-local', error: null, errors: [] });
    expect(Object.keys(a.scores).sort()).toEqual(['refund_confirmed', 'tracking']);
    for (const s of Object.values(a.scores) as number[]) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    // The reply confirms the refund and gives no tracking link.
    expect(a.scores.refund_confirmed).toBeGreaterThan(a.scores.tracking);
    expect(a.scores.refund_confirmed).toBeGreaterThanOrEqual(0.75);
    expect(a.composite_score).toBeCloseTo((a.scores.refund_confirmed * 1 + a.scores.tracking * 0.5) / 1.5, 3);
    expect(a.data_points).toEqual({ order_number: 1234, customer: 'Ada', sentiment: 'positive', refund_approved: true });
    expect(new Date(a.analyzed_at).getTime()).not.toBeNaN();

    // The charge: one ledger entry for this run at the chat price, the same amount as the row's cost_usd.
    expect(a.cost_usd).toBeGreaterThan(0);
    const entries = await stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('operation_id', '=', `run-analysis:${run_id}`).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'charge', label: 'run_analysis:atelier-local', operation: 'chat_completion:atelier-local', account_id: stack.accountId });
    expect(-entries[0]!.amount_micros / 1e6).toBeCloseTo(a.cost_usd, 6);
    // The run's nodes are free: the wallet moved by exactly the analysis charge.
    expect(await balance()).toBe(balanceBefore + entries[0]!.amount_micros);

    // Never twice: starting it again is refused, and running the activity again changes nothing.
    expect(await startRunAnalysis(stack.atelier.deps, { runId: run_id, status: 'completed' })).toBe(false);
    await analyzeRun(stack.atelier.deps, { runId: run_id });
    expect((await stack.api('GET', `${A}/run-analyses/${wf}`)).body.data.filter((x: any) => x.run_id === run_id)).toHaveLength(1);
    expect(await stack.atelier.deps.db.selectFrom('ledger_entries').select('id').where('operation_id', 'like', `run-analysis:${run_id}%`).execute()).toHaveLength(1);

    // A workflow without criteria or data points is not analysed; a cancelled run never is.
    const plain = await createWorkflow(stack, replySpec());
    const plainRun = await startRun(stack, plain, { customer: 'Bo' });
    await waitForRun(stack, plainRun.run_id);
    expect(await startRunAnalysis(stack.atelier.deps, { runId: plainRun.run_id, status: 'completed' })).toBe(false);
    expect(await startRunAnalysis(stack.atelier.deps, { runId: run_id, status: 'cancelled' })).toBe(false);
  });

  it('an empty wallet records a failed analysis and moves no money', async () => {
    const poor = await stack.newAccount({ balanceUsd: 0, tier: 'payg-standard' });
    const wf = await createWorkflow(stack, replySpec(), { key: poor.key });
    await post('criteria', { workflow_id: wf, name: 'refund_confirmed', description: 'The refund is approved' }, poor.key);
    const { run_id } = await startRun(stack, wf, { customer: 'Cy' }, { key: poor.key });
    await waitForRun(stack, run_id, undefined, undefined, poor.key);
    const a = await waitForAnalysis(wf, run_id, poor.key);
    expect(a).toMatchObject({ status: 'failed', cost_usd: 0, composite_score: null, scores: {} });
    expect(a.error).toMatch(/insufficient_funds/);
    expect(await stack.atelier.deps.db.selectFrom('ledger_entries').select('id').where('account_id', '=', poor.accountId).where('kind', '=', 'charge').execute()).toEqual([]);
  });

  it('over an OpenAI-compatible server: asks for a JSON object, validates each value, charges the served model', async () => {
    const wf = await createWorkflow(stack, replySpec(), { name: 'openai analysed' });
    // The run finishes before the workflow has criteria, so nothing analyses it automatically.
    const { run_id } = await startRun(stack, wf, { customer: 'Dee' });
    await waitForRun(stack, run_id);
    await post('criteria', { workflow_id: wf, name: 'refund_confirmed', description: 'The refund is approved', weight: 1 });
    await post('criteria', { workflow_id: wf, name: 'concise', description: 'The reply is short', weight: 0.25 });
    await post('data-points', { workflow_id: wf, name: 'order_number', data_type: 'number', description: 'The order number' });
    await post('data-points', { workflow_id: wf, name: 'sentiment', data_type: 'enum', description: 'Tone', enum_values: ['negative', 'neutral', 'positive'] });
    await post('data-points', { workflow_id: wf, name: 'escalate', data_type: 'boolean', description: 'Needs a human' });

    // A fenced answer with one score out of range and one enum value outside the list.
    llmAnswer = '```json\n' + JSON.stringify({ scores: { refund_confirmed: 0.9, concise: 1.7 }, data_points: { order_number: '1234', sentiment: 'ecstatic', escalate: 'no' } }) + '\n```';
    const providers = createProviders(parseProviderConfig({ ATELIER_PROVIDER: 'openai', ATELIER_OPENAI_BASE_URL: llmUrl, ATELIER_OPENAI_API_KEY: 'sk-test-analytics' }));
    const result = await analyzeRun({ ...stack.atelier.deps, providers }, { runId: run_id });
    expect(result.status).toBe('completed');

    expect(llmRequests).toHaveLength(1);
    const sent = llmRequests[0];
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test-analytics');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, response_format: { type: 'json_object' } });
    expect(sent.body.messages[0].content).toContain('"refund_confirmed"');
    expect(sent.body.messages[1].content).toContain('order number 1234');

    const a = (await stack.api('GET', `${A}/run-analyses/${wf}`)).body.data[0];
    expect(a).toMatchObject({ run_id, status: 'completed', model: 'gpt-4o-mini-2024-07-18', scores: { refund_confirmed: 0.9, concise: null }, composite_score: 0.9, data_points: { order_number: 1234, sentiment: null, escalate: false } });
    expect(a.errors).toEqual([expect.stringMatching(/^scores\.concise: expected a number from 0 to 1, got 1\.7/), expect.stringMatching(/^data_points\.sentiment: expected one of negative, neutral, positive, got "ecstatic"/)]);
    // Charged at gpt-4o-mini's price for the counted prompt and 1,024 completion tokens.
    const entry = await stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('operation_id', '=', `run-analysis:${run_id}`).executeTakeFirstOrThrow();
    expect(entry.operation).toBe('chat_completion:gpt-4o-mini');
    expect(-entry.amount_micros).toBeGreaterThan(operationCostMicros(operation('chat', 'gpt-4o-mini', chatQuantities(0, 1024))));
    expect(a.cost_usd).toBeCloseTo(-entry.amount_micros / 1e6, 6);
  });
});
