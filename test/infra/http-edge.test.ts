import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('HTTP edge', () => {
  it('puts X-Request-Id on every response, including errors', async () => {
    for (const r of [
      await stack.api('GET', '/v1/billing/balance'),
      await stack.api('GET', '/nowhere'),
      await stack.api('GET', '/v1/billing/balance', { key: null }),
    ]) {
      expect(r.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    }
  });

  it('keeps a well-formed incoming request id', async () => {
    const r = await stack.api('GET', '/v1/billing/balance', { headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(r.headers.get('x-request-id')).toBe('trace-abc-12345');
  });

  it('answers unknown paths with {detail:"Not Found"}', async () => {
    const r = await stack.api('GET', '/definitely/not/here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not Found' });
    const authed = await stack.api('GET', '/v1/not-a-resource');
    expect(authed.status).toBe(404);
    expect(authed.body).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with 400 {detail}', async () => {
    const r = await stack.api('POST', '/v1/billing/balance', { rawBody: '{"broken": ' });
    expect(r.status).toBe(400);
    expect(typeof r.body.detail).toBe('string');
  });

  it('answers an oversize body with 413', async () => {
    const r = await stack.api('POST', '/v1/billing/balance', { rawBody: JSON.stringify({ pad: 'x'.repeat(11 * 1024 * 1024) }) });
    expect(r.status).toBe(413);
    expect(typeof r.body.detail).toBe('string');
  });

  it('answers request validation with 422 and one entry per field', async () => {
    const r = await stack.api('POST', '/v1/system/ping', { body: { message: 42 } });
    expect(r.status).toBe(422);
    expect(r.body.detail).toEqual([{ type: 'string_type', loc: ['body', 'message'], msg: expect.any(String), input: 42 }]);
  });

  it('runs the ping workflow through Temporal and Postgres', async () => {
    const r = await stack.api('POST', '/v1/system/ping', { body: { message: 'hello' } });
    expect(r.status).toBe(200);
    expect(r.body.result.message).toBe('hello');
    expect(r.body.result.database).toMatch(/^atelier_t_/);
    const described = await stack.atelier.deps.temporal.workflow.getHandle(r.body.workflow_id).describe();
    expect(described.status.name).toBe('COMPLETED');
  });

  it('reports health of Postgres, Temporal and the worker', async () => {
    const r = await stack.api('GET', '/healthz', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.checks).toMatchObject({ postgres: { ok: true }, temporal: { ok: true }, worker: { ok: true } });
  });
});
