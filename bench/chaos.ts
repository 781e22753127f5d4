// Durability under real faults (issues 3 and 16), on a Temporal dev server, an embedded Postgres
// and an Atelier process (API + worker) of its own.
//
// Single-fault scenarios (issue 3): a 26-node workflow whose nodes call a loopback HTTP counter
// runs while one of them is restarted mid-run:
//   (a) Postgres stopped, 3 s, started again;
//   (b) the Temporal dev server stopped and started again (its SQLite file keeps the state);
//   (c) the Atelier process SIGKILLed and a new one started.
// An SSE client follows each run from start to end, reconnecting with Last-Event-ID when dropped.
// For each scenario: the run must end `completed`, every node's node_completed must be in
// run_events exactly once and reach the SSE client exactly once; repeated side effects (counter
// hits beyond one per http node) are counted.
//
// Batch mode (issue 16, CHAOS_SCENARIOS=batch): a mixed batch (bench/lib/chaos-batch.ts: engine
// DAG runs with http side effects, stories, image and video generations, top-ups, webhook
// deliveries) while the Atelier process is SIGKILLed 20 times at seeded random points and Postgres
// and the Temporal dev server are each restarted once; then every invariant of the batch module is
// checked and the figures per fault are printed (and recorded in bench/RESULTS.md).
//
// A script, not a CI test: it restarts servers (test/proof/chaos.test.ts is the short tier).
//   npx tsx bench/chaos.ts            (CHAOS_SCENARIOS=a,b,c | batch   CHAOS_RECORD=0 to skip RESULTS.md;
//                                      CHAOS_SEED=<n> CHAOS_KILLS=20 for the batch;
//                                      CHAOS_SERVE=1 keeps the stack up afterwards for curl)
// Stop it with Ctrl-C, or SIGTERM to the script's own node process: the tsx wrapper SIGKILLs its
// child on SIGTERM, which leaves the servers running (the next run stops such leftovers first).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { portOpen, startEmbeddedPostgres, type RunningPostgres } from '../src/infra/db/postgres';
import { bundleWorkflows } from '../src/infra/temporal/worker';
import { rng } from '../src/generation/prng';
import { AtelierProcess } from './lib/atelier-process';
import { ChaosBatch, followSse, reportMarkdown, type BatchReport } from './lib/chaos-batch';
import { FaultLog, startCounterServer, startWebhookReceiver, type CounterServer, type WebhookReceiver } from './lib/chaos-loopbacks';
import { freePort } from './lib/free-port';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DATA_DIR = join(ROOT, '.data', 'chaos');
const TEMPORAL_ADDRESS = '127.0.0.1:7833';
const PG_PORT = 5639;
const DATABASE = 'atelier_chaos';
const HIT_DELAY_MS = Number(process.env.CHAOS_HIT_DELAY_MS ?? 900);
const LANES = 3;
const LANE_LENGTH = 7;
const RUN_DEADLINE_MS = 240_000;
const ATELIER_PID_FILE = join(DATA_DIR, 'atelier.pid');
const SCENARIOS = (process.env.CHAOS_SCENARIOS ?? 'a,b,c').split(',').map((s) => s.trim()).filter(Boolean);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (msg: string) => console.log(`[chaos ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${msg}`);

// ── Processes this script owns (cleaned up on every exit path) ─────────────────────────────────
let postgres: RunningPostgres | undefined;
let atelier: AtelierProcess | undefined;
let temporalStarted = false;
let counter: CounterServer | undefined;
let receiver: WebhookReceiver | undefined;

function temporalDev(arg: '--background' | '--stop'): void {
  const r = spawnSync(join(ROOT, 'temporal-dev.sh'), [arg], {
    cwd: ROOT,
    env: { ...process.env, TEMPORAL_ADDRESS, ATELIER_DATA_DIR: DATA_DIR, TEMPORAL_HEADLESS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`temporal-dev.sh ${arg} exited ${r.status}`);
  if (arg === '--background') temporalStarted = true;
}

async function startPostgres(): Promise<RunningPostgres> {
  const running = await startEmbeddedPostgres({ dataDir: join(DATA_DIR, 'pg'), port: PG_PORT, database: DATABASE, log });
  postgres = running;
  return running;
}

async function stopPostgres(): Promise<void> {
  const p = postgres;
  postgres = undefined;
  await p?.stop();
}


/** (Re)starts the Atelier process and notes its pid, so a run SIGKILLed itself can stop it next time. */
async function startAtelier(): Promise<void> {
  const started = atelier!.start();
  // The pid is known at spawn; write it before waiting for the API.
  await sleep(0);
  if (atelier!.pid) writeFileSync(ATELIER_PID_FILE, String(atelier!.pid));
  await started;
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await atelier?.stop('SIGTERM').catch((e: unknown) => log(`cleanup atelier: ${String(e)}`));
    await counter?.close();
    await receiver?.close();
    await stopPostgres().catch((e: unknown) => log(`cleanup postgres: ${String(e)}`));
    if (temporalStarted) {
      try {
        temporalDev('--stop');
      } catch (e) {
        log(`cleanup temporal: ${String(e)}`);
      }
      temporalStarted = false;
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
process.on('exit', () => atelier?.killNow());

/** trigger → prep → 3 lanes of 7 http nodes → merge → if → summary: 26 nodes, 21 side effects. */
function chaosSpec(counterPort: number, tag: string) {
  const nodes: Array<Record<string, unknown>> = [
    { id: 'start', type: 'trigger.manual', position: [0, 0] },
    { id: 'prep', type: 'io.set', position: [200, 0], params: { values: { scenario: '{{variables.scenario}}', lanes: LANES } } },
  ];
  const edges: Array<Record<string, unknown>> = [{ id: 'e_start_prep', source: 'start', target: 'prep' }];
  const httpNodes: string[] = [];
  for (let l = 0; l < LANES; l++) {
    for (let i = 0; i < LANE_LENGTH; i++) {
      const id = `h${l}_${i}`;
      const prev = i === 0 ? 'prep' : `h${l}_${i - 1}`;
      httpNodes.push(id);
      nodes.push({
        id,
        type: 'http.request',
        position: [400 + i * 200, l * 150],
        params: {
          url: `http://127.0.0.1:${counterPort}/hit`,
          query: { node: id, run: '{{variables.tag}}', ...(i === 0 ? {} : { prev_hit: `{{${prev}.output.main.body.hit}}` }) },
        },
      });
      edges.push({ id: `e_${prev}_${id}`, source: prev, target: id });
    }
    edges.push({ id: `e_lane${l}_merge`, source: `h${l}_${LANE_LENGTH - 1}`, target: 'merge' });
  }
  nodes.push(
    { id: 'merge', type: 'logic.merge', position: [1900, 150], params: { mode: 'all' } },
    { id: 'check', type: 'logic.if', position: [2100, 150], params: { left: '{{h0_6.output.main.status}}', operator: 'eq', right: 200 } },
    { id: 'summary', type: 'io.set', position: [2300, 100], params: { values: { ok: true, last: '{{h2_6.output.main.body.node}}' } } },
  );
  edges.push({ id: 'e_merge_check', source: 'merge', target: 'check' }, { id: 'e_check_summary', source: 'check', source_port: 'true', target: 'summary' });
  return {
    spec: { nodes, edges, variables: { scenario: tag, tag }, trigger: { type: 'manual', config: {} } },
    nodeIds: nodes.map((n) => n.id as string),
    httpNodes,
  };
}

// ── API helpers ─────────────────────────────────────────────────────────────────────────────────
async function api(base: string, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const r = await fetch(`${base}/engine/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, json };
}

async function dbQuery<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface ScenarioResult {
  scenario: string;
  fault: string;
  status: string;
  durationS: number;
  faultAtS: number;
  nodes: number;
  completedInTable: string;
  completedAtClient: string;
  reconnects: number;
  repeatedSideEffects: number;
  ok: boolean;
  notes: string[];
}

async function runScenario(
  name: string,
  fault: string,
  ctx: { base: () => string; key: string; counterPort: number; databaseUrl: string },
  inject: () => Promise<void>,
): Promise<ScenarioResult> {
  const tag = `${name}-${Date.now().toString(36)}`;
  const { spec, nodeIds, httpNodes } = chaosSpec(ctx.counterPort, tag);
  const wf = await api(ctx.base(), ctx.key, 'POST', '/v1/workflows', { name: `chaos ${name}`, spec });
  if (wf.status !== 201) throw new Error(`create workflow: ${wf.status} ${JSON.stringify(wf.json)}`);
  const started = Date.now();
  const run = await api(ctx.base(), ctx.key, 'POST', '/v1/runs', { workflow_id: wf.json.id, input: { scenario: name } });
  if (run.status !== 201) throw new Error(`create run: ${run.status} ${JSON.stringify(run.json)}`);
  const runId = run.json.run_id as string;
  log(`scenario ${name}: run ${runId} started (${nodeIds.length} nodes, ${httpNodes.length} http)`);
  const sse = followSse(`${ctx.base()}/engine/v1/v1/runs/${runId}/events?since_seq=0`, ctx.key, (type) => type === 'run_finished', { giveUpMs: RUN_DEADLINE_MS + 60_000 });
  const notes: string[] = [];

  // Let a few nodes finish, then inject the fault while calls are in flight.
  await sleep(HIT_DELAY_MS * 2 + 700);
  const faultAt = (Date.now() - started) / 1000;
  log(`scenario ${name}: injecting fault (${fault}); ${[...counter!.arrivals.byKey.keys()].filter((k) => k.startsWith(`${tag}/`)).length} nodes hit so far`);
  await inject();
  log(`scenario ${name}: fault over`);

  let status = 'unknown';
  for (;;) {
    try {
      const r = await api(ctx.base(), ctx.key, 'GET', `/v1/runs/${runId}`);
      if (r.status === 200) status = r.json.status;
    } catch {
      /* the API may be down for a moment */
    }
    if (['completed', 'failed', 'timed_out', 'cancelled'].includes(status)) break;
    if (Date.now() - started > RUN_DEADLINE_MS) {
      notes.push(`still ${status} after ${RUN_DEADLINE_MS / 1000} s`);
      break;
    }
    await sleep(500);
  }
  const durationS = (Date.now() - started) / 1000;
  // The SSE client ends after run_finished; give it a moment, then stop it.
  await Promise.race([sse.done, sleep(15_000)]);
  sse.stop();

  const rows = await dbQuery<{ node_id: string; n: string }>(
    ctx.databaseUrl,
    `select node_id, count(*) as n from run_events where run_id = $1 and type = 'node_completed' group by node_id`,
    [runId],
  );
  const table = new Map(rows.map((r) => [r.node_id, Number(r.n)]));
  const detail = await api(ctx.base(), ctx.key, 'GET', `/v1/runs/${runId}`);
  const settledWithoutEvent = Object.entries((detail.json?.node_outputs ?? {}) as Record<string, { skipped?: boolean }>)
    .filter(([, o]) => o.skipped)
    .map(([id]) => id);
  if (settledWithoutEvent.length) notes.push(`skipped: ${settledWithoutEvent.join(',')}`);
  if (detail.json?.error) notes.push(`error: ${String(detail.json.error).slice(0, 160)}`);

  const tableOnce = nodeIds.filter((id) => table.get(id) === 1).length;
  const clientOnce = nodeIds.filter((id) => sse.completed.get(id) === 1).length;
  const tableBad = nodeIds.filter((id) => table.get(id) !== 1).map((id) => `${id}×${table.get(id) ?? 0}`);
  const clientBad = nodeIds.filter((id) => sse.completed.get(id) !== 1).map((id) => `${id}×${sse.completed.get(id) ?? 0}`);
  if (tableBad.length) notes.push(`table not once: ${tableBad.join(' ')}`);
  if (clientBad.length) notes.push(`client not once: ${clientBad.join(' ')}`);
  if (sse.outOfOrder) notes.push(`${sse.outOfOrder} SSE frames repeated or out of order`);
  if (!sse.terminal) notes.push('no run_finished at the client');

  let repeated = 0;
  const missing: string[] = [];
  for (const id of httpNodes) {
    const n = counter!.arrivals.count(`${tag}/${id}`);
    if (n === 0) missing.push(id);
    else repeated += n - 1;
  }
  if (missing.length) notes.push(`never called: ${missing.join(',')}`);

  const ok = status === 'completed' && tableOnce === nodeIds.length && clientOnce === nodeIds.length && sse.outOfOrder === 0 && missing.length === 0;
  const result: ScenarioResult = {
    scenario: name,
    fault,
    status,
    durationS,
    faultAtS: faultAt,
    nodes: nodeIds.length,
    completedInTable: `${tableOnce}/${nodeIds.length}`,
    completedAtClient: `${clientOnce}/${nodeIds.length}`,
    reconnects: sse.reconnects,
    repeatedSideEffects: repeated,
    ok,
    notes,
  };
  log(`scenario ${name}: ${ok ? 'PASS' : 'FAIL'} ${JSON.stringify(result)}`);
  return result;
}

function markdownTable(results: ScenarioResult[]): string {
  const head = '| scenario | fault | run status | run time | fault at | node_completed once in table | once at SSE client | SSE reconnects | repeated side effects (of 21) | verdict |';
  const sep = '|---|---|---|---|---|---|---|---|---|---|';
  const lines = results.map(
    (r) =>
      `| ${r.scenario} | ${r.fault} | ${r.status} | ${r.durationS.toFixed(1)} s | ${r.faultAtS.toFixed(1)} s | ${r.completedInTable} | ${r.completedAtClient} | ${r.reconnects} | ${r.repeatedSideEffects} | ${r.ok ? 'pass' : `FAIL: ${r.notes.join('; ')}`} |`,
  );
  return [head, sep, ...lines].join('\n');
}

function recordResults(results: ScenarioResult[]): void {
  const file = join(ROOT, 'bench', 'RESULTS.md');
  const heading = '## Chaos (durability under faults)';
  const section = [
    heading,
    '',
    `\`npx tsx bench/chaos.ts\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Each scenario: a 26-node workflow (trigger, io.set, three lanes`,
    `of seven \`http.request\` nodes calling a loopback counter that answers after ${HIT_DELAY_MS} ms, logic.merge, logic.if, io.set)`,
    'on a Temporal dev server, embedded Postgres and an Atelier process of its own, with an SSE client connected',
    'throughout (reconnecting with Last-Event-ID). The fault lands while http calls are in flight. "Repeated side',
    'effects" counts counter hits beyond one per http node.',
    '',
    markdownTable(results),
    '',
    'Found and fixed with this script: (a) failed before commit 9b88712 — a node finishing while Postgres was',
    'down failed on ECONNREFUSED (new connections now wait up to 30 s for Postgres, src/db/index.ts); (c) failed',
    'before 2ef3312 — the heartbeat timeout of a lost worker spent the only attempt of an `http.request` node',
    '(default max_attempts 1); now a node gets 3 extra activity attempts for lost workers while its own failures',
    'still stop at max_attempts. The repeated side effects in (c) are the calls in flight at the SIGKILL, which',
    'never answered their worker; completed-but-unreported calls are not repeated (executeNode reuses the committed',
    'output on a retry).',
    '',
  ].join('\n');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(heading);
  let next: string;
  if (start < 0) next = `${current.replace(/\n*$/, '\n\n')}${section}`;
  else {
    // Replace the scenarios' part only: the batch subsections (### …) below it stay.
    const ends = ['\n## ', '\n### '].map((h) => current.indexOf(h, start + heading.length)).filter((i) => i >= 0);
    const after = ends.length ? Math.min(...ends) : -1;
    next = current.slice(0, start) + section + (after < 0 ? '' : `\n${current.slice(after + 1)}`);
  }
  writeFileSync(file, next);
  log(`recorded in ${file}`);
}

/** Our own processes a previous run left behind (it was SIGKILLed, e.g. by the tsx wrapper): stop them. */
async function stopLeftovers(): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const atelierPid = Number(existsSync(ATELIER_PID_FILE) ? readFileSync(ATELIER_PID_FILE, 'utf8') : NaN);
  if (Number.isSafeInteger(atelierPid) && alive(atelierPid) && /src\/main\.ts|atelier-main\.ts/.test(readFileSync(`/proc/${atelierPid}/cmdline`, 'utf8'))) {
    log(`stopping the Atelier process ${atelierPid} a previous run left behind`);
    process.kill(atelierPid, 'SIGKILL');
  }
  const pgPid = Number(existsSync(join(DATA_DIR, 'pg', 'postmaster.pid')) ? readFileSync(join(DATA_DIR, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] : NaN);
  if (Number.isSafeInteger(pgPid) && alive(pgPid)) {
    log(`stopping the Postgres ${pgPid} a previous run left behind`);
    process.kill(pgPid, 'SIGINT'); // fast shutdown
    for (let i = 0; i < 100 && alive(pgPid); i++) await sleep(100);
  }
  temporalStarted = true; // --stop only stops a server started by temporal-dev.sh for this data dir
  temporalDev('--stop');
  temporalStarted = false;
}

/** Starts the Temporal dev server, Postgres (with a fresh database), the loopbacks and Atelier. */
async function startStack(extraEnv: Record<string, string>, opts: { prebuiltBundle: boolean }) {
  mkdirSync(DATA_DIR, { recursive: true });
  await stopLeftovers();
  // The faults restart the server this script starts; one it did not start it cannot restart, and a
  // "Temporal restarted" scenario would pass without any restart.
  const [temporalHost, temporalPort] = [TEMPORAL_ADDRESS.slice(0, TEMPORAL_ADDRESS.lastIndexOf(':')), Number(TEMPORAL_ADDRESS.slice(TEMPORAL_ADDRESS.lastIndexOf(':') + 1))];
  if (await portOpen(temporalPort, temporalHost, 1000)) {
    throw new Error(`a server this script did not start answers on ${TEMPORAL_ADDRESS}: stop it first (its faults restart Temporal)`);
  }
  log('starting Temporal dev server on ' + TEMPORAL_ADDRESS);
  temporalDev('--background');
  log(`starting embedded Postgres on ${PG_PORT}`);
  const pgRunning = await startPostgres();
  counter = await startCounterServer(HIT_DELAY_MS);
  const key = generateApiKey('live');
  // A fresh database each time, so the bootstrap key is this run's.
  await dbQuery(pgRunning.adminUrl, `drop database if exists ${DATABASE}_run with (force)`, []);
  await dbQuery(pgRunning.adminUrl, `create database ${DATABASE}_run`, []);
  const databaseUrl = pgRunning.url.replace(`/${DATABASE}`, `/${DATABASE}_run`);
  const port = await freePort();
  let workflowBundlePath: string | undefined;
  if (opts.prebuiltBundle) {
    // Twenty restarts: bundle the workflows once instead of on every start.
    log('bundling workflows');
    workflowBundlePath = join(DATA_DIR, 'workflow-bundle.js');
    writeFileSync(workflowBundlePath, (await bundleWorkflows()).code);
  }
  atelier = new AtelierProcess({
    port,
    key,
    logDir: DATA_DIR,
    workflowBundlePath,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: 'atelier-chaos',
      ATELIER_DATA_DIR: DATA_DIR,
      ATELIER_ALLOW_PRIVATE_NETWORK: '1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
  });
  log(`starting Atelier on ${port}`);
  await startAtelier();
  log('Atelier is up');
  return { port, key, databaseUrl };
}

async function scenariosMain(): Promise<void> {
  const { port, key, databaseUrl } = await startStack({}, { prebuiltBundle: false });
  const ctx = { base: () => `http://127.0.0.1:${port}`, key, counterPort: counter!.port, databaseUrl };

  const results: ScenarioResult[] = [];
  const scenarios: Record<string, [string, () => Promise<void>]> = {
    a: [
      'Postgres stopped 3 s',
      async () => {
        await stopPostgres();
        await sleep(3000);
        await startPostgres();
      },
    ],
    b: [
      'Temporal dev server restarted',
      async () => {
        temporalDev('--stop');
        temporalDev('--background');
      },
    ],
    c: [
      'Atelier SIGKILLed, new process',
      async () => {
        await atelier!.stop('SIGKILL');
        await startAtelier();
      },
    ],
  };
  for (const name of SCENARIOS) {
    const s = scenarios[name];
    if (!s) throw new Error(`unknown scenario ${name}`);
    try {
      results.push(await runScenario(name, s[0], ctx, s[1]));
    } catch (err) {
      log(`scenario ${name} crashed: ${err instanceof Error ? err.stack : String(err)}`);
      results.push({
        scenario: name, fault: s[0], status: 'error', durationS: 0, faultAtS: 0, nodes: 26, completedInTable: '-', completedAtClient: '-',
        reconnects: 0, repeatedSideEffects: 0, ok: false, notes: [err instanceof Error ? err.message : String(err)],
      });
      // Make sure the next scenario has a whole stack.
      if (!postgres) await startPostgres().catch(() => undefined);
      if (!atelier?.child) await startAtelier().catch(() => undefined);
    }
  }
  if (results.length) console.log('\n' + markdownTable(results) + '\n');
  if (results.length && process.env.CHAOS_RECORD !== '0') recordResults(results);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
  if (process.env.CHAOS_SERVE === '1') {
    // Keep the stack up for manual checks (curl) until SIGINT/SIGTERM.
    writeFileSync(join(DATA_DIR, 'serve.env'), `BASE=http://127.0.0.1:${port}\nKEY=${key}\nDATABASE_URL=${databaseUrl}\nCOUNTER=http://127.0.0.1:${counter!.port}\n`);
    log(`serving: BASE=http://127.0.0.1:${port} KEY=${key} (also in ${DATA_DIR}/serve.env); SIGTERM to stop`);
    await new Promise<never>(() => undefined);
  }
}

// ── Batch mode (issue 16) ───────────────────────────────────────────────────────────────────────
const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
// The batch for 20 kills; fewer kills (a quick look) scale it down.
const BATCH_PLAN = Object.fromEntries(
  Object.entries({ engineRuns: 60, stories: 6, images: 40, videos: 8, topups: 6 }).map(([k, v]) => [k, Math.max(1, Math.ceil((v * Math.min(KILLS, 20)) / 20))]),
) as { engineRuns: number; stories: number; images: number; videos: number; topups: number };

async function batchMain(): Promise<void> {
  const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  log(`batch mode, seed ${seed} (CHAOS_SEED=${seed} repeats this schedule)`);
  const load = loadavg();
  receiver = await startWebhookReceiver();
  const { port, key, databaseUrl } = await startStack(
    {
      ATELIER_TOPUP_GATEWAY: 'direct',
      ATELIER_RATE_LIMIT_SCALE: '1000',
      // Story credits come from the wallet, so story spends and refunds are ledger entries too.
      ATELIER_INCLUDED_CREDITS: '0',
      ATELIER_STORY_MAX_CONCURRENT: '10',
      ATELIER_STORY_GENERATE_PER_MIN: '1000',
      // A synchronous generation killed mid-request is failed and refunded after 30 s, not 15 min.
      ATELIER_ABANDONED_JOB_S: '30',
      ATELIER_WEBHOOK_CA_FILE: receiver.caFile,
    },
    { prebuiltBundle: true },
  );
  const faults = new FaultLog();
  const batch = new ChaosBatch({ baseUrl: `http://127.0.0.1:${port}`, key, databaseUrl }, counter!, receiver, faults, seed, log);
  const started = Date.now();
  try {
    await batch.setup();
    // The fault schedule: KILLS SIGKILLs, with the Postgres and the Temporal restart at seeded
    // positions among them; a seeded pause of 3–12 s after the stack is back before the next.
    const r = rng(seed ^ 0x5eed);
    const schedule: Array<'kill' | 'postgres' | 'temporal'> = Array(KILLS).fill('kill');
    schedule.splice(r.int(2, Math.max(2, Math.floor(KILLS / 2))), 0, 'postgres');
    schedule.splice(r.int(Math.floor(KILLS / 2) + 1, KILLS), 0, 'temporal');
    const pauses = schedule.map(() => r.int(3_000, 12_000));
    // Spread the submissions over about the time the faults will take (a restart is ~8 s here).
    const spreadMs = pauses.reduce((a, b) => a + b, 0) + schedule.length * 8_000;
    log(`plan: ${JSON.stringify(BATCH_PLAN)} over ~${Math.round(spreadMs / 1000)} s; faults: ${schedule.join(' ')}`);
    const producing = batch.produce({ ...BATCH_PLAN, spreadMs });
    let kills = 0;
    for (const [i, kind] of schedule.entries()) {
      await sleep(pauses[i]!);
      if (kind === 'kill') {
        kills += 1;
        const end = faults.begin('kill', `SIGKILL ${kills} of ${KILLS}`);
        await atelier!.stop('SIGKILL');
        await startAtelier();
        end();
      } else if (kind === 'postgres') {
        const end = faults.begin('postgres', 'Postgres stopped 3 s');
        await stopPostgres();
        await sleep(3_000);
        await startPostgres();
        end();
      } else {
        const end = faults.begin('temporal', 'Temporal dev server restarted');
        temporalDev('--stop');
        temporalDev('--background');
        end();
      }
      const f = faults.faults.at(-1)!;
      log(`fault ${f.index} (${f.label}) over in ${((f.endMs - f.startMs) / 1000).toFixed(1)} s`);
    }
    await producing;
    log('all faults injected and all items submitted; settling');
    const settled = await batch.settle(300_000);
    if (!settled.settled) log(`not settled after 300 s: ${settled.waitingOn.slice(0, 10).join(', ')}`);
    const report = await batch.check();
    const markdown = reportMarkdown(report);
    console.log('\n' + markdown + '\n');
    for (const inv of report.invariants) for (const v of inv.violations.slice(0, 20)) log(`VIOLATION ${inv.name}: ${v}`);
    if (process.env.CHAOS_RECORD !== '0') recordBatch(report, markdown, { load, durationS: (Date.now() - started) / 1000 });
    if (report.violations > 0) process.exitCode = 1;
  } finally {
    await batch.close();
  }
}

function recordBatch(report: BatchReport, markdown: string, meta: { load: number[]; durationS: number }): void {
  const file = join(ROOT, 'bench', 'RESULTS.md');
  const chaosHeading = '## Chaos (durability under faults)';
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const sub = `### Batch under ${report.perFault.length} faults, ${date} UTC`;
  const section = [
    sub,
    '',
    `\`CHAOS_SCENARIOS=batch CHAOS_SEED=${report.seed} npx tsx bench/chaos.ts\` (bench/lib/chaos-batch.ts; the short tier is`,
    '`test/proof/chaos.test.ts` in `npm test`). A mixed batch — engine DAG runs (trigger, io.set, two lanes of three',
    '`http.request` nodes calling a loopback counter, logic.merge, a charged ai.translate, io.set; every other run capped',
    'by `usd_cap`, beside another account\'s idle capped run whose counter no charge may move), Story Studio pipelines',
    '(2 scenes, offline providers, story credits paid from the wallet), image and video generations, top-ups, and a webhook',
    'subscription delivering `generation.*` and `billing.charged` to an HTTPS loopback receiver — while the Atelier',
    `process (API + worker) is SIGKILLed ${KILLS} times at seeded random points and restarted, and Postgres and the Temporal`,
    'dev server are each restarted once. Every engine run and story is followed by an SSE client reconnecting with',
    `Last-Event-ID. Load average at the start ${meta.load.map((l) => l.toFixed(2)).join(' / ')} (2 cores); ${meta.durationS.toFixed(0)} s in all.`,
    'A repeat is attributed to a fault when the fault began between the two arrivals (a call in flight at the kill).',
    '',
    markdown,
    '',
  ].join('\n');
  let current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  if (!current.includes(chaosHeading)) current = `${current.replace(/\n*$/, '\n\n')}${chaosHeading}\n\n`;
  const start = current.indexOf(chaosHeading);
  const after = current.indexOf('\n## ', start + chaosHeading.length);
  const end = after < 0 ? current.length : after + 1;
  // Newest batch first, right under the section's heading and intro; older batches stay.
  const firstSub = current.indexOf('\n### ', start);
  const at = firstSub >= 0 && firstSub < end ? firstSub + 1 : end;
  writeFileSync(file, current.slice(0, at) + section + '\n' + current.slice(at));
  log(`recorded in ${file}`);
}

async function main(): Promise<void> {
  if (SCENARIOS.includes('batch')) await batchMain();
  else await scenariosMain();
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
