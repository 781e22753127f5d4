// Soak (issue 16, suite 6, long tier): mixed traffic for SOAK_DURATION_S (600) against an Atelier
// process of its own, at the rate the machine holds (SOAK_LANES closed-loop clients, each doing one
// thing after another), and the verdict on four questions:
//   1. no error: every non-2xx answer, every run that does not end `completed`, every SSE stream
//      that does not reach run_finished, and every error-level line in Atelier's log is counted;
//   2. no memory growth: Atelier's RSS (/proc/<pid>/status) and JS heap (its /metrics,
//      prom-client's nodejs_heap_size_used/total_bytes) sampled every SOAK_SAMPLE_S (5) s, idle
//      phases included; judged are the JS heap used and the RSS outside the V8 heaps (RSS minus
//      the committed size of the main thread's heap and of the worker threads' heaps, which the
//      threads report through /metrics — atelier_worker_threads_heap_*, reported, not judged, as
//      they get no forced GC): idle after the traffic against idle before it (each after a
//      full GC run through Atelier's inspector, on a loopback port of its own), and the warm
//      window (20–30 % of the soak, minutes 2–3 of 10) against the last 10 % with a least-squares
//      slope after warm-up, when both windows ran at a comparable rate (thresholds below);
//   3. no leaked Postgres connections or LISTEN clients: pg_stat_activity of the scratch database
//      back to the idle baseline taken before the traffic, once the last run has finished;
//   4. SSE streams all complete, and the process's SSE subscriber gauge is back at 0.
// Traffic per lane, round robin: engine runs of four shapes (io.set → code node; two http.request
// nodes to a loopback server → io.set; logic.if; a fan-out of four code nodes into logic.merge),
// each followed over SSE to run_finished; balance reads; workflow CRUD (create, read, update, list,
// delete); signed public hook calls (their runs followed over SSE too); API key create → use →
// revoke → the revoked key refused. Storage is left out: it needs an S3 server (README), and this
// script starts only what Atelier itself needs.
//
// Stack: a Temporal dev server of its own (./temporal-dev.sh on SOAK_TEMPORAL_PORT, 7673), a
// scratch database on SOAK_PG_ADMIN_URL (else TEST_DATABASE_URL, else postgres@127.0.0.1:5432),
// Atelier as `npm start` runs it (node --import tsx src/main.ts, spawned directly so the sampled pid
// is Atelier's own) with ATELIER_RATE_LIMIT_SCALE=1000.
//
//   nice npx tsx bench/soak.ts        (SOAK_DURATION_S=600 SOAK_LANES=6 SOAK_RECORD=0 to skip RESULTS.md)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { createScratchDatabase, type ScratchDatabase } from '../src/infra/db/postgres';
import { ATELIER_NODE_ARGS, atelierEnv } from './lib/atelier-process';
import { freePort } from './lib/free-port';
import { sseFrameReader } from './lib/sse-frames';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DATA_DIR = join(ROOT, '.data', 'soak');
const DURATION_S = Number(process.env.SOAK_DURATION_S ?? 600);
const LANES = Number(process.env.SOAK_LANES ?? 6);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 5);
const TEMPORAL_ADDRESS = `127.0.0.1:${Number(process.env.SOAK_TEMPORAL_PORT ?? 7673)}`;
const PG_ADMIN_URL = process.env.SOAK_PG_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HOOKS = 12; // 120 calls a minute each (not scaled); the hook share of traffic stays far below
const RUN_DEADLINE_MS = 120_000;
const IDLE_SETTLE_MS = 35_000; // the pool closes connections idle for 30 s (src/infra/db/index.ts)
const MONITOR_APP = 'atelier-soak-monitor';
// Memory thresholds. Idle after vs idle before (same conditions: sampler running, pool settled):
// what the soak left behind. Warm window vs last window and the slope after warm-up: growth
// counts when the trend AND the window difference both exceed their thresholds (a GC sawtooth or
// an allocator arena moves one of them, a leak both), and only when the two windows ran at a
// comparable rate (within 25 %): on a shared machine the rate can triple when a neighbour stops,
// and more in flight is more memory, not a leak.
const HEAP_IDLE_MB = 16;
const RSS_IDLE_MB = 32; // for RSS outside the V8 heap (RSS itself also holds the heap V8 keeps committed)
const HEAP_SLOPE_MB_MIN = 1; // 1 MB/min ≈ 1.4 GB a day
const HEAP_WINDOW_MB = 16;
const RSS_SLOPE_MB_MIN = 2;
const RSS_WINDOW_MB = 32;
const COMPARABLE_RATE = 0.25;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (msg: string) => console.log(`[soak ${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${msg}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

// ── The stack this script owns ────────────────────────────────────────────────────────────────
let atelier: ChildProcess | undefined;
let temporalStarted = false;
let scratch: ScratchDatabase | undefined;
let echo: http.Server | undefined;
const ATELIER_PID_FILE = join(DATA_DIR, 'atelier.pid');

function temporalDev(arg: '--background' | '--stop'): void {
  const r = spawnSync(join(ROOT, 'temporal-dev.sh'), [arg], {
    cwd: ROOT,
    env: { ...process.env, TEMPORAL_ADDRESS, ATELIER_DATA_DIR: DATA_DIR, TEMPORAL_HEADLESS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 900_000, // the first use may build the CLI
  });
  if (r.status !== 0) throw new Error(`temporal-dev.sh ${arg} exited ${r.status}`);
  temporalStarted = arg === '--background';
}


async function startAtelierProcess(port: number, key: string, databaseUrl: string, inspectPort: number): Promise<ChildProcess> {
  const out = createWriteStream(join(DATA_DIR, 'atelier.log'));
  // The inspector (loopback only) lets the soak run a full GC before each idle sample.
  const child = spawn(process.execPath, [...ATELIER_NODE_ARGS, `--inspect=127.0.0.1:${inspectPort}`, 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...atelierEnv({ port, databaseUrl, temporalAddress: TEMPORAL_ADDRESS, taskQueue: `soak-${randomBytes(4).toString('hex')}`, dataDir: DATA_DIR, key }),
      ATELIER_BOOTSTRAP_BALANCE_USD: '1000',
      // The http.request nodes call the loopback server below.
      ATELIER_ALLOW_PRIVATE_NETWORK: '1',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  atelier = child;
  writeFileSync(ATELIER_PID_FILE, String(child.pid));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Atelier exited with ${child.exitCode} during start-up; see ${DATA_DIR}/atelier.log`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false)) return child;
    if (Date.now() > deadline) throw new Error('Atelier did not come up within 180 s');
    await sleep(300);
  }
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    const child = atelier;
    atelier = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    echo?.closeAllConnections();
    echo?.close();
    await scratch?.drop().catch((e: unknown) => log(`cleanup database: ${String(e)}`));
    if (temporalStarted) {
      try {
        temporalDev('--stop');
      } catch (e) {
        log(`cleanup temporal: ${String(e)}`);
      }
    }
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    log(`${sig}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** The Atelier process and Temporal server a SIGKILLed previous run left behind. */
function stopLeftovers(): void {
  const pid = Number(existsSync(ATELIER_PID_FILE) ? readFileSync(ATELIER_PID_FILE, 'utf8') : NaN);
  try {
    if (Number.isSafeInteger(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('src/main.ts')) {
      log(`stopping the Atelier process ${pid} a previous run left behind`);
      process.kill(pid, 'SIGKILL');
    }
  } catch {
    /* not running */
  }
  temporalStarted = true; // --stop only stops a server temporal-dev.sh started for this data dir
  temporalDev('--stop');
}

/**
 * A full garbage collection in the Atelier process, through its inspector: idle samples compare
 * live memory, not how long ago V8 last collected (35 s after the traffic it often had not).
 */
async function collectGarbage(inspectPort: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((res, rej) => {
    socket.once('error', rej);
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { id?: number }).id === 1) res();
    });
  });
  socket.close();
}

// ── Loopback server the http.request nodes call ───────────────────────────────────────────────
let echoHits = 0;
function startEcho(): Promise<number> {
  return new Promise((res) => {
    echo = http.createServer((req, reply) => {
      echoHits += 1;
      const url = new URL(req.url ?? '/', 'http://x');
      // A little latency, as a real API has.
      setTimeout(() => {
        reply.writeHead(200, { 'content-type': 'application/json' });
        reply.end(JSON.stringify({ n: Number(url.searchParams.get('n') ?? 0) + 1, path: url.pathname }));
      }, 20);
    });
    echo.keepAliveTimeout = 1000;
    echo.listen(0, '127.0.0.1', () => res((echo!.address() as net.AddressInfo).port));
  });
}

// ── Workflow shapes ───────────────────────────────────────────────────────────────────────────
const manual = { type: 'manual', config: {} };
const start = { id: 'start', type: 'trigger.manual', position: [0, 0] };
const edge = (source: string, target: string, port?: string) => ({ id: `e_${source}_${target}`, source, target, ...(port ? { source_port: port } : {}) });
const code = (id: string, body: string, x = 400, y = 0) => ({ id, type: 'code.javascript', position: [x, y], params: { code: body } });

function shapes(echoPort: number): Record<string, unknown> {
  return {
    set_code: {
      trigger: manual,
      nodes: [
        start,
        { id: 'set', type: 'io.set', position: [200, 0], params: { values: { n: '{{start.output.main.n}}', tag: 'soak' } } },
        code('code', 'const xs = Array.from({ length: 5000 }, (_, i) => i); console.log("summing", xs.length); return { sum: xs.reduce((a, b) => a + b, 0), from: Object.keys(inputs) }'),
      ],
      edges: [edge('start', 'set'), edge('set', 'code')],
    },
    http_chain: {
      trigger: manual,
      nodes: [
        start,
        { id: 'h1', type: 'http.request', position: [200, 0], params: { url: `http://127.0.0.1:${echoPort}/one`, query: { n: '{{start.output.main.n}}' } } },
        { id: 'h2', type: 'http.request', position: [400, 0], params: { url: `http://127.0.0.1:${echoPort}/two`, query: { n: '{{h1.output.main.body.n}}' } } },
        { id: 'done', type: 'io.set', position: [600, 0], params: { values: { n: '{{h2.output.main.body.n}}' } } },
      ],
      edges: [edge('start', 'h1'), edge('h1', 'h2'), edge('h2', 'done')],
    },
    branch: {
      trigger: manual,
      nodes: [
        start,
        { id: 'check', type: 'logic.if', position: [200, 0], params: { left: '{{start.output.main.n}}', operator: 'eq', right: 1 } },
        { id: 'yes', type: 'io.set', position: [400, -50], params: { values: { branch: 'yes' } } },
        { id: 'no', type: 'io.set', position: [400, 50], params: { values: { branch: 'no' } } },
      ],
      edges: [edge('start', 'check'), edge('check', 'yes', 'true'), edge('check', 'no', 'false')],
    },
    fanout: {
      trigger: manual,
      nodes: [
        start,
        ...[0, 1, 2, 3].map((i) => code(`c${i}`, `let s = ''; for (let k = 0; k < 200; k++) s += String.fromCharCode(97 + ((k * ${i + 3}) % 26)); return { i: ${i}, s }`, 200, i * 100)),
        { id: 'merge', type: 'logic.merge', position: [400, 150], params: { mode: 'all' } },
        { id: 'done', type: 'io.set', position: [600, 150], params: { values: { joined: '{{c0.output.main.s}}' } } },
      ],
      edges: [...[0, 1, 2, 3].flatMap((i) => [edge('start', `c${i}`), edge(`c${i}`, 'merge')]), edge('merge', 'done')],
    },
  };
}

// ── Client side: requests, SSE, counting ───────────────────────────────────────────────────────
interface KindStats {
  count: number;
  errors: number;
  totalMs: number;
  maxMs: number;
}
const stats = new Map<string, KindStats>();
const errors: string[] = [];
let errorCount = 0;
const sse = { opened: 0, completed: 0, incomplete: 0 };


function fail(kind: string, detail: string): void {
  errorCount += 1;
  if (errors.length < 50) errors.push(`${((Date.now() - t0) / 1000).toFixed(0)} s ${kind}: ${detail.slice(0, 300)}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: LANES * 3 });
let BASE = '';
let KEY = '';

interface Reply {
  status: number;
  json: any;
  text: string;
}

function request(method: string, path: string, opts: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: string } = {}): Promise<Reply> {
  const url = new URL(path, BASE);
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const key = opts.key === undefined ? KEY : opts.key;
  return new Promise((res, rej) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...opts.headers,
        },
      },
      (resp) => {
        let text = '';
        resp.setEncoding('utf8');
        resp.on('data', (c: string) => (text += c));
        resp.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          res({ status: resp.statusCode ?? 0, json, text });
        });
        resp.on('error', rej);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
    req.on('error', rej);
    req.end(payload);
  });
}

/** A request that must answer `want`; anything else is an error of `kind`. */
async function expectStatus(kind: string, want: number | number[], method: string, path: string, opts?: Parameters<typeof request>[2]): Promise<Reply | undefined> {
  const wanted = Array.isArray(want) ? want : [want];
  try {
    const r = await request(method, path, opts);
    if (!wanted.includes(r.status)) {
      fail(kind, `${method} ${path} → ${r.status} ${r.text}`);
      return undefined;
    }
    return r;
  } catch (err) {
    fail(kind, `${method} ${path} → ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

/** Follows a run's events until run_finished; the run must end `completed` and every frame parse. */
function followRun(kind: string, runId: string): Promise<void> {
  sse.opened += 1;
  return new Promise((res) => {
    let settled = false;
    const done = (problem?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (problem) {
        sse.incomplete += 1;
        fail(kind, `run ${runId}: ${problem}`);
      } else sse.completed += 1;
      res();
    };
    const req = http.get(new URL(`/engine/v1/v1/runs/${runId}/events`, BASE), { agent, headers: { authorization: `Bearer ${KEY}`, accept: 'text/event-stream' } }, (resp) => {
      if (resp.statusCode !== 200) {
        resp.resume();
        done(`events answered ${resp.statusCode}`);
        return;
      }
      resp.setEncoding('utf8');
      resp.on(
        'data',
        sseFrameReader(({ type, data }) => {
          if (type !== 'run_finished') return;
          const status = (JSON.parse(data) as { status?: string }).status;
          done(status === 'completed' ? undefined : `finished ${status}: ${data}`);
        }),
      );
      resp.on('end', () => done('stream ended before run_finished'));
      resp.on('error', (e) => done(`stream error ${e.message}`));
    });
    const timer = setTimeout(() => {
      req.destroy();
      done(`no run_finished within ${RUN_DEADLINE_MS / 1000} s`);
    }, RUN_DEADLINE_MS);
    req.on('error', (e) => done(`events request failed: ${e.message}`));
  });
}

interface Fixture {
  workflows: Record<string, string>;
  hooks: Array<{ id: string; secret: string }>;
}

let hookTurn = 0;
let runInput = 0;
/** Each action answers the kind it counts under (runs by shape). */
const actions: Record<string, (f: Fixture) => Promise<string | void>> = {
  async run(f) {
    const shapeNames = Object.keys(f.workflows);
    const shape = shapeNames[runInput % shapeNames.length]!;
    runInput += 1;
    const kind = `run:${shape}`;
    const r = await expectStatus(kind, 201, 'POST', '/engine/v1/v1/runs', { body: { workflow_id: f.workflows[shape], input: { n: 1 } } });
    if (r) await followRun(kind, r.json.run_id as string);
    return kind;
  },
  async balance() {
    const r = await expectStatus('balance', 200, 'GET', '/v1/billing/balance');
    if (r && typeof r.json?.balance_usd !== 'number') fail('balance', `no balance_usd: ${r.text}`);
  },
  async crud() {
    const spec = { trigger: manual, nodes: [start, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { a: 1 } } }], edges: [edge('start', 'set')] };
    const created = await expectStatus('crud', 201, 'POST', '/engine/v1/v1/workflows', { body: { name: `soak crud ${randomBytes(3).toString('hex')}`, spec } });
    if (!created) return;
    const id = created.json.id as string;
    await expectStatus('crud', 200, 'GET', `/engine/v1/v1/workflows/${id}`);
    await expectStatus('crud', 200, 'PUT', `/engine/v1/v1/workflows/${id}`, { body: { name: 'soak crud renamed', spec: { ...spec, nodes: [start, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { a: 2 } } }] } } });
    await expectStatus('crud', 200, 'GET', '/engine/v1/v1/workflows?limit=5');
    await expectStatus('crud', [200, 204], 'DELETE', `/engine/v1/v1/workflows/${id}`);
    await expectStatus('crud', 404, 'GET', `/engine/v1/v1/workflows/${id}`);
  },
  async hook(f) {
    const hook = f.hooks[hookTurn++ % f.hooks.length]!;
    const body = JSON.stringify({ n: 1, order: hookTurn });
    const sig = `sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`;
    const r = await expectStatus('hook', 200, 'POST', `/engine/v1/v1/hooks/${hook.id}/orders`, { raw: body, key: null, headers: { 'x-fh-signature': sig } });
    if (r) await followRun('hook', r.json.run_id as string);
  },
  async key() {
    const created = await expectStatus('key', 201, 'POST', '/v1/auth/keys', { body: { name: 'soak', type: 'read-only' } });
    if (!created) return;
    const { id, key } = created.json as { id: string; key: string };
    await expectStatus('key', 200, 'GET', '/v1/billing/balance', { key });
    await expectStatus('key', 200, 'DELETE', `/v1/auth/keys/${id}`);
    // Refused at once after the revoke (README: "revoked or expired → 401 … at once").
    await expectStatus('key', 401, 'GET', '/v1/billing/balance', { key });
  },
};
// One lane's cycle: half engine runs (the four shapes in turn), the rest of the API around them.
const CYCLE = ['run', 'balance', 'run', 'crud', 'run', 'hook', 'run', 'balance', 'key', 'run', 'hook'];

async function lane(index: number, f: Fixture, until: number): Promise<void> {
  for (let i = index; Date.now() < until; i++) {
    const name = CYCLE[i % CYCLE.length]!;
    const started = performance.now();
    const before = errorCount;
    const kind = (await actions[name]!(f).catch((err: unknown) => fail(name, err instanceof Error ? err.stack ?? err.message : String(err)))) ?? name;
    const ms = performance.now() - started;
    const s = stats.get(kind) ?? { count: 0, errors: 0, totalMs: 0, maxMs: 0 };
    s.count += 1;
    s.errors += errorCount > before ? 1 : 0;
    s.totalMs += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    stats.set(kind, s);
  }
}

async function setup(echoPort: number): Promise<Fixture> {
  const workflows: Record<string, string> = {};
  for (const [name, spec] of Object.entries(shapes(echoPort))) {
    const r = await request('POST', '/engine/v1/v1/workflows', { body: { name: `soak ${name}`, spec } });
    if (r.status !== 201) throw new Error(`create workflow ${name}: ${r.status} ${r.text}`);
    workflows[name] = r.json.id;
  }
  const hooks: Fixture['hooks'] = [];
  const hookSpec = { trigger: { type: 'webhook', config: {} }, nodes: [start, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { order: '{{start.output.main.order}}' } } }], edges: [edge('start', 'set')] };
  for (let i = 0; i < HOOKS; i++) {
    const wf = await request('POST', '/engine/v1/v1/workflows', { body: { name: `soak hook ${i}`, spec: hookSpec } });
    if (wf.status !== 201) throw new Error(`create hook workflow: ${wf.status} ${wf.text}`);
    const hook = await request('GET', `/engine/v1/v1/workflows/${wf.json.id}/webhook`);
    const secret = await request('POST', `/engine/v1/v1/workflows/${wf.json.id}/webhook/secret`);
    if (hook.status !== 200 || secret.status !== 201) throw new Error(`hook set-up: ${hook.status} ${hook.text} / ${secret.status} ${secret.text}`);
    hooks.push({ id: hook.json.webhook_id, secret: secret.json.secret });
  }
  return { workflows, hooks };
}

// ── Sampling ──────────────────────────────────────────────────────────────────────────────────
interface Sample {
  t: number; // s since the traffic started (negative: before)
  rssMb: number;
  heapMb: number;
  heapTotalMb: number; // the V8 heap's committed size: RSS it keeps after a major GC until it shrinks
  nativeMb: number; // RSS outside the V8 heaps of every thread (Temporal's core, buffers, the allocator)
  threadHeapMb: number; // the worker threads' V8 heaps, used (Temporal's workflow threads)
  threadHeapTotalMb: number; // … and committed
  externalMb: number;
  pgConnections: number;
  listenClients: number;
  sseClients: number;
  load1: number;
  actions: number; // actions finished so far (the rate inside a window)
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function scrapeMetrics(): Promise<Record<string, number>> {
  const r = await request('GET', '/metrics', { key: null });
  if (r.status !== 200) throw new Error(`/metrics answered ${r.status}`);
  const out: Record<string, number> = {};
  for (const line of r.text.split('\n')) {
    const m = /^(atelier_process_nodejs_heap_size_used_bytes|atelier_process_nodejs_heap_size_total_bytes|atelier_process_nodejs_external_memory_bytes|atelier_sse_clients|atelier_worker_threads_heap_used_bytes|atelier_worker_threads_heap_total_bytes) (\S+)$/.exec(line);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

async function pgCounts(monitor: pg.Pool, database: string): Promise<{ connections: number; listen: number }> {
  // The monitor's own connections (to the admin database, tagged) are never counted.
  const { rows } = await monitor.query<{ connections: string; listen: string }>(
    `select count(*) as connections, count(*) filter (where query ilike 'listen%') as listen
       from pg_stat_activity where datname = $1 and application_name <> $2`,
    [database, MONITOR_APP],
  );
  return { connections: Number(rows[0]!.connections), listen: Number(rows[0]!.listen) };
}

async function takeSample(pid: number, monitor: pg.Pool, database: string, trafficStart: number): Promise<Sample> {
  const [m, counts] = await Promise.all([scrapeMetrics(), pgCounts(monitor, database)]);
  return {
    t: (Date.now() - trafficStart) / 1000,
    rssMb: rssMb(pid),
    heapMb: (m.atelier_process_nodejs_heap_size_used_bytes ?? NaN) / 2 ** 20,
    heapTotalMb: (m.atelier_process_nodejs_heap_size_total_bytes ?? NaN) / 2 ** 20,
    nativeMb: rssMb(pid) - (m.atelier_process_nodejs_heap_size_total_bytes ?? NaN) / 2 ** 20 - (m.atelier_worker_threads_heap_total_bytes ?? 0) / 2 ** 20,
    threadHeapMb: (m.atelier_worker_threads_heap_used_bytes ?? 0) / 2 ** 20,
    threadHeapTotalMb: (m.atelier_worker_threads_heap_total_bytes ?? 0) / 2 ** 20,
    externalMb: (m.atelier_process_nodejs_external_memory_bytes ?? NaN) / 2 ** 20,
    pgConnections: counts.connections,
    listenClients: counts.listen,
    sseClients: m.atelier_sse_clients ?? NaN,
    load1: loadavg()[0]!,
    actions: [...stats.values()].reduce((a, k) => a + k.count, 0),
  };
}

/** Least-squares slope of y over x (per x unit). */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return num / den;
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface MemoryVerdict {
  what: string;
  idleBefore: number;
  warm: number;
  last: number;
  max: number;
  idleAfter: number;
  slopePerMin: number;
  idleOk: boolean;
  trendOk: boolean;
  ok: boolean;
}

/** Samples of the traffic between two fractions of its duration. */
const windowOf = (samples: Sample[], from: number, to: number) => samples.filter((s) => s.t >= DURATION_S * from && s.t <= DURATION_S * to);

/** Actions per second inside a window. */
function windowRate(w: Sample[]): number {
  if (w.length < 2) return NaN;
  return (w.at(-1)!.actions - w[0]!.actions) / (w.at(-1)!.t - w[0]!.t);
}

function judgeMemory(samples: Sample[], idleBefore: Sample, idleAfter: Sample, field: 'rssMb' | 'heapMb' | 'nativeMb' | 'threadHeapMb', limits: { idle: number; slope: number; window: number }, comparable: boolean): MemoryVerdict {
  const during = samples.filter((s) => s.t >= 0 && s.t <= DURATION_S);
  const warm = windowOf(samples, 0.2, 0.3).map((s) => s[field]);
  const last = windowOf(samples, 0.9, 1).map((s) => s[field]);
  const steady = windowOf(samples, 0.2, 1).map((s): [number, number] => [s.t / 60, s[field]]);
  const slopePerMin = slope(steady);
  const idleOk = idleAfter[field] - idleBefore[field] <= limits.idle;
  const trendOk = !comparable || !(slopePerMin > limits.slope && mean(last) - mean(warm) > limits.window);
  return {
    what: { rssMb: 'RSS (reported, not judged alone)', heapMb: 'JS heap used', nativeMb: 'RSS outside the V8 heaps', threadHeapMb: "worker threads' JS heap used (reported, not judged: no forced GC there)" }[field],
    idleBefore: idleBefore[field],
    warm: mean(warm),
    last: mean(last),
    max: Math.max(...during.map((s) => s[field])),
    idleAfter: idleAfter[field],
    slopePerMin,
    idleOk,
    trendOk,
    ok: idleOk && trendOk,
  };
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────
function recordResults(section: string): void {
  const file = join(ROOT, 'bench', 'RESULTS.md');
  const heading = '## Soak (bench/soak.ts)';
  const current = readFileSync(file, 'utf8');
  const at = current.indexOf(heading);
  let next: string;
  if (at < 0) {
    const intro = [
      heading,
      '',
      'Mixed traffic against an Atelier process of its own for the whole soak (see the header of bench/soak.ts);',
      'memory growth counts when both the least-squares slope after warm-up and the last-window − warm-window',
      `difference exceed their thresholds (heap ${HEAP_SLOPE_MB_MIN} MB/min and ${HEAP_WINDOW_MB} MB, RSS ${RSS_SLOPE_MB_MIN} MB/min and ${RSS_WINDOW_MB} MB).`,
      '',
    ].join('\n');
    next = `${current.replace(/\n*$/, '\n\n')}${intro}\n${section}`;
  } else {
    const after = current.indexOf('\n## ', at + heading.length);
    next = after < 0 ? `${current.replace(/\n*$/, '\n\n')}${section}` : `${current.slice(0, after + 1)}${section}\n${current.slice(after + 1)}`;
  }
  writeFileSync(file, next);
  log(`recorded in ${file}`);
}

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  stopLeftovers();
  log(`starting Temporal dev server on ${TEMPORAL_ADDRESS}`);
  temporalDev('--background');
  scratch = await createScratchDatabase(PG_ADMIN_URL, 'atelier_soak');
  const echoPort = await startEcho();
  KEY = generateApiKey('live');
  const port = await freePort();
  const inspectPort = await freePort();
  BASE = `http://127.0.0.1:${port}`;
  log(`starting Atelier on ${port} (database ${scratch.name})`);
  const child = await startAtelierProcess(port, KEY, scratch.url, inspectPort);
  const pid = child.pid!;
  const monitor = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1, application_name: MONITOR_APP });
  const fixture = await setup(echoPort);

  // Warm-up (not counted): every shape once.
  for (let i = 0; i < Object.keys(fixture.workflows).length; i++) await actions.run!(fixture);
  if (errorCount) throw new Error(`warm-up failed: ${errors.join('\n')}`);
  stats.clear();
  Object.assign(sse, { opened: 0, completed: 0, incomplete: 0 });

  // The sampler runs from here to the end, idle phases included, so the idle samples before and
  // after the traffic are taken under the same conditions (its /metrics scrapes use pool connections).
  let origin = Date.now() + IDLE_SETTLE_MS; // t = 0 when the traffic starts
  const samples: Sample[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const s = await takeSample(pid, monitor, scratch!.name, origin);
        samples.push(s);
        if (s.t > 0 && s.t <= DURATION_S + SAMPLE_S && samples.filter((x) => x.t > 0).length % Math.max(1, Math.round(60 / SAMPLE_S)) === 0) {
          log(`t=${s.t.toFixed(0)} s: ${s.actions} actions, ${errorCount} errors, RSS ${s.rssMb.toFixed(0)} MB, heap ${s.heapMb.toFixed(0)} MB, pg ${s.pgConnections} (${s.listenClients} LISTEN), SSE ${s.sseClients}, load ${load()}`);
        }
      } catch (err) {
        fail('sample', err instanceof Error ? err.message : String(err));
      }
      await sleep(SAMPLE_S * 1000);
    }
  })();
  log(`warm-up done; waiting ${IDLE_SETTLE_MS / 1000} s idle for the baseline`);
  await sleep(IDLE_SETTLE_MS);
  await collectGarbage(inspectPort);
  const baseline = await takeSample(pid, monitor, scratch.name, origin);
  log(`idle before: ${baseline.pgConnections} connections, ${baseline.listenClients} LISTEN, RSS ${baseline.rssMb.toFixed(0)} MB, heap ${baseline.heapMb.toFixed(0)} MB; load ${load()}`);

  const loadStart = load();
  const trafficStart = Date.now();
  origin = trafficStart;
  const until = trafficStart + DURATION_S * 1000;
  log(`traffic: ${LANES} lanes for ${DURATION_S} s; load ${loadStart}`);
  await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i, fixture, until)));
  const trafficS = (Date.now() - trafficStart) / 1000;
  const loadEnd = load();
  log(`traffic over after ${trafficS.toFixed(0)} s; idle again for ${IDLE_SETTLE_MS / 1000} s at least, then until the connections are back (at most 120 s)`);

  // Every run has finished (each lane waited for its SSE stream); idle as long as before the
  // traffic, then until connections and LISTEN clients are back to the baseline.
  await sleep(IDLE_SETTLE_MS);
  const settleDeadline = Date.now() + 120_000;
  await collectGarbage(inspectPort);
  let end = await takeSample(pid, monitor, scratch.name, origin);
  while (Date.now() < settleDeadline && (end.pgConnections > baseline.pgConnections || end.listenClients !== baseline.listenClients || end.sseClients !== 0)) {
    await sleep(2000);
    await collectGarbage(inspectPort);
    end = await takeSample(pid, monitor, scratch.name, origin);
  }
  const settledS = end.t - trafficS;
  sampling = false;
  await sampler;
  const leftover = await monitor.query<{ application_name: string; state: string; query: string }>(
    `select application_name, state, left(query, 60) as query from pg_stat_activity where datname = $1 and application_name <> $2`,
    [scratch.name, MONITOR_APP],
  );
  const during = samples.filter((s) => s.t >= 0 && s.t <= trafficS);
  const peakConnections = Math.max(...during.map((s) => s.pgConnections));
  const peakListen = Math.max(...during.map((s) => s.listenClients));
  const check = new pg.Client({ connectionString: scratch.url, application_name: MONITOR_APP });
  await check.connect();
  const unfinished = Number((await check.query<{ n: string }>(`select count(*) as n from runs where status in ('queued', 'running')`)).rows[0]!.n);
  await check.end();
  const errorLines = readFileSync(join(DATA_DIR, 'atelier.log'), 'utf8').split('\n').filter((l) => /"level":(50|60)/.test(l));
  for (const l of errorLines.slice(0, 5)) fail('atelier log', l);
  if (errorLines.length > 5) errorCount += errorLines.length - 5;
  await monitor.end();

  const warmRate = windowRate(windowOf(samples, 0.2, 0.3));
  const lastRate = windowRate(windowOf(samples, 0.9, 1));
  const comparable = Math.abs(lastRate - warmRate) <= COMPARABLE_RATE * warmRate;
  const heap = judgeMemory(samples, baseline, end, 'heapMb', { idle: HEAP_IDLE_MB, slope: HEAP_SLOPE_MB_MIN, window: HEAP_WINDOW_MB }, comparable);
  const rss = judgeMemory(samples, baseline, end, 'rssMb', { idle: RSS_IDLE_MB, slope: RSS_SLOPE_MB_MIN, window: RSS_WINDOW_MB }, comparable);
  const native = judgeMemory(samples, baseline, end, 'nativeMb', { idle: RSS_IDLE_MB, slope: RSS_SLOPE_MB_MIN, window: RSS_WINDOW_MB }, comparable);
  const threadHeap = judgeMemory(samples, baseline, end, 'threadHeapMb', { idle: HEAP_IDLE_MB, slope: HEAP_SLOPE_MB_MIN, window: HEAP_WINDOW_MB }, comparable);
  const committed = (x: Sample) => `${x.heapTotalMb.toFixed(0)} MB`;
  const connectionsOk = end.pgConnections <= baseline.pgConnections && end.listenClients === baseline.listenClients;
  const sseOk = sse.incomplete === 0 && sse.completed === sse.opened && end.sseClients === 0;
  const total = [...stats.values()].reduce((a, k) => a + k.count, 0);
  const runs = [...stats.entries()].filter(([k]) => k.startsWith('run:') || k === 'hook').reduce((a, [, k]) => a + k.count, 0);
  const ok = errorCount === 0 && unfinished === 0 && sseOk && heap.ok && native.ok && connectionsOk;

  const kindRows = [...stats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, s]) => `| ${k} | ${s.count} | ${(s.count / trafficS).toFixed(2)} | ${(s.totalMs / s.count).toFixed(0)} ms | ${s.maxMs.toFixed(0)} ms | ${s.errors} |`);
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  const memRow = (v: MemoryVerdict) =>
    `| ${v.what} | ${mb(v.idleBefore)} | ${mb(v.warm)} | ${mb(v.last)} | ${mb(v.max)} | ${mb(v.idleAfter)} (${v.idleAfter >= v.idleBefore ? '+' : ''}${(v.idleAfter - v.idleBefore).toFixed(0)}) | ${v.slopePerMin >= 0 ? '+' : ''}${v.slopePerMin.toFixed(2)} MB/min | ${v.ok ? 'no growth' : `GROWTH (${v.idleOk ? '' : 'idle after > idle before'}${!v.idleOk && !v.trendOk ? '; ' : ''}${v.trendOk ? '' : 'trend'})`} |`;
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = [
    `### ${stamp} UTC — ${ok ? 'pass' : 'FAIL'}`,
    '',
    `\`nice npx tsx bench/soak.ts\`, ${(trafficS / 60).toFixed(1)} min of traffic, ${LANES} closed-loop lanes, 2 cores shared with other work; load average ${loadStart} at the start, ${loadEnd} at the end.`,
    `${total} actions (${(total / trafficS).toFixed(1)}/s held), ${runs} engine runs (${(runs / trafficS).toFixed(2)} runs/s) each followed over SSE, ${echoHits} loopback http calls.`,
    '',
    '| action | count | per s | mean | max | errors |',
    '|---|---|---|---|---|---|',
    ...kindRows,
    '',
    `Errors: **${errorCount}** (non-2xx or unexpected answers, runs not completed, SSE streams without run_finished, error lines in Atelier's log: ${errorLines.length}); runs still queued or running at the end: ${unfinished}.`,
    `SSE: ${sse.opened} streams opened, ${sse.completed} reached run_finished; the SSE subscriber gauge ${end.sseClients} at the end.`,
    '',
    '| memory | idle before | warm window (20–30 %) | last window (90–100 %) | max | idle after | slope after warm-up | verdict |',
    '|---|---|---|---|---|---|---|---|',
    memRow(rss),
    memRow(native),
    memRow(heap),
    memRow(threadHeap),
    '',
    `The main thread's V8 heap, committed: ${committed(baseline)} idle before, peak ${Math.max(...samples.map((x) => x.heapTotalMb)).toFixed(0)} MB, ${committed(end)} idle after; the worker threads' (Temporal's workflow threads): ${mb(baseline.threadHeapTotalMb)} idle before, peak ${mb(Math.max(...samples.map((x) => x.threadHeapTotalMb)))}, ${mb(end.threadHeapTotalMb)} idle after. RSS is judged as the JS heaps used (live objects, main and worker threads) plus RSS outside every V8 heap (native memory); RSS as a whole also holds what the heaps have committed and not yet released after a major GC.`,
    '',
    `Rate in the warm window ${warmRate.toFixed(1)} actions/s, in the last ${lastRate.toFixed(1)}: ${comparable ? 'comparable, so the trend counts' : `not comparable (over ${COMPARABLE_RATE * 100} % apart), so only idle after vs idle before counts`}.`,
    '',
    `Postgres (scratch database): ${baseline.pgConnections} connections (${baseline.listenClients} LISTEN) idle before the traffic, peak ${peakConnections} (${peakListen} LISTEN) during it, ${end.pgConnections} (${end.listenClients} LISTEN) ${settledS.toFixed(0)} s after it — ${connectionsOk ? 'back to baseline' : `NOT back to baseline: ${leftover.rows.map((r) => `${r.application_name || '-'}/${r.state}/${r.query}`).join('; ')}`}.`,
    ...(errors.length ? ['', 'First errors:', '', ...errors.slice(0, 10).map((e) => `- ${e.replace(/\|/g, '\\|')}`)] : []),
    '',
  ].join('\n');
  console.log(`\n${section}`);
  writeFileSync(join(DATA_DIR, 'samples.json'), JSON.stringify({ baseline, samples, end }, null, 1));
  if (errors.length) console.log(`all recorded errors (${errorCount} in total):\n${errors.join('\n')}`);
  if (process.env.SOAK_RECORD !== '0') recordResults(section);
  if (!ok) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
