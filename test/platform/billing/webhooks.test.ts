import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { run } from './helpers';
import { sealSecret } from '../../../src/platform/webhooks/secret-box';

interface Received {
  at: number;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  body: any;
}

/** An HTTPS webhook receiver on loopback with a self-signed certificate made at test time. */
class Receiver {
  received: Received[] = [];
  /** Statuses to answer, in order; the last one repeats. */
  statuses: number[] = [200];
  private server!: Server;
  port = 0;

  async start(cert: Buffer, key: Buffer) {
    this.server = createServer({ cert, key }, (req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        this.received.push({ at: performance.now(), headers: req.headers, raw, body: JSON.parse(raw) });
        const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0]!;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok thanks' : 'receiver says no');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  url(path = '/hook') {
    return `https://127.0.0.1:${this.port}${path}`;
  }
  reset(statuses: number[]) {
    this.received = [];
    this.statuses = statuses;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let stack: TestStack;
let strict: TestStack;
const receiver = new Receiver();
let certFile = '';

/** The timers (in seconds) the webhook's one delivery workflow started, in order. */
async function deliveryTimers(webhookId: string): Promise<number[]> {
  const client = stack.atelier.deps.temporal;
  let workflowId: string | undefined;
  for (let i = 0; i < 50 && !workflowId; i++) {
    // Only this webhook's deliveries (the shared test server holds every test's workflows).
    for await (const w of client.workflow.list({ query: `WorkflowType = 'webhookDelivery' AND WorkflowId STARTS_WITH 'webhook-delivery-${webhookId}-'` })) {
      workflowId = w.workflowId;
    }
    if (!workflowId) await new Promise((r) => setTimeout(r, 100));
  }
  expect(workflowId, 'the delivery workflow is listed').toBeDefined();
  const { events } = await client.workflow.getHandle(workflowId!).fetchHistory();
  return (events ?? [])
    .filter((e) => e.timerStartedEventAttributes)
    .map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds ?? 0));
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'whcert-'));
  certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']);
  await receiver.start(readFileSync(certFile), readFileSync(keyFile));
  [stack, strict] = await Promise.all([
    startStack({ ATELIER_WEBHOOK_CA_FILE: certFile }),
    startStack({ ATELIER_WEBHOOK_CA_FILE: certFile, ATELIER_ALLOW_PRIVATE_NETWORK: '0' }),
  ]);
});
afterAll(async () => {
  await Promise.all([stack?.close(), strict?.close()]);
  await receiver.close();
});

const create = (body: Record<string, unknown>, key?: string) => stack.api('POST', '/v1/console/webhooks', { body, key });

describe('webhook management', () => {
  it('creates with a one-time secret stored encrypted, lists without it, patches and deletes', async () => {
    const r = await create({ name: 'orders', url: receiver.url(), events: ['generation.completed'], headers: { 'X-Tenant': 'a1' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^wh_/), name: 'orders', url: receiver.url(), events: ['generation.completed'], active: true, headers: { 'X-Tenant': 'a1' } });
    expect(r.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const row = await stack.atelier.deps.db.selectFrom('webhooks').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(r.body.secret);
    expect(row.secret_enc.startsWith('v1:')).toBe(true);

    const list = await stack.api('GET', '/v1/console/webhooks');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.find((w: any) => w.id === r.body.id)).not.toHaveProperty('secret');

    const patched = await stack.api('PATCH', `/v1/console/webhooks/${r.body.id}`, { body: { name: 'orders-2', active: false, events: ['billing.charged', 'credits.low'] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'orders-2', active: false, events: ['billing.charged', 'credits.low'] });
    expect(patched.body).not.toHaveProperty('secret');

    const inactiveTest = await stack.api('POST', `/v1/console/webhooks/${r.body.id}/test`);
    expect(inactiveTest.status).toBe(400);

    const del = await stack.api('DELETE', `/v1/console/webhooks/${r.body.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await stack.api('GET', `/v1/console/webhooks/${r.body.id}/logs`)).status).toBe(404);
  });

  it('validates: HTTPS only, name 1–100, events required and known, at most 10 headers', async () => {
    expect((await create({ name: 'x', url: 'http://example.com/hook', events: ['billing.charged'] })).body.detail).toContain('HTTPS');
    const cases = [
      { name: '', url: receiver.url(), events: ['billing.charged'] },
      { name: 'x'.repeat(101), url: receiver.url(), events: ['billing.charged'] },
      { name: 'x', url: receiver.url(), events: [] },
      { name: 'x', url: receiver.url() },
      { name: 'x', url: receiver.url(), events: ['not.an.event'] },
      { name: 'x', url: receiver.url(), events: ['billing.charged'], headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, 'v'])) },
    ];
    for (const body of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const reserved = await create({ name: 'x', url: receiver.url(), events: ['billing.charged'], headers: { 'X-Svc-Signature': 'forged' } });
    expect(reserved.status).toBe(400);
  });

  it('refuses a supplied secret (create, register, patch) with 400 secret_not_accepted, creating and changing nothing', async () => {
    const acct = await stack.newAccount();
    const refused = (r: { status: number; body: any }) => {
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatchObject({ error: 'secret_not_accepted', field: 'secret', message: expect.stringContaining('generated by the server') });
    };
    refused(await create({ name: 'mine', url: receiver.url(), events: ['billing.charged'], secret: 'whsec_chosen_by_me' }, acct.key));
    refused(await stack.api('POST', '/v1/webhooks/register', { key: acct.key, body: { url: receiver.url(), events: ['billing.charged'], secret: 'x' } }));
    expect((await stack.api('GET', '/v1/console/webhooks', { key: acct.key })).body).toEqual([]);
    const made = await create({ name: 'mine', url: receiver.url(), events: ['billing.charged'] }, acct.key);
    expect(made.status).toBe(201);
    const before = await stack.atelier.deps.db.selectFrom('webhooks').select('secret_enc').where('id', '=', made.body.id).executeTakeFirstOrThrow();
    refused(await stack.api('PATCH', `/v1/console/webhooks/${made.body.id}`, { key: acct.key, body: { name: 'renamed', secret: 'whsec_mine' } }));
    const after = await stack.atelier.deps.db.selectFrom('webhooks').select(['secret_enc', 'name']).where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ secret_enc: before.secret_enc, name: 'mine' });
  });

  it('allows at most 10 webhooks per account', async () => {
    const acct = await stack.newAccount();
    for (let i = 0; i < 10; i++) expect((await create({ name: `w${i}`, url: receiver.url(), events: ['billing.charged'] }, acct.key)).status).toBe(201);
    const r = await create({ name: 'eleven', url: receiver.url(), events: ['billing.charged'] }, acct.key);
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatchObject({ error: 'webhook_limit_reached', limit: 10 });
  });

  it('is offered from PAYG Standard up: payg-basic gets 403 feature_not_available', async () => {
    const basic = await stack.newAccount({ balanceUsd: 1 });
    const r = await create({ name: 'x', url: receiver.url(), events: ['billing.charged'] }, basic.key);
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatchObject({ error: 'feature_not_available', required_tiers: expect.arrayContaining(['payg-standard', 'sub-startup']) });
  });

  it('registers through POST /v1/webhooks/register', async () => {
    const r = await stack.api('POST', '/v1/webhooks/register', { body: { url: receiver.url('/registered'), events: ['generation.failed'] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^wh_/), url: receiver.url('/registered'), events: ['generation.failed'], secret: expect.any(String) });
  });

  it("answers 404 for another account's webhooks everywhere", async () => {
    const mine = await create({ name: 'mine', url: receiver.url(), events: ['billing.charged'] });
    const other = await stack.newAccount();
    const id = mine.body.id;
    for (const [method, path, body] of [
      ['PATCH', `/v1/console/webhooks/${id}`, { name: 'stolen' }],
      ['DELETE', `/v1/console/webhooks/${id}`, undefined],
      ['POST', `/v1/console/webhooks/${id}/test`, undefined],
      ['GET', `/v1/console/webhooks/${id}/logs`, undefined],
    ] as const) {
      const r = await stack.api(method, path, { key: other.key, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ detail: 'Not Found' });
    }
    const list = await stack.api('GET', '/v1/console/webhooks', { key: other.key });
    expect(list.body).toEqual([]);
  });
});

describe('delivery', () => {
  it('signs the raw body with the secret and sends the envelope and event headers', async () => {
    const hook = await create({ name: 'sig', url: receiver.url(), events: ['billing.charged', 'generation.completed'], headers: { 'X-Tenant': 'acme' } });
    receiver.reset([200]);
    const r = await stack.api('POST', `/v1/console/webhooks/${hook.body.id}/test`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: expect.any(String), timestamp: expect.any(String) });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const expected = createHmac('sha256', hook.body.secret).update(got.raw).digest('hex');
    expect(got.headers['x-svc-signature']).toBe(expected);
    expect(got.headers['x-svc-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(got.headers['x-svc-event']).toBe('billing.charged');
    expect(got.headers['x-tenant']).toBe('acme');
    expect(got.body).toEqual({ event: 'billing.charged', timestamp: r.body.timestamp, data: { test: true, timestamp: r.body.timestamp, webhook_id: hook.body.id }, attempt: 1 });
  });

  it('retries a failing receiver 3 times, 1 s then 2 s apart, logging each attempt with exactly the fields', async () => {
    const hook = await create({ name: 'retry', url: receiver.url(), events: ['generation.completed'] });
    receiver.reset([500, 503, 200]);
    const r = await stack.api('POST', `/v1/console/webhooks/${hook.body.id}/test`);
    expect(r.body.success).toBe(true);
    const at = receiver.received.map((x) => x.at);
    expect(at).toHaveLength(3);
    const gap1 = (at[1]! - at[0]!) / 1000;
    const gap2 = (at[2]! - at[1]!) / 1000;
    // The receiver saw the waits kept (a wall clock only bounds them from below: on a loaded
    // machine each attempt's activity and log write add to the gap)...
    expect(gap1).toBeGreaterThanOrEqual(0.95);
    expect(gap2).toBeGreaterThanOrEqual(1.95);
    // ...and the delivery's history says exactly which waits were asked for: 1 s, then 2 s.
    expect(await deliveryTimers(hook.body.id)).toEqual([1, 2]);
    expect(receiver.received.map((x) => x.body.attempt)).toEqual([1, 2, 3]);

    const logs = await stack.api('GET', `/v1/console/webhooks/${hook.body.id}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body).toHaveLength(3);
    for (const row of logs.body) {
      expect(Object.keys(row).sort()).toEqual(['attempted_at', 'event', 'id', 'payload', 'response_body', 'response_status', 'success']);
    }
    // Newest first.
    expect(logs.body.map((l: any) => [l.payload.attempt, l.response_status, l.success])).toEqual([[3, 200, true], [2, 503, false], [1, 500, false]]);
    expect(logs.body[1].response_body).toBe('receiver says no');
  });

  it('reports failure after 3 tries and never disables the webhook', async () => {
    const hook = await create({ name: 'down', url: receiver.url(), events: ['credits.low'] });
    receiver.reset([500]);
    const r = await stack.api('POST', `/v1/console/webhooks/${hook.body.id}/test`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(false);
    expect(r.body.message).toContain('3 attempts');
    expect(receiver.received).toHaveLength(3);
    const after = await stack.api('GET', '/v1/console/webhooks');
    expect(after.body.find((w: any) => w.id === hook.body.id).active).toBe(true);
  });

  it('emits billing.charged and generation.completed when an image is generated', async () => {
    const acct = await stack.newAccount({ balanceUsd: 50 });
    await create({ name: 'events', url: receiver.url('/events'), events: ['generation.completed', 'billing.charged'] }, acct.key);
    receiver.reset([200]);
    const gen = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'event me', width: 64, height: 64 } });
    expect(gen.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (receiver.received.length < 2 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    const byEvent = Object.fromEntries(receiver.received.map((x) => [x.body.event, x.body]));
    expect(byEvent['billing.charged'].data).toEqual({ operation: 'generate_image:atelier-image-v1', amount_usd: 0.0026, method: 'wallet' });
    expect(byEvent['generation.completed'].data).toMatchObject({
      job_id: gen.body.job_id, generation_type: 'image', model: 'atelier-image-v1', output_url: expect.any(String), billing: { method: 'wallet', usd_charged: 0.0026 },
    });
  });

  it('emits credits.depleted when the wallet cannot cover a charge', async () => {
    const acct = await stack.newAccount({ balanceUsd: 30 });
    await create({ name: 'depleted', url: receiver.url('/depleted'), events: ['credits.depleted'] }, acct.key);
    receiver.reset([200]);
    const r = await stack.api('POST', '/v1/ai/generate/video', { key: acct.key, body: { model: 'atelier-video-v1', prompt: 'x', seconds: 10 } });
    expect(r.status).toBe(202);
    // Spend it down so the next one cannot be covered.
    await stack.atelier.deps.db.updateTable('accounts').set({ balance_micros: 1000 }).where('id', '=', acct.accountId).execute();
    receiver.reset([200]);
    const refused = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'y', width: 64, height: 64 } });
    expect(refused.status).toBe(402);
    const deadline = Date.now() + 15_000;
    while (receiver.received.length < 1 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    // Demoted to payg-basic by spending, the account still gets its existing webhook's events.
    expect(receiver.received.map((x) => x.body)).toEqual([
      { event: 'credits.depleted', timestamp: expect.any(String), data: { operation: 'generate_image:atelier-image-v1', needed_usd: 0.0026 }, attempt: 1 },
    ]);
  });
});

describe('SSRF guard with private networks refused (the default)', () => {
  it('refuses loopback and private webhook URLs at creation', async () => {
    for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.1.2.3/x', 'https://172.20.0.1/x', 'https://192.168.1.1/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://169.254.169.254/latest']) {
      const r = await strict.api('POST', '/v1/console/webhooks', { body: { name: 'x', url, events: ['billing.charged'] } });
      expect(r.status, url).toBe(400);
      expect(r.body.detail).toContain('public host');
    }
  });

  it('refuses private addresses again at connect time (a host that resolved publicly at creation)', async () => {
    // Simulates DNS rebinding: the stored URL (validated when its name resolved publicly) now
    // reaches loopback. The row is written directly; the delivery's socket lookup must refuse it.
    const id = `wh_rebind${Date.now()}`;
    await strict.atelier.deps.db
      .insertInto('webhooks')
      .values({
        id, account_id: strict.accountId, name: 'rebound', url: receiver.url(), events: JSON.stringify(['billing.charged']),
        secret_enc: sealSecret(strict.config.encryptionKey, 'whsec_test'), headers: JSON.stringify({}),
      })
      .execute();
    receiver.reset([200]);
    const r = await strict.api('POST', `/v1/console/webhooks/${id}/test`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(false);
    expect(receiver.received).toHaveLength(0);
    const logs = await strict.api('GET', `/v1/console/webhooks/${id}/logs`);
    expect(logs.body).toHaveLength(3);
    expect(logs.body[0]).toMatchObject({ response_status: 0, success: false, response_body: expect.stringContaining('Refusing') });
  });

  it('refuses an image_url on a private address before charging', async () => {
    const before = (await strict.api('GET', '/v1/billing/balance')).body.balance_usd;
    const r = await strict.api('POST', '/v1/ai/edit/remove-background', { body: { image_url: `http://127.0.0.1:${receiver.port}/x.png` } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain('private');
    expect((await strict.api('GET', '/v1/billing/balance')).body.balance_usd).toBe(before);
  });
});
