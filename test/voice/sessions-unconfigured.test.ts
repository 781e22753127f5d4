// No realtime engine configured (503, refunded) and the per-endpoint rate limit (429 with
// Retry-After), both in the voice `{detail}` shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { agentBody, balanceMicros, ledgers } from './helpers';

let stack: TestStack;

beforeAll(async () => {
  // Limits at 5 % of the published ones: the default 60/min endpoint cap becomes 3/min.
  stack = await startStack({ ATELIER_REALTIME_PROVIDER: 'none', ATELIER_INCLUDED_CREDITS: '0', ATELIER_RATE_LIMIT_SCALE: '0.05' });
});
afterAll(async () => {
  await stack?.close();
});

describe('realtime voice not configured', () => {
  it('answers 503 {detail} and refunds the charge; agents still work', async () => {
    const acct = await stack.newAccount({ balanceUsd: 2 });
    const agent = await stack.api('POST', '/v1/voice/agents', { key: acct.key, body: agentBody() });
    expect(agent.status).toBe(201);
    const r = await stack.api('POST', `/v1/voice/agents/${agent.body.id}/sessions`, { key: acct.key });
    expect(r.status).toBe(503);
    expect(Object.keys(r.body)).toEqual(['detail']);
    expect(r.body.detail).toMatch(/not configured/);
    expect(await balanceMicros(stack, acct.accountId)).toBe(2_000_000);
    const { credits, wallet } = await ledgers(stack, acct.accountId);
    expect(credits.map((e) => [e.kind, e.credits, e.wallet_micros, e.reference_operation_id])).toEqual([
      ['spend', 5, 268_000, null], ['refund', 5, 268_000, credits[0]!.operation_id],
    ]);
    const moves = wallet.filter((e) => e.kind === 'charge' || e.kind === 'refund');
    expect(moves.map((e) => [e.kind, e.amount_micros, e.reference_operation_id])).toEqual([
      ['charge', -268_000, null], ['refund', 268_000, moves[0]!.operation_id],
    ]);
    expect(await stack.atelier.deps.db.selectFrom('voice_realtime_secrets').select('id').execute()).toHaveLength(0);
  });

  it('still refuses an uncovered session with 402 before anything else', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0 });
    const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key });
    expect(r.status).toBe(402);
    expect((await ledgers(stack, acct.accountId)).credits).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('answers 429 {detail} with Retry-After once the endpoint cap is spent', async () => {
    const acct = await stack.newAccount();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await stack.api('GET', '/v1/voice/voices', { key: acct.key });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Object.keys(last!.body)).toEqual(['detail']);
    expect(last!.body.detail).toMatch(/Rate limit exceeded/);
  });

  it("a key's own 429 (rateLimitPerMinute) is the object every other route answers, with its headers", async () => {
    const acct = await stack.newAccount();
    const { key } = await insertApiKey(stack.atelier.deps.db, { accountId: acct.accountId, name: 'one a minute', type: 'write', environment: 'production', rateLimitPerMinute: 1 });
    expect((await stack.api('GET', '/v1/voice/agents', { key })).status).toBe(200);
    const voice = await stack.api('POST', '/v1/voice/agents', { key, body: agentBody() });
    const elsewhere = await stack.api('GET', '/v1/billing/balance', { key });
    for (const r of [voice, elsewhere]) {
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ detail: { error: 'rate_limit_exceeded', message: expect.stringContaining('This API key is limited to 1 requests per minute'), limit_rpm: 1, scope: 'api_key' } });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-limit')).toBe('1');
    }
    expect(voice.body).toEqual(elsewhere.body);
  });
});
