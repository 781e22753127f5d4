// The TypeScript SDK against the real stack: typed calls, one idempotency key per logical call
// across retries, Retry-After honoured, typed errors, and a run followed over SSE that reconnects
// with Last-Event-ID without yielding an event twice.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Atelier, AtelierError } from '../../sdk/src/index';
import { schemaPath, sdkTypesFrom } from '../../scripts/gen-sdk-types';
import { issueSessionToken } from '../../src/platform/auth/sessions';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let sdk: Atelier;
beforeAll(async () => {
  stack = await startStack();
  sdk = new Atelier({ apiKey: stack.adminKey, baseUrl: stack.url, backoffMs: 20 });
});
afterAll(() => stack?.close());

const spec = (nodes: Array<{ id: string; type: string; params?: Record<string, unknown> }>) => ({
  name: 'sdk',
  trigger: { type: 'manual', config: {} },
  nodes: nodes.map((n, i) => ({ position: [i * 200, 0], params: {}, ...n })),
  edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: n.id, source_port: 'main' })),
});

const HOP_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** A loopback proxy in front of the stack that can fail requests and cut SSE streams. */
async function flakyProxy(plan: { failFirst?: number; status?: number; retryAfter?: string; cutStreamAfterBytes?: number }) {
  const seen: Array<{ method: string; url: string; idempotencyKey?: string }> = [];
  let failures = plan.failFirst ?? 0;
  let cut = plan.cutStreamAfterBytes !== undefined;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({ method: req.method!, url: req.url!, idempotencyKey: req.headers['x-idempotency-key'] as string | undefined });
    if (failures > 0) {
      failures--;
      res.writeHead(plan.status ?? 503, { 'content-type': 'application/json', ...(plan.retryAfter ? { 'retry-after': plan.retryAfter } : {}) });
      res.end(JSON.stringify({ detail: 'try again' }));
      return;
    }
    // fetch frames the body itself: a copied content-length would be sent twice ("52, 52", which
    // undici refuses), and the connection headers belong to the client's own hop.
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOP_HEADERS.has(k)) headers[k] = v;
    let upstream: Response;
    try {
      upstream = await fetch(stack.url + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    } catch (err) {
      // Answered, so a proxy fault fails the test at once instead of leaving the client waiting.
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'proxy_failed', message: String((err as Error).cause ?? err) } }));
      return;
    }
    // fetch has already decoded the body: its length and encoding headers no longer describe it.
    const answer = Object.fromEntries([...upstream.headers].filter(([k]) => !HOP_HEADERS.has(k) && k !== 'content-encoding'));
    res.writeHead(upstream.status, answer);
    const reader = upstream.body!.getReader();
    let sent = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      res.write(value);
      sent += value.length;
      if (cut && upstream.headers.get('content-type')?.includes('event-stream') && sent >= plan.cutStreamAfterBytes!) {
        cut = false;
        await reader.cancel();
        res.destroy();
        return;
      }
    }
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('SDK', () => {
  it('its types are generated from the server\'s current OpenAPI document (npm run sdk:types)', async () => {
    const doc = (await (await fetch(`${stack.url}/openapi.json`)).json()) as object;
    // UPDATE_SDK_TYPES=1 npx vitest run test/tools/sdk.test.ts refreshes it from this stack.
    if (process.env.UPDATE_SDK_TYPES === '1') writeFileSync(schemaPath, await sdkTypesFrom(doc));
    expect(readFileSync(schemaPath, 'utf8'), 'sdk/src/schema.ts is stale: run `npm run sdk:types` against a running server').toBe(await sdkTypesFrom(doc));
  });

  it('creates a workflow, starts a run and follows it to run_finished', async () => {
    const wf = await sdk.workflows.create({ name: 'sdk follow', spec: spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { a: 1 } } }]) } as never);
    const run = await sdk.runs.start({ workflow_id: wf.id, input: { hello: 'world' } } as never);
    expect(run.status).toBe('queued');
    const events = [];
    for await (const e of sdk.runs.follow(run.run_id)) events.push(e);
    expect(events.at(-1)?.type).toBe('run_finished');
    expect(events.at(-1)?.data.status).toBe('completed');
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('reconnects a dropped run stream with Last-Event-ID and yields every event exactly once', async () => {
    const wf = await sdk.workflows.create({ name: 'sdk reconnect', spec: spec([{ id: 'start', type: 'trigger.manual' }, { id: 'a', type: 'io.set', params: { values: { a: 1 } } }, { id: 'b', type: 'io.set', params: { values: { b: 2 } } }]) } as never);
    const run = await sdk.runs.start({ workflow_id: wf.id, input: {} } as never);
    const direct = [];
    for await (const e of sdk.runs.follow(run.run_id)) direct.push(e.seq);
    const proxy = await flakyProxy({ cutStreamAfterBytes: 120 });
    try {
      const viaProxy = new Atelier({ apiKey: stack.adminKey, baseUrl: proxy.url, backoffMs: 20 });
      const seen = [];
      for await (const e of viaProxy.runs.follow(run.run_id)) seen.push(e.seq);
      expect(seen).toEqual(direct);
      const streams = proxy.seen.filter((r) => r.url.endsWith('/events'));
      expect(streams.length).toBeGreaterThanOrEqual(2);
    } finally {
      await proxy.close();
    }
  });

  it('retries a refused POST with the same idempotency key, honouring Retry-After', async () => {
    const proxy = await flakyProxy({ failFirst: 2, status: 429, retryAfter: '1' });
    try {
      const viaProxy = new Atelier({ apiKey: stack.adminKey, baseUrl: proxy.url, backoffMs: 20 });
      const started = Date.now();
      const wf = await viaProxy.workflows.create({ name: 'sdk retry', spec: spec([{ id: 'start', type: 'trigger.manual' }]) } as never);
      expect(wf.id).toBeTruthy();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      const posts = proxy.seen.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(3);
      expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
      expect(posts[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      // Two logical calls, two keys.
      await viaProxy.workflows.create({ name: 'sdk retry 2', spec: spec([{ id: 'start', type: 'trigger.manual' }]) } as never);
      const keys = new Set(proxy.seen.filter((r) => r.method === 'POST').map((p) => p.idempotencyKey));
      expect(keys.size).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it('approvals: a console user decides from the inbox, a link approver through a minted link, and the finished run is deleted', async () => {
    const wf = await sdk.workflows.create({
      name: 'sdk approval',
      spec: {
        trigger: { type: 'manual', config: {} },
        nodes: [
          { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
          {
            id: 'gate', type: 'control.approval', position: [200, 0],
            params: { message: 'Ship it?', approvers: ['ada@example.com'], links: ['legal@partner.example'], quorum: 2, form: { fields: [{ name: 'budget', type: 'number', label: 'Budget', required: true }] } },
          },
        ],
        edges: [{ id: 'e0', source: 'start', target: 'gate', source_port: 'main' }],
      },
    } as never);
    const run = await sdk.runs.start({ workflow_id: wf.id, input: {} } as never);
    const ada = new Atelier({ apiKey: await issueSessionToken(stack.config.sessionSecret, { accountId: stack.accountId, email: 'ada@example.com' }), baseUrl: stack.url, backoffMs: 20 });
    let inbox = await ada.approvals.list({ run_id: run.run_id });
    for (let i = 0; i < 200 && inbox.data.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      inbox = await ada.approvals.list({ run_id: run.run_id });
    }
    expect(inbox.data).toHaveLength(1);
    const id = inbox.data[0]!.id;
    expect(inbox.data[0]).toMatchObject({ status: 'pending', node_id: 'gate', can_decide: true, tally: { approvals: 0, quorum: 2, approvers_total: 2 } });
    expect((await sdk.approvals.get(id)).message).toBe('Ship it?');

    // A waiting run cannot be deleted.
    const active = await sdk.runs.delete(run.run_id).catch((e: unknown) => e);
    expect(active).toBeInstanceOf(AtelierError);
    expect((active as AtelierError).status).toBe(409);
    expect((active as AtelierError).code).toBe('run_active');

    // The form's required field is checked when approving.
    const incomplete = await ada.approvals.decide(id, { approved: true }).catch((e: unknown) => e);
    expect((incomplete as AtelierError).status).toBe(422);
    expect((incomplete as AtelierError).issues[0]?.loc).toEqual(['body', 'values', 'budget']);
    const decided = await ada.approvals.decide(id, { approved: true, comment: 'fine', values: { budget: 1200 } });
    expect(decided).toMatchObject({ repeated: false, approval: { status: 'pending', tally: { approvals: 1 } }, decision: { approver: 'ada@example.com', via: 'session', approved: true } });
    expect((await ada.approvals.decide(id, { approved: false })).repeated).toBe(true);

    const unknown = await sdk.approvals.createLink(id, { approver: 'someone@else.example' }).catch((e: unknown) => e);
    expect((unknown as AtelierError).status).toBe(422);
    expect((unknown as AtelierError).code).toBe('unknown_link_approver');
    const link = await sdk.approvals.createLink(id, { approver: 'legal@partner.example', expires_in_s: 600 });
    expect(link).toMatchObject({ object: 'approval_link', approval_id: id, approver: 'legal@partner.example' });
    // The link is the credential: no key.
    const viaLink = await fetch(`${stack.url}/engine/v1/v1/approvals/links/${link.token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ approved: true, values: { budget: 1500 } }) });
    expect(viaLink.status).toBe(200);
    expect(await viaLink.json()).toMatchObject({ approval_id: id, status: 'approved' });

    const events = [];
    for await (const e of sdk.runs.follow(run.run_id)) events.push(e);
    expect(events.at(-1)?.data.status).toBe('completed');
    expect(events.filter((e) => e.type === 'approval_decided')).toHaveLength(2);
    expect((await sdk.approvals.list({ run_id: run.run_id, status: 'approved' })).data.map((a) => a.id)).toEqual([id]);

    expect(await sdk.runs.delete(run.run_id)).toEqual({ object: 'run', id: run.run_id, deleted: true });
    const gone = await sdk.runs.get(run.run_id).catch((e: unknown) => e);
    expect((gone as AtelierError).status).toBe(404);
    expect((await sdk.runs.delete(run.run_id).catch((e: unknown) => e) as AtelierError).status).toBe(404);
  });

  it('throws AtelierError with status, code and request id', async () => {
    const bad = await sdk.workflows.create({ name: 'x', spec: { nodes: 'nope' } } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(AtelierError);
    expect((bad as AtelierError).status).toBe(422);
    expect((bad as AtelierError).issues.length).toBeGreaterThan(0);
    expect((bad as AtelierError).requestId).toMatch(/^req_[0-9a-f]{32}$/);
    const anonymous = new Atelier({ apiKey: 'svc_live_nope', baseUrl: stack.url, maxRetries: 0 });
    const unauth = await anonymous.billing.balance().catch((e: unknown) => e);
    expect((unauth as AtelierError).status).toBe(401);
    expect((unauth as AtelierError).code).toBe('invalid_api_key');
    const missing = await sdk.runs.get('run_does_not_exist').catch((e: unknown) => e);
    expect((missing as AtelierError).status).toBe(404);
    // `{"detail": "Not Found"}` carries no code of its own: the status names it.
    expect((missing as AtelierError).code).toBe('not_found');
  });
});
