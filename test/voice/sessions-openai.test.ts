// Session minting against an OpenAI-compatible realtime engine (a fake one on loopback): the
// credential passed through, and 502 with the charge refunded when the engine gives no secret.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { startStack, type TestStack } from '../helpers/stack';
import { agentBody, balanceMicros, ledgers } from './helpers';

type Mode = 'ga' | 'beta' | 'error' | 'no-secret' | 'not-json' | 'hang-up';
let mode: Mode = 'ga';
const seen: Array<{ path: string; auth?: string; body: any }> = [];
let engine: Server;
let stack: TestStack;

function readBody(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });
}

beforeAll(async () => {
  engine = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (mode === 'hang-up') return req.socket.destroy();
    if (mode === 'error') return json(500, { error: { message: 'upstream exploded' } });
    if (mode === 'no-secret') return json(200, { session: { model: 'fake-realtime-1' } });
    if (mode === 'not-json') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
    if (req.url === '/v1/realtime/client_secrets') {
      if (mode === 'beta') return json(404, { error: 'not here' });
      return json(200, { value: 'ek_fake_ga_secret', expires_at: 1_900_000_000, session: { type: 'realtime', model: 'fake-realtime-1' } });
    }
    if (req.url === '/v1/realtime/sessions') {
      return json(200, { id: 'sess_1', model: 'fake-realtime-beta', client_secret: { value: 'ek_fake_beta_secret', expires_at: 1_900_000_100 } });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(engine.address() as AddressInfo).port}/v1`;
  stack = await startStack({
    ATELIER_REALTIME_PROVIDER: 'openai',
    ATELIER_OPENAI_REALTIME_BASE_URL: base,
    ATELIER_OPENAI_REALTIME_API_KEY: 'sk-fake-upstream',
    ATELIER_OPENAI_REALTIME_MODEL: 'fake-realtime-1',
    // No included credits: the wallet pays, so refunds show in the wallet ledger too.
    ATELIER_INCLUDED_CREDITS: '0',
  });
});
afterAll(async () => {
  await stack?.close();
  await new Promise<void>((resolve) => engine?.close(() => resolve()));
});

describe('OpenAI-compatible realtime provider', () => {
  it('mints through POST {base}/realtime/client_secrets and passes the credential through', async () => {
    mode = 'ga';
    const tools = [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: {} } }];
    const agent = (await stack.api('POST', '/v1/voice/agents', { body: agentBody({ voice: 'Sal', temperature: 0.8, tools }) })).body;
    expect(agent.model).toBe('fake-realtime-1');
    seen.length = 0;
    const r = await stack.api('POST', `/v1/voice/agents/${agent.id}/sessions`);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      client_secret: 'ek_fake_ga_secret',
      expires_at: 1_900_000_000,
      model: 'fake-realtime-1',
      websocket_url: `${stack.config.voice.openai.baseUrl!.replace('http://', 'ws://')}/realtime?model=fake-realtime-1`,
      subprotocols: ['realtime', 'openai-insecure-api-key.ek_fake_ga_secret'],
      agent_id: agent.id,
      credits_used: 5,
      billing: { method: 'wallet', usd_charged: 0.268, pln_charged: 0.268 },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/realtime/client_secrets');
    expect(seen[0]!.auth).toBe('Bearer sk-fake-upstream');
    expect(seen[0]!.body).toEqual({
      expires_after: { anchor: 'created_at', seconds: 600 },
      session: {
        type: 'realtime', model: 'fake-realtime-1', instructions: agent.instructions, audio: { output: { voice: 'sal' } },
        tools: [{ type: 'function', ...tools[0] }], temperature: 0.8,
      },
    });
  });

  it('a sandbox key on a $0 account gets the local engine, for free, and says so', async () => {
    mode = 'ga';
    const acct = await stack.newAccount({ balanceUsd: 0 });
    const { key } = await insertApiKey(stack.atelier.deps.db, { accountId: acct.accountId, name: 'sandbox', type: 'write', environment: 'sandbox' });
    const before = await ledgers(stack, acct.accountId);
    seen.length = 0;
    const r = await stack.api('POST', '/v1/voice/sessions', { key, body: { instructions: 'Be brief.' } });
    expect(r.status).toBe(201);
    expect(r.body.credits_used).toBe(0);
    expect(r.body.billing.usd_charged).toBe(0);
    expect(r.body.websocket_url).not.toContain(stack.config.voice.openai.baseUrl!.replace('http://', ''));
    expect(r.body.websocket_url.startsWith(stack.url.replace('http://', 'ws://'))).toBe(true);
    expect(seen).toHaveLength(0);
    expect(await ledgers(stack, acct.accountId)).toEqual(before);
  });

  it('falls back to the beta POST {base}/realtime/sessions and reads its shape', async () => {
    mode = 'beta';
    const r = await stack.api('POST', '/v1/voice/sessions', { body: { instructions: 'Be brief.' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ client_secret: 'ek_fake_beta_secret', expires_at: 1_900_000_100, model: 'fake-realtime-beta', agent_id: null });
    expect(seen.slice(-2).map((s) => s.path)).toEqual(['/v1/realtime/client_secrets', '/v1/realtime/sessions']);
  });

  for (const failure of ['error', 'no-secret', 'not-json', 'hang-up'] as const) {
    it(`answers 502 {detail} and refunds the charge when the engine ${failure === 'error' ? 'fails' : failure === 'hang-up' ? 'is unreachable' : `gives ${failure}`}`, async () => {
      mode = failure;
      const acct = await stack.newAccount({ balanceUsd: 5 });
      const before = await balanceMicros(stack, acct.accountId);
      const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, body: {} });
      expect(r.status).toBe(502);
      expect(Object.keys(r.body)).toEqual(['detail']);
      expect(r.body.detail).toMatch(/refunded/);
      expect(await balanceMicros(stack, acct.accountId)).toBe(before);

      // One story in both ledgers: the charge, then a refund that references it.
      const { credits, wallet } = await ledgers(stack, acct.accountId);
      expect(credits.map((e) => [e.kind, e.credits, e.wallet_micros])).toEqual([['spend', 5, 268_000], ['refund', 5, 268_000]]);
      expect(credits[1]!.reference_operation_id).toBe(credits[0]!.operation_id);
      const moves = wallet.filter((e) => e.kind === 'charge' || e.kind === 'refund');
      expect(moves.map((e) => [e.kind, e.amount_micros])).toEqual([['charge', -268_000], ['refund', 268_000]]);
      expect(moves[1]!.reference_operation_id).toBe(moves[0]!.operation_id);

      // The same story through the API.
      const tx = await stack.api('GET', '/v1/billing/transactions', { key: acct.key });
      const types = tx.body.data.map((t: { type: string }) => t.type);
      expect(types).toContain('refund');
      expect(types).toContain('charge');
    });
  }

  it('an agent session that fails is refunded too, and a later success charges once', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    const agent = (await stack.api('POST', '/v1/voice/agents', { key: acct.key, body: agentBody() })).body;
    mode = 'error';
    expect((await stack.api('POST', `/v1/voice/agents/${agent.id}/sessions`, { key: acct.key })).status).toBe(502);
    mode = 'ga';
    expect((await stack.api('POST', `/v1/voice/agents/${agent.id}/sessions`, { key: acct.key })).status).toBe(201);
    expect(await balanceMicros(stack, acct.accountId)).toBe(1_000_000 - 268_000);
    expect((await ledgers(stack, acct.accountId)).credits.map((e) => e.kind)).toEqual(['spend', 'refund', 'spend']);
  });
});
