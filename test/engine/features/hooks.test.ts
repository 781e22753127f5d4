// Public hooks: no Bearer; a signed call starts a run (trigger_type webhook) and a missing or wrong
// signature starts none; unknown ids 404, inactive workflows 409, bodies over 1 MiB 413, and the
// per-hook limit 429.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, waitForRun } from '../runs/helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const hookSpec = (config: Record<string, unknown> = {}) => ({
  ...spec([{ id: 'start', type: 'trigger.manual' }, { id: 'set', type: 'io.set', params: { values: { order: '{{start.output.main.order}}' } } }], [['start', 'set']]),
  trigger: { type: 'webhook', config },
});
const hmac = (secret: string, text: string) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
/** The two headers of a signed call: a timestamp and the HMAC of "<timestamp>.<body>". */
const signed = (secret: string, body: string, t = Math.floor(Date.now() / 1000)) => ({ 'x-fh-timestamp': String(t), 'x-fh-signature': hmac(secret, `${t}.${body}`) });
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(stack.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json().catch(() => undefined)) as any }));
const runCount = async (wf: string) => (await stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf}`)).body.total as number;

describe('public hooks', () => {
  it('gives a webhook workflow a stable webhook_id; unsigned hooks start runs without a Bearer', async () => {
    const wf = await createWorkflow(stack, hookSpec({ path: 'orders/new' }));
    const first = await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ workflow_id: wf, signed: false, secret_source: null });
    expect(first.body.webhook_id).toMatch(/^wh_[0-9a-f]{32}$/);
    expect(first.body.url).toBe(`${stack.url}/engine/v1/v1/hooks/${first.body.webhook_id}/orders/new`);
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body.webhook_id).toBe(first.body.webhook_id);

    const r = await post(`/engine/v1/v1/hooks/${first.body.webhook_id}/orders/new`, JSON.stringify({ order: 42 }));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['run_id', 'status']);
    expect(r.body.status).toBe('queued');
    const run = await waitForRun(stack, r.body.run_id);
    expect(run).toMatchObject({ status: 'completed', trigger_type: 'webhook', input: { order: 42 } });
    expect(run.node_outputs.set.output.main.order).toBe(42);
    // The alias without the doubled /v1 serves the same path, and only that path.
    expect((await post(`/engine/v1/hooks/${first.body.webhook_id}/orders/new`, '')).status).toBe(200);
    expect((await post(`/engine/v1/hooks/${first.body.webhook_id}`, '')).status).toBe(404);

    const manual = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []));
    const refused = await stack.api('GET', `/engine/v1/v1/workflows/${manual}/webhook`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail.error).toBe('not_a_webhook_workflow');
    const other = await stack.newAccount();
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`, { key: other.key })).status).toBe(404);
    expect((await stack.api('POST', `/engine/v1/v1/workflows/${wf}/webhook/secret`, { key: other.key })).status).toBe(404);
  });

  it('checks x-fh-signature over the raw body when the hook has a secret: missing or wrong → 401 and no run', async () => {
    const wf = await createWorkflow(stack, hookSpec());
    const { webhook_id } = (await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body;
    const rotated = await stack.api('POST', `/engine/v1/v1/workflows/${wf}/webhook/secret`);
    expect(rotated.status).toBe(201);
    const secret = rotated.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(rotated.body).toMatchObject({ webhook_id, signed: true, secret_source: 'generated' });
    // Shown once: never again, and sealed at rest.
    const again = await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`);
    expect(again.text).not.toContain(secret);
    const stored = await stack.atelier.deps.db.selectFrom('engine_hooks').select('secret_sealed').where('workflow_id', '=', wf).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    const audit = await stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`);
    expect(audit.text).not.toContain(secret);

    const body = JSON.stringify({ order: 7 });
    const url = `/engine/v1/v1/hooks/${webhook_id}`;
    const missing = await post(url, body);
    expect(missing.status).toBe(401);
    expect(missing.body.detail.error).toBe('invalid_signature');
    expect((await post(url, body, signed('not the secret', body))).status).toBe(401);
    expect((await post(url, body, { ...signed(secret, body), 'x-fh-signature': 'sha256=zz' })).status).toBe(401);
    // Signed over other bytes (same JSON, different spacing), or over the body alone: wrong.
    expect((await post(url, body, signed(secret, JSON.stringify({ order: 7 }, null, 1)))).status).toBe(401);
    expect((await post(url, body, { 'x-fh-signature': hmac(secret, body) })).status).toBe(401);
    expect(await runCount(wf)).toBe(0);

    const headers = signed(secret, body);
    const ok = await post(url, body, headers);
    expect(ok.status).toBe(200);
    expect((await waitForRun(stack, ok.body.run_id)).status).toBe('completed');
    expect(await runCount(wf)).toBe(1);
  });

  it('a signed call is accepted once: a replay inside the window is 409, a stale timestamp 401, another path 404', async () => {
    const wf = await createWorkflow(stack, hookSpec({ secret: 'replay-secret', path: 'orders/new' }));
    const hook = (await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body;
    const path = new URL(hook.url).pathname;
    expect(path).toBe(`/engine/v1/v1/hooks/${hook.webhook_id}/orders/new`);
    const body = '{"order":9}';
    const headers = signed('replay-secret', body);
    expect((await post(path, body, headers)).status).toBe(200);
    const replayed = await post(path, body, headers);
    expect(replayed.status).toBe(409);
    expect(replayed.body.detail.error).toBe('signature_replayed');
    const stale = await post(path, body, signed('replay-secret', body, Math.floor(Date.now() / 1000) - 301));
    expect(stale.status).toBe(401);
    expect(stale.body.detail.error).toBe('stale_signature');
    expect((await post(path, body, signed('replay-secret', body, Math.floor(Date.now() / 1000) + 3600))).status).toBe(401);
    for (const other of [`/engine/v1/v1/hooks/${hook.webhook_id}`, `/engine/v1/v1/hooks/${hook.webhook_id}/orders/old`, `/engine/v1/v1/hooks/${hook.webhook_id}/orders/new/x`]) {
      expect((await post(other, body, signed('replay-secret', body))).status, other).toBe(404);
    }
    expect(await runCount(wf)).toBe(1);
  });

  it("checks the spec's trigger.config.secret when no secret was generated", async () => {
    const wf = await createWorkflow(stack, hookSpec({ secret: 'spec-secret' }));
    const { webhook_id, signed: isSigned, secret_source } = (await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body;
    expect({ signed: isSigned, secret_source }).toEqual({ signed: true, secret_source: 'spec' });
    const body = '{"order":1}';
    expect((await post(`/engine/v1/v1/hooks/${webhook_id}`, body)).status).toBe(401);
    expect((await post(`/engine/v1/v1/hooks/${webhook_id}`, body, signed('spec-secret', body))).status).toBe(200);
  });

  it('unknown id 404, inactive workflow 409, oversized body 413, per-hook limit 429 — none starts a run', async () => {
    expect((await post('/engine/v1/v1/hooks/wh_00000000000000000000000000000000/x', '{}')).status).toBe(404);
    expect((await post('/engine/v1/v1/hooks/nonsense', '{}')).status).toBe(404);

    const wf = await createWorkflow(stack, hookSpec({ secret: 's' }));
    const { webhook_id } = (await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body;
    await stack.api('PUT', `/engine/v1/v1/workflows/${wf}`, { body: { active: false } });
    const inactive = await post(`/engine/v1/v1/hooks/${webhook_id}`, '{}', signed('s', '{}'));
    expect(inactive.status).toBe(409);
    expect(inactive.body.detail.error).toBe('workflow_inactive');

    const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
    expect((await post(`/engine/v1/v1/hooks/${webhook_id}`, big, signed('s', big))).status).toBe(413);

    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await post(`/engine/v1/v1/hooks/${webhook_id}`, '{}')).status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(120);
    const limited = await post(`/engine/v1/v1/hooks/${webhook_id}`, '{}');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Rate limit exceeded: 120 per 1 minute' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await runCount(wf)).toBe(0);

    const deleted = await createWorkflow(stack, hookSpec());
    const hook = (await stack.api('GET', `/engine/v1/v1/workflows/${deleted}/webhook`)).body;
    await stack.api('DELETE', `/engine/v1/v1/workflows/${deleted}`);
    expect((await post(`/engine/v1/v1/hooks/${hook.webhook_id}`, '{}')).status).toBe(404);
  });

  it("a hook call obeys the workflow's rate policy: 429 with rate-limit headers and no run", async () => {
    const wf = await createWorkflow(stack, hookSpec());
    const { webhook_id } = (await stack.api('GET', `/engine/v1/v1/workflows/${wf}/webhook`)).body;
    await stack.api('PUT', `/engine/v1/v1/rate-limits/workflow/${wf}`, { body: { requests_per_minute: 1 } });
    const first = await post(`/engine/v1/v1/hooks/${webhook_id}`, '{"order":1}');
    expect(first.status).toBe(200);
    const second = await post(`/engine/v1/v1/hooks/${webhook_id}`, '{"order":2}');
    expect(second.status).toBe(429);
    expect(second.body.detail).toMatchObject({ error: 'rate_limit_exceeded', scope: 'workflow', limit_rpm: 1 });
    expect(second.headers.get('x-ratelimit-limit')).toBe('1');
    expect(await runCount(wf)).toBe(1);
    await waitForRun(stack, first.body.run_id);
  });
});
