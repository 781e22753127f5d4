// /metrics: Prometheus text with HTTP, engine and SSE series that move with real traffic; never
// money (a scrape sees every account), and closed in production unless a token is set.
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import type { Config } from '../../src/config';
import { closeAccess } from '../../src/platform/auth/access-chain';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => { stack = await startStack(); });
afterAll(() => stack?.close());

const scrape = async () => {
  const res = await fetch(`${stack.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : undefined;
};

describe('/metrics', () => {
  it('counts requests by route pattern and status, and exposes engine and SSE series', async () => {
    await stack.api('GET', '/v1/billing/balance');
    await stack.api('GET', '/v1/billing/balance');
    await stack.api('GET', '/v1/billing/balance', { key: null });
    const text = await scrape();
    const ok = text.split('\n').find((l) => l.startsWith('atelier_http_requests_total{') && l.includes('route="/v1/billing/balance"') && l.includes('status="200"'));
    expect(ok, text.slice(0, 2000)).toBeDefined();
    expect(Number(ok!.split(' ').pop())).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/atelier_http_requests_total\{[^}]*route="\/v1\/billing\/balance"[^}]*status="401"/);
    expect(text).toContain('atelier_http_request_duration_seconds_bucket');
    expect(text).toContain('atelier_sse_clients');
    expect(value(text, 'atelier_sse_clients')).toBe(0);
  });

  it('reports engine runs by status once a run finished', async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: {
        name: 'metrics',
        spec: {
          name: 'metrics',
          trigger: { type: 'manual', config: {} },
          nodes: [
            { id: 'start', type: 'trigger.manual', position: [0, 0], params: {} },
            { id: 'set', type: 'io.set', position: [200, 0], params: { values: { a: 1 } } },
          ],
          edges: [{ id: 'e0', source: 'start', target: 'set', source_port: 'main' }],
        },
      },
    });
    expect(wf.status, JSON.stringify(wf.body)).toBe(201);
    const run = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    for (let i = 0; i < 100; i++) {
      const r = await stack.api('GET', `/engine/v1/v1/runs/${run.body.run_id}`);
      if (r.body.status === 'completed') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    // Rows are counted a few seconds after they finish (a commit can trail its finished_at).
    const nodeCount = /atelier_engine_node_duration_seconds_count\{node_type="io.set",status="succeeded"\} (\d+)/;
    let text = '';
    for (let i = 0; i < 40 && !nodeCount.test(text); i++) {
      await new Promise((res) => setTimeout(res, 500));
      text = await scrape();
    }
    expect(text).toMatch(/atelier_engine_runs\{status="completed"\} [1-9]/);
    expect(Number(nodeCount.exec(text)?.[1]), text.split('\n').filter((l) => l.includes('engine')).join('\n')).toBe(1);
    expect(text).toMatch(/atelier_engine_node_duration_seconds_bucket\{le="\+Inf",node_type="io.set",status="succeeded"\} 1/);
    expect(text).toMatch(/atelier_engine_run_duration_seconds_count\{status="completed"\} 1\n/);
    // A later scrape adds only what finished since: the same run is never counted twice.
    const again = await scrape();
    expect(Number(nodeCount.exec(again)?.[1])).toBe(1);
    expect(again).toMatch(/atelier_engine_run_duration_seconds_count\{status="completed"\} 1\n/);
  });

  it('passes promtool check metrics (Prometheus naming and exposition rules)', async () => {
    const text = await scrape();
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error, 'promtool is installed by scripts/setup.sh (Debian package prometheus)').toBeUndefined();
    expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('/metrics never publishes money, and is closed in production by default', () => {
  it('has no wallet, ledger or balance series, and no per-account label, after money moved', async () => {
    // Money moves in two accounts: an opening balance each and a paid operation.
    const other = await stack.newAccount({ balanceUsd: 7 });
    const charged = await stack.api('POST', '/v1/ai/generate/image', { key: other.key, body: { prompt: 'a red square', width: 64, height: 64 } });
    expect(charged.status, charged.text).toBe(200);
    const text = await scrape();
    const series = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(series.filter((l) => /wallet|ledger|balance|usd|micros|credit|charge|refund|topup/i.test(l.split(/[{ ]/)[0]!))).toEqual([]);
    expect(series.filter((l) => /account|tenant/i.test(l.split(/[{ ]/)[0]!))).toEqual([]);
    expect(text).not.toContain(other.accountId);
    expect(text).not.toContain(stack.accountId);
    // promtool: a gauge's name never ends in _total (that suffix is for counters).
    const gauges = text.split('\n').filter((l) => l.startsWith('# TYPE ') && l.endsWith(' gauge')).map((l) => l.split(' ')[2]!);
    expect(gauges.filter((g) => g.endsWith('_total'))).toEqual([]);
  });

  /** The stack's own routes under another configuration (production, a token…). */
  async function scrapeAs(metrics: Config['metrics'], env: Config['env'], authorization?: string) {
    const deps = { ...stack.atelier.deps, config: { ...stack.atelier.deps.config, env, metrics } };
    const server = createApp(deps).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, { headers: authorization ? { authorization } : {} });
      return { status: res.status, body: await res.text() };
    } finally {
      await new Promise((r) => server.close(r));
      await closeAccess(deps);
    }
  }

  it('production without a token refuses every scrape; ATELIER_METRICS_PUBLIC opens it; a token is required once set', async () => {
    const closed = await scrapeAs({ public: false }, 'production');
    expect(closed.status).toBe(403);
    expect(JSON.parse(closed.body).detail).toMatch(/ATELIER_METRICS_TOKEN/);
    expect((await scrapeAs({ public: false }, 'production', 'Bearer anything')).status).toBe(403);
    expect((await scrapeAs({ public: true }, 'production')).status).toBe(200);
    // Development and tests stay open without a token.
    expect((await scrapeAs({ public: false }, 'development')).status).toBe(200);
    const token = 'm'.repeat(40);
    for (const env of ['production', 'development'] as const) {
      expect((await scrapeAs({ token, public: false }, env)).status).toBe(401);
      expect((await scrapeAs({ token, public: true }, env, `Bearer ${token}x`)).status).toBe(401);
      const ok = await scrapeAs({ token, public: false }, env, `Bearer ${token}`);
      expect(ok.status).toBe(200);
      expect(ok.body).toContain('atelier_http_requests_total');
    }
  });
});
