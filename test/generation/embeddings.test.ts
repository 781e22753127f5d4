// POST /v1/ai/embeddings in OpenAI's shape on the local embedder: a list of unit vectors in input
// order (equal texts equal, related texts closer than unrelated ones), base64 as float32 bytes of
// the same vectors, `dimensions` shortening and renormalising, every bad field in one 422, a model
// no configured provider serves answering model_not_available, the chat scope, sandbox uncharged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const embed = (body: unknown, key?: string) => stack.api('POST', '/v1/ai/embeddings', { body, key });
const norm = (v: number[]) => Math.sqrt(v.reduce((n, x) => n + x * x, 0));
const cosine = (a: number[], b: number[]) => a.reduce((n, x, i) => n + x * b[i]!, 0) / (norm(a) * norm(b));

describe('POST /v1/ai/embeddings', () => {
  it('answers a list of unit vectors in input order, with usage and the billing block', async () => {
    const r = await embed({ input: ['the cat sat on the mat', 'stock markets fell sharply today', 'the cat sat on the mat', 'a cat sits on a mat'] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'list', model: 'atelier-hash-embed-v1', sandbox: false, job_id: expect.stringMatching(/^job_/) });
    expect(r.body.data.map((d: any) => [d.object, d.index])).toEqual([['embedding', 0], ['embedding', 1], ['embedding', 2], ['embedding', 3]]);
    const v = r.body.data.map((d: any) => d.embedding as number[]);
    for (const e of v) {
      expect(e).toHaveLength(256);
      expect(norm(e)).toBeCloseTo(1, 4);
    }
    expect(v[2]).toEqual(v[0]);
    expect(cosine(v[0], v[3])).toBeGreaterThan(cosine(v[0], v[1]) + 0.2);
    expect(r.body.usage.prompt_tokens).toBeGreaterThan(10);
    expect(r.body.usage.total_tokens).toBe(r.body.usage.prompt_tokens);
    expect(r.body.billing).toMatchObject({ cost_usd: 0, currency: 'USD' });

    const one = await embed({ input: 'the cat sat on the mat', model: 'atelier-hash-embed-v1' });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0].embedding).toEqual(v[0]);
  });

  it('encodes base64 as the float32 bytes of the same vector, and shortens to `dimensions`', async () => {
    const float = await embed({ input: 'hello world', encoding_format: 'float' });
    const b64 = await embed({ input: 'hello world', encoding_format: 'base64' });
    expect(typeof b64.body.data[0].embedding).toBe('string');
    const bytes = Buffer.from(b64.body.data[0].embedding, 'base64');
    const decoded = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
    expect(decoded).toHaveLength(256);
    decoded.forEach((x, i) => expect(x).toBeCloseTo(float.body.data[0].embedding[i], 6));

    const short = await embed({ input: 'hello world', dimensions: 64 });
    expect(short.body.data[0].embedding).toHaveLength(64);
    expect(norm(short.body.data[0].embedding)).toBeCloseTo(1, 6);
    const tooMany = await embed({ input: 'hello world', dimensions: 1000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/at most 256/);
  });

  it('lists every bad field in one 422; an unknown model is 400; one no provider serves is model_not_available', async () => {
    const bad = await embed({ input: [], model: 5, encoding_format: 'hex', dimensions: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc.slice(0, 2).join('.')).sort()).toEqual(['body.dimensions', 'body.encoding_format', 'body.input', 'body.model']);
    const missing = await embed({});
    expect(missing.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.input']);
    const unknown = await embed({ input: 'x', model: 'no-such-embedder' });
    expect(unknown.status).toBe(400);
    const unserved = await embed({ input: 'x', model: 'text-embedding-3-small' });
    expect(unserved.status).toBe(403);
    expect(unserved.body.detail).toMatchObject({ error: 'model_not_available', model: 'text-embedding-3-small' });
  });

  it('needs the chat scope; sandbox keys run locally and are never charged', async () => {
    const audioOnly = await stack.api('POST', '/v1/auth/keys', { body: { name: 'audio only', type: 'write', scopes: ['audio'] } });
    expect((await embed({ input: 'x' }, audioOnly.body.key)).status).toBe(403);
    const chat = await stack.api('POST', '/v1/auth/keys', { body: { name: 'chat', type: 'write', scopes: ['chat'] } });
    expect((await embed({ input: 'x' }, chat.body.key)).status).toBe(200);

    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const r = await embed({ input: ['free'] }, sandbox.key);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ sandbox: true, billing: { cost_usd: 0, balance_usd: 0 } });
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: sandbox.key });
    expect(ledger.body.data.filter((t: any) => t.type !== 'adjustment')).toEqual([]);
  });
});
