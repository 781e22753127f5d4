// The gateway behind the API, with the wallet: a fallback charges once, a charge settles to the
// usage the provider reports (the refund references the charge; the ledger still sums to the
// balance), a model no configured provider serves is 403 model_not_available before any money
// moves, sandbox keys stay on the local provider and are never charged, and /v1/pricing and
// /v1/billing/estimate follow the operator's catalogue.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { json, startLoopback, type Loopback } from './loopback';

let stack: TestStack;
let openai: Loopback;
let ollama: Loopback;
let openaiDown = false;

beforeAll(async () => {
  openai = await startLoopback((req, res) => {
    if (openaiDown) return json(res, 503, { error: { message: 'upstream overloaded' } });
    json(res, 200, {
      id: 'c', object: 'chat.completion', created: 1, model: req.body.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'from openai' } }],
      usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 },
    });
  });
  ollama = await startLoopback((req, res) => json(res, 200, {
    model: req.body.model, created_at: new Date().toISOString(), done: true, done_reason: 'stop',
    message: { role: 'assistant', content: 'from ollama' }, prompt_eval_count: 12, eval_count: 30,
  }));
  const dir = mkdtempSync(join(tmpdir(), 'money-'));
  const catalogue = join(dir, 'catalogue.json');
  writeFileSync(catalogue, JSON.stringify({
    models: [{
      id: 'house-chat', type: 'chat', verified: true,
      routes: [
        { provider: 'openai', model: 'house-upstream', cost: { per_1m_input_tokens: 100, per_1m_output_tokens: 200 } },
        { provider: 'ollama', model: 'llama3.2', cost: { per_1m_input_tokens: 1, per_1m_output_tokens: 1 } },
      ],
    }],
  }));
  stack = await startStack({
    ATELIER_OPENAI_BASE_URL: `${openai.url}/v1`, ATELIER_OPENAI_API_KEY: 'sk-test', ATELIER_OLLAMA_BASE_URL: ollama.url, ATELIER_MODEL_CATALOGUE: catalogue,
  });
});
afterAll(async () => {
  await stack?.close();
  await Promise.all([openai?.close(), ollama?.close()]);
});

const db = () => stack.atelier.deps.db;
const ledger = (accountId: string) => db().selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
async function ledgerMatchesBalance(accountId: string) {
  const rows = await ledger(accountId);
  const { balance_micros } = await db().selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
  expect(rows.reduce((n, r) => n + Number(r.amount_micros), 0)).toBe(Number(balance_micros));
}
const chat = (content: string, key?: string) =>
  stack.api('POST', '/v1/ai/chat/completions', { key, body: { model: 'house-chat', max_tokens: 1000, messages: [{ role: 'user', content }] } });

describe('gateway money', () => {
  it('reserves for max_tokens, settles to the reported usage and refunds the rest against the same charge', async () => {
    openaiDown = false;
    const r = await chat('hello there');
    expect(r.status, r.text).toBe(200);
    expect(r.body.choices[0].message.content).toBe('from openai');
    const rows = (await ledger(stack.accountId)).filter((e) => e.operation_id.startsWith(`gen:${r.body.job_id}`));
    const charge = rows.find((e) => e.kind === 'charge')!;
    const refund = rows.find((e) => e.kind === 'refund')!;
    expect(rows).toHaveLength(2);
    // Price from the first route's rates (+30 %): $0.13 per 1k input tokens, $0.26 per 1k output.
    const actual = Math.ceil(130_000 * 0.012) + Math.ceil(260_000 * 0.03);
    expect(-charge.amount_micros).toBeGreaterThan(260_000); // reserved for 1000 output tokens
    expect(refund.reference_operation_id).toBe(charge.operation_id);
    expect(-(charge.amount_micros + refund.amount_micros)).toBe(actual);
    expect(r.body.billing.cost_usd).toBeCloseTo(actual / 1e6, 9);
    const job = await db().selectFrom('generation_jobs').select('cost_micros').where('id', '=', r.body.job_id).executeTakeFirstOrThrow();
    expect(Number(job.cost_micros)).toBe(actual);
    await ledgerMatchesBalance(stack.accountId);
  });

  it('a 503 on the first route falls back to the second: one charge, settled the same way', async () => {
    openaiDown = true;
    openai.requests = [];
    try {
      const r = await chat('fall back please');
      expect(r.status, r.text).toBe(200);
      expect(r.body.choices[0].message.content).toBe('from ollama');
      expect(openai.requests).toHaveLength(1);
      const rows = (await ledger(stack.accountId)).filter((e) => e.operation_id.startsWith(`gen:${r.body.job_id}`));
      expect(rows.filter((e) => e.kind === 'charge')).toHaveLength(1);
      expect(-rows.reduce((n, e) => n + e.amount_micros, 0)).toBe(Math.ceil(130_000 * 0.012) + Math.ceil(260_000 * 0.03));
      await ledgerMatchesBalance(stack.accountId);
    } finally {
      openaiDown = false;
    }
  });

  it('a model whose routes all lack a configured provider is 403 model_not_available, and nothing moves', async () => {
    const before = await ledger(stack.accountId);
    const r = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'veo-3', prompt: 'a fox at dawn' } });
    expect(r.status, r.text).toBe(403);
    expect(r.body.detail).toEqual({ error: 'model_not_available', message: expect.stringContaining("'veo-3'"), tier: expect.any(String), model: 'veo-3' });
    expect(JSON.stringify(r.body)).not.toMatch(/served by/);
    expect(await ledger(stack.accountId)).toHaveLength(before.length);
  });

  it('sandbox keys get the local provider for a model a real provider serves, and are never charged', async () => {
    const sandbox = await stack.newAccount({ balanceUsd: 5, environment: 'sandbox' });
    openai.requests = [];
    ollama.requests = [];
    const r = await chat('hello from the sandbox', sandbox.key);
    expect(r.status, r.text).toBe(200);
    expect(r.body.choices[0].message.content).not.toMatch(/from (openai|ollama)/);
    const img = await stack.api('POST', '/v1/ai/generate/image', { key: sandbox.key, body: { model: 'gpt-image-1', prompt: 'a fox', width: 64, height: 64 } });
    expect(img.status, img.text).toBe(200);
    expect(openai.requests).toEqual([]);
    expect(ollama.requests).toEqual([]);
    expect((await ledger(sandbox.accountId)).filter((e) => e.kind === 'charge')).toEqual([]);
  });

  it('/v1/pricing and /v1/billing/estimate follow the catalogue (provider cost, margin, verified)', async () => {
    const pricing = await stack.api('GET', '/v1/pricing');
    const row = pricing.body.operations.find((o: any) => o.model === 'house-chat');
    expect(row).toEqual({
      type: 'chat', model: 'house-chat', unit: 'request', pricing_verified: true,
      legs: [{ leg: 'input', unit: '1k_tokens', rate_usd: 0.13, provider_cost_usd: 0.1 }, { leg: 'output', unit: '1k_tokens', rate_usd: 0.26, provider_cost_usd: 0.2 }],
    });
    expect(pricing.body.operations.find((o: any) => o.model === 'claude-sonnet-4-5')).toMatchObject({ type: 'chat', pricing_verified: true });
    const est = await stack.api('POST', '/v1/billing/estimate', { body: { operations: [{ type: 'chat', model: 'house-chat', count: 2 }] } });
    expect(est.status, est.text).toBe(200);
    // 2 × (1k input + 0.5k output) at the first route's rates.
    expect(est.body).toMatchObject({ provider_cost_usd: 0.4, total_usd: 0.52, margin: 0.12 });
    expect(est.body.breakdown[0]).toMatchObject({ priced: true, pricing_verified: true, provider_cost_usd: 0.4 });
  });
});
