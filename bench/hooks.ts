// Public hooks (issue 9): how fast a signed hook call becomes a started run, and how many hook
// calls per second the API sustains while the worker runs them.
//   - latency: sequential signed POSTs; HTTP answer (200 {run_id, status:'queued'}) and hook → run
//     started (the run's started_at, stamped when its first node starts), p50/p95/p99;
//   - throughput: BENCH_HOOK_CONCURRENCY clients for BENCH_HOOK_SECONDS against BENCH_HOOKS hooks
//     (round robin: each hook allows 120 calls a minute), then the time until every run finished.
// Uses the test Temporal server and a scratch database on BENCH_PG_ADMIN_URL:
//   BENCH_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/hooks.ts
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActivities } from '../activities/index';
import { nodeRegistry } from '../nodes/index';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { loadConfig } from '../src/config';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { startAtelier } from '../src/runtime';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const temporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7633';
const LATENCY_CALLS = Number(process.env.BENCH_HOOK_LATENCY_CALLS ?? 100);
const SECONDS = Number(process.env.BENCH_HOOK_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_HOOK_CONCURRENCY ?? 16);
const HOOKS = Number(process.env.BENCH_HOOKS ?? 60);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const fmt = (x: number) => x.toFixed(1);

async function main() {
  const scratch = await createScratchDatabase(adminUrl, 'atelier_bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const adminKey = generateApiKey('live');
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: scratch.url, TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: `bench-hooks-${randomBytes(4).toString('hex')}`, ATELIER_DATA_DIR: dataDir, ATELIER_BOOTSTRAP_KEY: adminKey,
    ATELIER_BOOTSTRAP_BALANCE_USD: '100',
  });
  const atelier = await startAtelier(config, { activities: createActivities, nodes: nodeRegistry });
  const url = atelier.url!;
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(url + path, { method, headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return r.json() as Promise<any>;
  };
  const spec = {
    nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { order: '{{start.output.main.order}}' } } }],
    edges: [{ id: 'e1', source: 'start', target: 'set' }],
    trigger: { type: 'webhook', config: { path: 'orders' } },
  };
  const hooks: Array<{ id: string; secret: string }> = [];
  for (let i = 0; i < HOOKS; i++) {
    const wf = await api('POST', '/engine/v1/v1/workflows', { name: `hook bench ${i}`, spec });
    const { webhook_id } = await api('GET', `/engine/v1/v1/workflows/${wf.id}/webhook`);
    const { secret } = await api('POST', `/engine/v1/v1/workflows/${wf.id}/webhook/secret`);
    hooks.push({ id: webhook_id, secret });
  }
  const call = async (hook: { id: string; secret: string }, n: number) => {
    const body = JSON.stringify({ order: n });
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = `sha256=${createHmac('sha256', hook.secret).update(`${ts}.${body}`).digest('hex')}`;
    const r = await fetch(`${url}/engine/v1/v1/hooks/${hook.id}/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fh-timestamp': ts, 'x-fh-signature': sig }, body });
    const json = (await r.json()) as { run_id?: string };
    return { status: r.status, runId: json.run_id };
  };
  const db = atelier.deps.db;

  // Warm-up: the first runs pay for worker caches and connection set-up.
  for (let i = 0; i < 5; i++) await call(hooks[i % hooks.length]!, i);

  // 1. Latency, one call at a time.
  const answer: number[] = [];
  const started: number[] = [];
  for (let i = 0; i < LATENCY_CALLS; i++) {
    const t0 = Date.now();
    const p0 = performance.now();
    const r = await call(hooks[i % hooks.length]!, i);
    answer.push(performance.now() - p0);
    if (r.status !== 200 || !r.runId) throw new Error(`hook answered ${r.status}`);
    for (;;) {
      const run = await db.selectFrom('runs').select(['started_at']).where('id', '=', r.runId).executeTakeFirstOrThrow();
      if (run.started_at) {
        started.push(run.started_at.getTime() - t0);
        break;
      }
      await new Promise((res) => setTimeout(res, 2));
    }
  }

  // 2. Sustained throughput.
  const deadline = Date.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  const runIds: string[] = [];
  let n = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (Date.now() < deadline) {
      const i = n++;
      const r = await call(hooks[i % hooks.length]!, i);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.runId) runIds.push(r.runId);
    }
  }));
  const sendMs = performance.now() - t0;
  for (;;) {
    const left = await db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', runIds).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const drainMs = performance.now() - t0;
  const completed = await db.selectFrom('runs').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', runIds).where('status', '=', 'completed').executeTakeFirstOrThrow();

  const ok = statuses.get(200) ?? 0;
  console.log(`\n## Public hooks (bench/hooks.ts)\n`);
  console.log(`Measured ${new Date().toISOString().slice(0, 16)}Z, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; API + worker in one process, Temporal dev server, Postgres.\n`);
  console.log(`| measure | p50 | p95 | p99 | max |`);
  console.log(`|---|---|---|---|---|`);
  console.log(`| signed hook → 200 {run_id, status:'queued'} (ms, ${LATENCY_CALLS} sequential calls) | ${fmt(pct(answer, 50))} | ${fmt(pct(answer, 95))} | ${fmt(pct(answer, 99))} | ${fmt(Math.max(...answer))} |`);
  console.log(`| signed hook → run started (first node running, ms) | ${fmt(pct(started, 50))} | ${fmt(pct(started, 95))} | ${fmt(pct(started, 99))} | ${fmt(Math.max(...started))} |`);
  console.log(`\nSustained: ${CONCURRENCY} clients for ${SECONDS} s over ${HOOKS} hooks: ${ok} accepted (${fmt(ok / (sendMs / 1000))} calls/s), other answers ${JSON.stringify(Object.fromEntries([...statuses].filter(([s]) => s !== 200)))}; all ${runIds.length} runs finished ${fmt((drainMs - sendMs) / 1000)} s after the last call (${completed.n} completed; ${fmt(runIds.length / (drainMs / 1000))} runs/s end to end).`);

  await atelier.stop();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
