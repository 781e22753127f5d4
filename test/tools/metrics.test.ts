// /metrics: Prometheus text with HTTP, engine, SSE and wallet series that move with real traffic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('counts requests by route pattern and status, and exposes engine, SSE and wallet series', async () => {
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
    // The bootstrap account's opening balance is a ledger entry.
    expect(text).toMatch(/atelier_wallet_ledger_entries\{kind="[a-z]+"\} [1-9]/);
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
    const text = await scrape();
    expect(text).toMatch(/atelier_engine_runs\{status="completed"\} [1-9]/);
    expect(text).toMatch(/atelier_engine_node_duration_seconds_avg\{node_type="io.set"\}/);
  });
});
