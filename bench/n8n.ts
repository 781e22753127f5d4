// Atelier against n8n on the same machine (issue goal 1): the smallest useful workflow on each side,
// measured alternately in one invocation at concurrency 1, 10 and 50.
//
//   n8n 1.94.1 (SQLite, default execution saving): Webhook → Set, "respond when the last node
//   finishes", under autocannon (POST /webhook/atelier-bench).
//   Atelier (its own process, `npm start` with ATELIER_RATE_LIMIT_SCALE=1000): trigger.manual →
//   io.set; a closed loop of POST /engine/v1/v1/runs + GET …/events (SSE) until `run_finished` —
//   the run is in Postgres before that frame exists — and, apart, the POST-only rate (autocannon).
//
// n8n is installed into a folder outside the project (not a dependency), cached between runs:
// BENCH_N8N_DIR (/tmp/atelier-bench-n8n). Its user folder (SQLite database) is fresh each run.
// Temporal: a dev server of the bench's own, started with ./temporal-dev.sh on BENCH_TEMPORAL_PORT
// (7653) so the test suite's server is left alone; or BENCH_TEMPORAL_ADDRESS to use a running one.
// Postgres: BENCH_PG_ADMIN_URL (else TEST_DATABASE_URL, else the test Postgres on :5439); a scratch
// database per run. Other knobs: BENCH_DURATION_S (10), BENCH_CONCURRENCY ("1,10,50"), BENCH_N8N=0 /
// BENCH_RAW=0 / BENCH_POST=0 (skip a side or the POST-only phase), BENCH_PROFILE=<dir> (CPU profiles
// of Atelier and, in <dir>/floor, of the floor), BENCH_KEEP_DB=1.
//
//   npx tsx bench/n8n.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection, Client } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { createScratchDatabase, portOpen } from '../src/infra/db/postgres';
import { ATELIER_NODE_ARGS, atelierEnv } from './lib/atelier-process';
import { WORKER_SLOTS } from '../src/infra/temporal/worker';
import { freePort } from './lib/free-port';
import { pidFromFile, ppidOf, treeCpuMs } from './lib/cpu';
import { N8N_VERSION, n8nDir, startN8n as startN8n_ } from './lib/n8n';

const root = fileURLToPath(new URL('..', import.meta.url));
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const levels = (process.env.BENCH_CONCURRENCY ?? '1,10,50').split(',').map(Number);
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const load1 = () => loadavg()[0]!.toFixed(2);
/** BENCH_N8N=0: Atelier alone (the trace and its own figures, no ratios), e.g. to try a change quickly. */
const withN8n = process.env.BENCH_N8N !== '0';
/** BENCH_RAW=0: without the raw Temporal side (a workflow that only completes, client and worker in this process). */
const withRaw = process.env.BENCH_RAW !== '0';
/** BENCH_FLOOR=0: without the durable floor (bench/lib/trigger-floor.ts). */
const withFloor = process.env.BENCH_FLOOR !== '0';
/** BENCH_POST=0: without the POST-only phase (e.g. so that a CPU profile holds whole runs only). */
const withPostOnly = process.env.BENCH_POST !== '0';
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (await probe().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

/** CPU meters for each side: read before and after a phase; the difference divided by the operations done. */
interface CpuMeter {
  label: string;
  read: () => Promise<number>;
}

/** Runs a phase between two readings of the meters; the result carries CPU ms per operation. */
async function metered(meters: CpuMeter[], phase: () => Promise<Result>): Promise<Result> {
  const before = await Promise.all(meters.map((m) => m.read()));
  const r = await phase();
  const after = await Promise.all(meters.map((m) => m.read()));
  const ops = r.rps * durationS;
  if (ops > 0 && meters.length) r.cpu = meters.map((m, i) => `${m.label} ${((after[i]! - before[i]!) / ops).toFixed(1)}`).join(' + ');
  return r;
}

/** Webhook → Set, answering when the last node finishes (n8n's "lastNode" response mode). */
function n8nWorkflow(id: string) {
  return {
    id,
    name: 'atelier bench: webhook → set',
    active: false,
    nodes: [
      {
        id: randomUUID(),
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: randomUUID(),
        parameters: { httpMethod: 'POST', path: 'atelier-bench', responseMode: 'lastNode', options: {} },
      },
      {
        id: randomUUID(),
        name: 'Set',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [220, 0],
        parameters: { assignments: { assignments: [{ id: randomUUID(), name: 'hello', value: 'world', type: 'string' }] }, options: {} },
      },
    ],
    connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

async function startN8n(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const workflowId = 'AtelierBench0001';
  const post = async (port: number) => (await fetch(`http://127.0.0.1:${port}/webhook/atelier-bench`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })).status === 200;
  const n8n = await startN8n_(n8nWorkflow(workflowId), post);
  return { url: `http://127.0.0.1:${n8n.port}/webhook/atelier-bench`, pid: n8n.pid, stop: n8n.stop };
}

/** Temporal for Atelier: a running server, or a dev server of our own through ./temporal-dev.sh. */
async function startTemporal(): Promise<{ address: string; pidFile?: string; stop: () => void }> {
  if (process.env.BENCH_TEMPORAL_ADDRESS) return { address: process.env.BENCH_TEMPORAL_ADDRESS, stop: () => undefined };
  const port = Number(process.env.BENCH_TEMPORAL_PORT ?? 7653);
  const address = `127.0.0.1:${port}`;
  const env = { ...process.env, TEMPORAL_ADDRESS: address, ATELIER_DATA_DIR: join(n8nDir, 'atelier-temporal'), TEMPORAL_HEADLESS: '1' };
  // Each invocation starts its server on an empty store: the SQLite file keeps every workflow earlier
  // runs started (2.1 GB after a day of benchmarks here), a difference between runs that a fresh
  // store removes. A server already answering on the port is left as it is.
  if (!(await portOpen(port, '127.0.0.1', 1000))) rmSync(join(n8nDir, 'atelier-temporal', `temporal-${port}`), { recursive: true, force: true });
  const r = spawnSync(join(root, 'temporal-dev.sh'), ['--background'], { env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('temporal-dev.sh --background failed');
  return { address, pidFile: join(n8nDir, 'atelier-temporal', `temporal-${port}`, 'temporal.pid'), stop: () => void spawnSync(join(root, 'temporal-dev.sh'), ['--stop'], { env, stdio: 'inherit' }) };
}

interface Atelier {
  url: string;
  pid: number;
  key: string;
  workflowId: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** Atelier as the README runs it (`npm start`), on a scratch database, limits scaled ×1000. */
async function startAtelierProcess(temporalAddress: string): Promise<Atelier> {
  const scratch = await createScratchDatabase(pgAdminUrl, 'atelier_bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-n8n-'));
  const key = generateApiKey('live');
  const port = await freePort();
  // BENCH_PROFILE=<dir>: the same command as `npm start` run by node itself with a CPU profile
  // written to <dir> when Atelier stops (goal 5: the hot path's profile).
  const profileDir = process.env.BENCH_PROFILE;
  const [command, args] = profileDir
    ? [process.execPath, [...ATELIER_NODE_ARGS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'src/main.ts']]
    : ['npm', ['start']];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...atelierEnv({ port, databaseUrl: scratch.url, temporalAddress, taskQueue: `bench-n8n-${randomBytes(4).toString('hex')}`, dataDir, key }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    // BENCH_KEEP_DB=1 keeps the scratch database (runs, events) for a look afterwards.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`  kept the scratch database ${scratch.url}`);
    else await scratch.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('Atelier', async () => (await fetch(`${url}/healthz`)).status === 200, 180_000, child);
    const created = await fetch(`${url}/engine/v1/v1/workflows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'bench: trigger → set',
        spec: {
          trigger: { type: 'manual', config: {} },
          nodes: [
            { id: 'start', type: 'trigger.manual', position: [0, 0] },
            { id: 'set', type: 'io.set', position: [200, 0], params: { values: { hello: 'world' } } },
          ],
          edges: [{ id: 'e1', source: 'start', target: 'set' }],
        },
      }),
    });
    const body = (await created.json()) as { id?: string };
    if (created.status !== 201 || !body.id) throw new Error(`creating the workflow answered ${created.status}: ${JSON.stringify(body)}`);
    return { url, pid: child.pid!, key, workflowId: body.id, databaseUrl: scratch.url, stop };
  } catch (err) {
    console.error(stderr);
    await stop();
    throw err;
  }
}

/** The durable floor of trigger → set (bench/lib/trigger-floor.ts) in a process of its own, on a scratch database. */
async function startFloorProcess(temporalAddress: string): Promise<Atelier> {
  const scratch = await createScratchDatabase(pgAdminUrl, 'atelier_bench_floor');
  const key = generateApiKey('live');
  const port = await freePort();
  // BENCH_PROFILE=<dir>: the floor's CPU profile too, in <dir>/floor.
  const profileDir = process.env.BENCH_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, 'floor')}`] : [];
  const child = spawn(process.execPath, [...ATELIER_NODE_ARGS, ...profile, 'bench/lib/trigger-floor.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', PORT: String(port), DATABASE_URL: scratch.url, TEMPORAL_ADDRESS: temporalAddress, FLOOR_KEY: key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const up = new Promise<void>((resolve, reject) => {
    const seen = (d: Buffer) => {
      output = (output + d.toString()).slice(-4000);
      if (output.includes('floor up')) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the floor process exited (${code}): ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
    await scratch.drop().catch(() => undefined);
  };
  try {
    await Promise.race([up, sleep(120_000).then(() => Promise.reject(new Error(`the floor did not come up: ${output}`)))]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, key, workflowId: 'trigger-set', databaseUrl: scratch.url, stop };
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: string;
  /** Atelier's closed loop: p50 / p99 of each part of a run (RunParts). */
  parts?: string;
  /** CPU ms per operation by process (see metered). */
  cpu?: string;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

async function cannon(opts: { url: string; connections: number; headers?: Record<string, string>; body: string }): Promise<Result> {
  const load = load1();
  const r = await autocannon({
    url: opts.url,
    method: 'POST',
    connections: opts.connections,
    duration: durationS,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body,
  });
  return { rps: r.requests.total / durationS, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, load };
}

/** Where one client-observed run's time went: the POST, opening its SSE stream, then waiting for `run_finished` on it. */
interface RunParts {
  post: number;
  open: number;
  finish: number;
}

/** One run, the way a client waits for it: POST /runs, then its SSE stream until `run_finished`. */
function runAndWait(agent: http.Agent, a: Atelier, parts?: RunParts[]): Promise<void> {
  const base = new URL(a.url);
  const request = (method: string, path: string, body?: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        { host: base.hostname, port: base.port, method, path, agent, headers: { authorization: `Bearer ${a.key}`, ...(body ? { 'content-type': 'application/json' } : {}) } },
        resolve,
      );
      req.once('error', reject);
      req.end(body);
    });
  return (async () => {
    const t0 = performance.now();
    const posted = await request('POST', '/engine/v1/v1/runs', JSON.stringify({ workflow_id: a.workflowId, input: { n: 1 } }));
    let text = '';
    for await (const chunk of posted) text += chunk;
    if (posted.statusCode !== 201) throw new Error(`POST /runs answered ${posted.statusCode}: ${text}`);
    const runId = (JSON.parse(text) as { run_id: string }).run_id;
    const t1 = performance.now();
    const events = await request('GET', `/engine/v1/v1/runs/${runId}/events`);
    const t2 = performance.now();
    if (events.statusCode !== 200) throw new Error(`GET events answered ${events.statusCode}`);
    let tail = '';
    let finished = false;
    await new Promise<void>((resolve, reject) => {
      events.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-4096);
        if (!finished && tail.includes('event: run_finished')) {
          finished = true;
          if (!/"status":"completed"/.test(tail)) reject(new Error(`run ${runId} did not complete: ${tail}`));
          resolve();
        }
      });
      events.once('end', () => (finished ? undefined : reject(new Error(`events of ${runId} ended before run_finished`))));
      events.once('error', reject);
    });
    parts?.push({ post: t1 - t0, open: t2 - t1, finish: performance.now() - t2 });
    // The server ends the stream right after run_finished; drain it so the socket is reused.
    events.resume();
  })();
}

/** `connections` clients each doing `op` back to back for the phase; a failed op pauses its client 50 ms. */
async function closedLoop(label: string, connections: number, op: () => Promise<unknown>): Promise<Result> {
  const load = load1();
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          firstError ??= err;
          await sleep(50);
        }
      }
    }),
  );
  if (firstError) console.error(`  first ${label} error:`, firstError);
  return { rps: latencies.length / durationS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, load };
}

async function atelierLoop(a: Atelier, connections: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 2 });
  try {
    const parts: RunParts[] = [];
    const result = await closedLoop('Atelier', connections, () => runAndWait(agent, a, parts));
    const split = (k: keyof RunParts) => `${k} ${percentile(parts.map((p) => p[k]), 50).toFixed(0)}/${percentile(parts.map((p) => p[k]), 99).toFixed(0)}`;
    return { ...result, parts: `${split('post')}, ${split('open')}, ${split('finish')} ms (p50/p99)` };
  } finally {
    agent.destroy();
  }
}

/**
 * Raw Temporal on the same server: the least a workflow can be (bench/baseline-workflows.ts
 * baselineEmpty — eager start, one workflow task, completed), started and awaited by a client that
 * shares this process and its native connection with the worker, as Atelier's do. What Temporal
 * itself allows per second here is a ceiling for any engine built on it, before any API or database.
 * Its worker takes as many workflow tasks at once as Atelier's (WORKER_SLOTS): with the SDK's default
 * (40), a burst of starts finds no free slot and those runs wait seconds on the task queue.
 */
async function startRawTemporal(address: string): Promise<{ loop: (connections: number) => Promise<Result>; stop: () => Promise<void> }> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const connection = await NativeConnection.connect({ address });
  const taskQueue = `bench-raw-${randomBytes(4).toString('hex')}`;
  const worker = await Worker.create({
    connection,
    taskQueue,
    maxConcurrentWorkflowTaskExecutions: WORKER_SLOTS.maxConcurrentWorkflowTaskExecutions,
    workflowsPath: fileURLToPath(new URL('./baseline-workflows.ts', import.meta.url)),
  });
  const running = worker.run();
  const client = new Client({ connection });
  const loop = (connections: number): Promise<Result> =>
    closedLoop('raw Temporal', connections, () =>
      client.workflow.execute('baselineEmpty', { taskQueue, workflowId: randomUUID(), args: [{ n: 1 }], requestEagerStart: true }),
    );
  return {
    loop,
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/** After a POST-only phase the started runs still execute: wait until none is left, so the next phase starts clean. */
async function drain(a: Atelier): Promise<void> {
  const client = new pg.Client({ connectionString: a.databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 600; i++) {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from runs where status in ('queued', 'running')");
      if (Number(rows[0]!.n) === 0) return;
      await sleep(500);
    }
  } finally {
    await client.end();
  }
}

/**
 * Where one run's time goes (goal 5): a single run at concurrency 1, with the client's marks (POST
 * sent/answered, SSE open, run_finished frame), the database's (run row, each event's commit
 * time, taken inside its transaction) and Temporal's history (workflow tasks, local activities),
 * all in ms from the moment the POST was sent (one machine, one clock).
 */
async function traceOne(a: Atelier, temporalAddress: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: true });
  await runAndWait(agent, a); // a warm connection, as in the loop
  const base = new URL(a.url);
  const marks: Array<[string, number]> = [];
  const t0 = Date.now();
  const request = (method: string, path: string, body?: string) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ host: base.hostname, port: base.port, method, path, agent, headers: { authorization: `Bearer ${a.key}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, resolve);
      req.once('error', reject);
      req.end(body);
    });
  const posted = await request('POST', '/engine/v1/v1/runs', JSON.stringify({ workflow_id: a.workflowId, input: { n: 1 } }));
  let text = '';
  for await (const chunk of posted) text += chunk;
  marks.push(['client: POST answered', Date.now()]);
  const runId = (JSON.parse(text) as { run_id: string }).run_id;
  const events = await request('GET', `/engine/v1/v1/runs/${runId}/events`);
  marks.push(['client: SSE headers', Date.now()]);
  let tail = '';
  await new Promise<void>((resolve) => {
    events.on('data', (chunk: Buffer) => {
      tail += chunk.toString();
      for (const m of tail.matchAll(/event: (\w+)\ndata: .*"seq":(\d+)/g)) {
        const label = `client: SSE frame seq ${m[2]} ${m[1]}`;
        if (!marks.some(([l]) => l === label)) marks.push([label, Date.now()]);
      }
      if (tail.includes('event: run_finished')) resolve();
    });
  });
  events.resume();
  agent.destroy();
  const client = new pg.Client({ connectionString: a.databaseUrl });
  await client.connect();
  try {
    const run = (await client.query<{ created_at: Date; started_at: Date | null; finished_at: Date | null }>('select created_at, started_at, finished_at from runs where id = $1', [runId])).rows[0]!;
    marks.push(['db: run row created_at', run.created_at.getTime()]);
    if (run.started_at) marks.push(['db: run started_at', run.started_at.getTime()]);
    if (run.finished_at) marks.push(['db: run finished_at', run.finished_at.getTime()]);
    for (const e of (await client.query<{ seq: number; type: string; node_id: string | null; created_at: Date }>('select seq, type, node_id, created_at from run_events where run_id = $1 order by seq', [runId])).rows) {
      marks.push([`db: event seq ${e.seq} ${e.type}${e.node_id ? ` ${e.node_id}` : ''}`, e.created_at.getTime()]);
    }
  } finally {
    await client.end();
  }
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const history = await new Client({ connection }).workflow.getHandle(runId).fetchHistory();
    for (const e of history.events ?? []) {
      const at = Number(e.eventTime?.seconds ?? 0) * 1000 + Math.round((e.eventTime?.nanos ?? 0) / 1e6);
      const kind = e.workflowExecutionStartedEventAttributes ? 'workflow started' : e.workflowTaskScheduledEventAttributes ? 'workflow task scheduled'
        : e.workflowTaskStartedEventAttributes ? 'workflow task started' : e.workflowTaskCompletedEventAttributes ? 'workflow task completed'
        : e.markerRecordedEventAttributes ? `marker ${e.markerRecordedEventAttributes.markerName ?? ''}` : e.activityTaskScheduledEventAttributes ? 'activity scheduled'
        : e.activityTaskCompletedEventAttributes ? 'activity completed' : e.workflowExecutionCompletedEventAttributes ? 'workflow completed' : 'other';
      marks.push([`temporal: ${kind}`, at]);
    }
  } finally {
    await connection.close();
  }
  marks.sort((x, y) => x[1] - y[1]);
  return marks.map(([label, at]) => `    ${String(at - t0).padStart(5)} ms  ${label}`).join('\n');
}

const fmt = (r: Result) => `${r.rps.toFixed(1)} req/s (p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms${r.errors ? `, ${r.errors} errors` : ''})${r.cpu ? ` CPU ms/op: ${r.cpu}` : ''}`;

async function main() {
  const temporal = await startTemporal();
  let n8n: Awaited<ReturnType<typeof startN8n>> | undefined;
  let atelier: Atelier | undefined;
  let floor: Atelier | undefined;
  try {
    if (withN8n) n8n = await startN8n();
    atelier = await startAtelierProcess(temporal.address);
    if (withFloor) floor = await startFloorProcess(temporal.address);
    const nBody = JSON.stringify({ n: 1 });
    // CPU meters: n8n's process tree; Atelier's process tree, its Temporal dev server and all of
    // Postgres (nothing else uses it during the bench).
    const n8nMeters: CpuMeter[] = n8n ? [{ label: 'n8n', read: async () => treeCpuMs([n8n!.pid]) }] : [];
    const pgMeter = new pg.Client({ connectionString: atelier.databaseUrl });
    await pgMeter.connect();
    const postmasterPid = ppidOf((await pgMeter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    const temporalPid = pidFromFile(temporal.pidFile);
    const atelierMeters: CpuMeter[] = [
      { label: 'atelier', read: async () => treeCpuMs([atelier!.pid]) },
      ...(temporalPid ? [{ label: 'temporal', read: async () => treeCpuMs([temporalPid]) }] : []),
      // The postmaster's tree, exited backends included (metering the backends connected at each
      // reading lost the CPU of any that ended in between: a negative figure once).
      ...(postmasterPid ? [{ label: 'postgres', read: async () => treeCpuMs([postmasterPid]) }] : []),
    ];
    const auth = { authorization: `Bearer ${atelier.key}` };
    const postBody = JSON.stringify({ workflow_id: atelier.workflowId, input: { n: 1 } });
    console.log(`n8n ${N8N_VERSION} vs Atelier, ${durationS} s per phase, load average at start ${load1()}, ${new Date().toISOString()}`);

    // Warm-up on both sides (JIT, connections, first workflow tasks), not counted.
    if (n8n) await cannon({ url: n8n.url, connections: 4, body: nBody });
    await atelierLoop(atelier, 4);

    const raw = withRaw ? await startRawTemporal(temporal.address) : undefined;
    const selfCpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const rawMeters: CpuMeter[] = [
      { label: 'bench (client + worker)', read: async () => selfCpu() },
      ...(temporalPid ? [{ label: 'temporal', read: async () => treeCpuMs([temporalPid]) }] : []),
    ];
    const floorMeters: CpuMeter[] = floor
      ? [
          { label: 'floor', read: async () => treeCpuMs([floor!.pid]) },
          ...(temporalPid ? [{ label: 'temporal', read: async () => treeCpuMs([temporalPid]) }] : []),
          ...(postmasterPid ? [{ label: 'postgres', read: async () => treeCpuMs([postmasterPid]) }] : []),
        ]
      : [];
    if (raw) await raw.loop(4);
    if (floor) await atelierLoop(floor, 4);
    console.log(`one run at concurrency 1, traced (ms from the POST):\n${await traceOne(atelier, temporal.address)}`);
    const rows: string[] = [];
    const vsFloor: string[] = [];
    for (const [i, c] of Array.from({ length: rounds }, () => levels).flat().entries()) {
      // Alternate which side goes first from one concurrency to the next.
      const sides: Array<'n8n' | 'atelier'> = i % 2 === 0 ? ['n8n', 'atelier'] : ['atelier', 'n8n'];
      let nr: Result | undefined;
      let ar: Result | undefined;
      for (const side of sides) {
        if (side === 'n8n') {
          if (!n8n) continue;
          nr = await metered(n8nMeters, () => cannon({ url: n8n!.url, connections: c, body: nBody }));
          console.log(`  c=${c} n8n      ${fmt(nr)} load ${nr.load}`);
        } else {
          ar = await metered(atelierMeters, () => atelierLoop(atelier!, c));
          console.log(`  c=${c} Atelier  ${fmt(ar)} load ${ar.load}\n           POST, SSE open, then run_finished: ${ar.parts}`);
        }
      }
      let post: Result | undefined;
      if (withPostOnly) {
        post = await metered(atelierMeters, () => cannon({ url: `${atelier!.url}/engine/v1/v1/runs`, connections: c, headers: auth, body: postBody }));
        console.log(`  c=${c} Atelier POST /runs only ${fmt(post)} load ${post.load}`);
      }
      const rr = raw ? await metered(rawMeters, () => raw.loop(c)) : undefined;
      if (rr) console.log(`  c=${c} raw Temporal (empty workflow) ${fmt(rr)} load ${rr.load}`);
      await drain(atelier);
      const fr = floor ? await metered(floorMeters, () => atelierLoop(floor!, c)) : undefined;
      if (fr) console.log(`  c=${c} durable floor ${fmt(fr)} load ${fr.load}\n           POST, SSE open, then run_finished: ${fr.parts}`);
      if (fr && ar) {
        const own = (r: Result) => Number(/^\S+ ([\d.]+)/.exec(r.cpu ?? '')?.[1] ?? NaN);
        vsFloor.push(
          `| ${c} | ${ar.rps.toFixed(1)} (${ar.p50.toFixed(0)} ms) | ${fr.rps.toFixed(1)} (${fr.p50.toFixed(0)} ms) | ${(ar.rps / fr.rps).toFixed(2)}× | ${own(ar).toFixed(1)} / ${own(fr).toFixed(1)} ms | ${rr ? `${rr.rps.toFixed(1)} (${rr.p50.toFixed(0)} ms), floor ${(fr.rps / rr.rps).toFixed(2)}×, Atelier ${(ar.rps / rr.rps).toFixed(2)}×` : '—'} | ${ar.load} / ${fr.load} |`,
        );
      }
      if (!nr) continue;
      const ratio = ar!.rps / nr.rps;
      rows.push(
        `| ${c} | ${nr!.rps.toFixed(1)} (${nr!.p50.toFixed(0)} ms) | ${ar!.rps.toFixed(1)} (${ar!.p50.toFixed(0)} ms) | ${ratio.toFixed(2)}× | ${post ? `${post.rps.toFixed(0)} (${post.p50.toFixed(0)} ms)` : '—'} | ${rr ? `${rr.rps.toFixed(1)} (${rr.p50.toFixed(0)} ms), ${(rr.rps / nr.rps).toFixed(2)}×` : '—'} | ${nr!.load} / ${ar!.load} |`,
      );
    }
    await pgMeter.end();
    await raw?.stop();
    console.log(
      '\n| concurrency | n8n req/s (p50) | Atelier runs/s (p50) | ratio | Atelier POST-only req/s (p50) | raw Temporal, empty workflow (p50), ratio to n8n | load avg n8n / Atelier |\n|---|---|---|---|---|---|---|\n' +
        rows.join('\n'),
    );
    if (vsFloor.length) {
      console.log(
        '\n| concurrency | Atelier runs/s (p50) | durable floor runs/s (p50) | Atelier ÷ floor | own process CPU ms/run, Atelier / floor | raw Temporal (p50), ratios | load avg Atelier / floor |\n|---|---|---|---|---|---|---|\n' +
          vsFloor.join('\n'),
      );
    }
  } finally {
    await floor?.stop().catch((err: unknown) => console.error(err));
    await atelier?.stop().catch((err: unknown) => console.error(err));
    await n8n?.stop().catch((err: unknown) => console.error(err));
    temporal.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
