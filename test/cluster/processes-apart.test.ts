// Processes apart on a real Temporal server (short tier): the server binary on PostgreSQL with four
// history shards (temporal-cluster.sh, started here when it is not running), two API processes
// (ATELIER_ROLE=api) and two worker processes (ATELIER_ROLE=worker) spawned as `npm start` runs
// them, one database, rate limits in Redis and files in the suite's S3 server. A client alternating
// API ports starts trigger → set runs and short chains (two side-effecting http calls and a charged
// translate, then a large result read by the last node); one worker and one API process are SIGKILLed mid-load and restarted. Then: every run
// is final, each node_completed is in run_events once and reached its SSE client once (clients
// reconnect to the other API when theirs dies), no side effect repeats without a kill between the
// calls, the ledger sums to the balance, and every stored result a run references (each chain's
// `big` node returns ~200 KB, passed on by reference) exists in the bucket with its stated size.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AtelierProcess } from '../../bench/lib/atelier-process';
import { followSse, type SseFollower } from '../../bench/lib/chaos-batch';
import { FaultLog, startCounterServer, type CounterServer } from '../../bench/lib/chaos-loopbacks';
import { freePort } from '../../bench/lib/free-port';
import { loadConfig } from '../../src/config';
import { isResultRef, RESULT_REF_KEY, type ResultRef } from '../../src/engine/contract/result-ref';
import { maintenanceWorkflowId } from '../../src/engine/run/watchdog';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/postgres';
import { generateApiKey } from '../../src/platform/auth/api-keys';
import { createBlobStore } from '../../src/storage/blob-store-s3';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const CLUSTER_ADDRESS = process.env.TEST_TEMPORAL_CLUSTER_ADDRESS ?? '127.0.0.1:7933';
const TERMINAL = new Set(['completed', 'failed', 'timed_out', 'cancelled']);
const SUBMISSIONS = 24;
const SPACING_MS = 500;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const SET_NODES = ['start', 'set'];
const CHAIN_NODES = ['start', 'prep', 'h1', 'h2', 'say', 'big', 'done'];
/** ~200 KB of JSON: past the 128 KiB inline limit, so `big` stores its result and passes a reference. */
const BIG_CODE = "return Array.from({ length: 2500 }, (_, i) => ({ i, pad: 'x'.repeat(60) }));";

let clusterEnv: NodeJS.ProcessEnv | undefined;
let clusterOwned = false;
let database: ScratchDatabase | undefined;
let db: pg.Pool | undefined;
let dataDir = '';
let counter: CounterServer | undefined;
let taskQueue = '';
let bucket = '';
/** The settings the four processes share (the test reads their bucket with them). */
let deploymentEnv: Record<string, string> = {};
const key = generateApiKey('live');
const apis: AtelierProcess[] = [];
const workers: AtelierProcess[] = [];
const faults = new FaultLog();
const progress: string[] = [];
const note = (msg: string): void => {
  progress.push(`${new Date().toISOString().slice(11, 23)} ${msg}`);
};
const killChildren = () => [...apis, ...workers].forEach((p) => p.killNow());
process.on('exit', killChildren);

/** The suite's PostgreSQL as the script takes it: postgres://user[:password]@host:port. */
function clusterPgUrl(adminUrl: string): string {
  const u = new URL(adminUrl);
  return `postgres://${u.username || 'postgres'}${u.password ? `:${u.password}` : ''}@${u.hostname}:${u.port || 5432}`;
}

beforeAll(async () => {
  // The cluster first: the script builds the server and sql tool when missing (minutes, once;
  // `npm test`'s setup already did), migrates its databases and waits until the namespace is ready.
  clusterEnv = {
    ...process.env,
    TEMPORAL_CLUSTER_ADDRESS: CLUSTER_ADDRESS,
    TEMPORAL_CLUSTER_PG_URL: clusterPgUrl(inject('pgAdminUrl')),
    TEMPORAL_CLUSTER_DB: 'atelier_test_temporal',
    TEMPORAL_CLUSTER_VISIBILITY_DB: 'atelier_test_temporal_visibility',
    ATELIER_DATA_DIR: inject('dataDir'),
  };
  const { stderr } = await run(join(root, 'temporal-cluster.sh'), ['--background'], { env: clusterEnv, timeout: 1_200_000 });
  clusterOwned = stderr.includes('starting Temporal server');
  note(stderr.trim().split('\n').slice(-2).join(' | '));

  [database, counter] = await Promise.all([createScratchDatabase(inject('pgAdminUrl'), 'atelier_cluster'), startCounterServer(700)]);
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  dataDir = mkdtempSync(join(inject('dataDir'), 'cluster-'));
  taskQueue = `cluster-${database.name}`;
  bucket = `atelier-blobs-${database.name.replace(/_/g, '-')}`.slice(0, 63);
  const shared = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: CLUSTER_ADDRESS,
    TEMPORAL_TASK_QUEUE: taskQueue,
    // One data dir and one set of secrets for all four, as one deployment's processes share them.
    ATELIER_DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ATELIER_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ATELIER_BOOTSTRAP_BALANCE_USD: '100',
    ATELIER_INCLUDED_CREDITS: '0',
    ATELIER_ALLOW_PRIVATE_NETWORK: '1',
    REDIS_URL: 'redis://127.0.0.1:6379',
    ATELIER_BLOB_STORE: 's3',
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_ACCESS_KEY_ID: 'atelier-dev-root',
    S3_SECRET_ACCESS_KEY: 'atelier-dev-root-secret',
    ATELIER_BLOB_BUCKET: bucket,
    // The watchdog, on as in production: a run whose row an API wrote just before it was killed
    // (its execution never started) is started by a worker after 20 s quiet.
    ATELIER_ENGINE_MAINTENANCE: '1',
    ATELIER_WATCHDOG_INTERVAL_S: '5',
    ATELIER_WATCHDOG_STALL_S: '20',
  };
  deploymentEnv = shared;
  const bundle = inject('workflowBundlePath');
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push(new AtelierProcess({ port, key, logDir: mkdtempSync(join(dataDir, `api${i}-`)), env: { ...shared, ATELIER_ROLE: 'api', PUBLIC_BASE_URL: `http://127.0.0.1:${port}` } }));
    workers.push(new AtelierProcess({ port: 0, key, logDir: mkdtempSync(join(dataDir, `worker${i}-`)), workflowBundlePath: bundle, readyWhen: 'log', env: { ...shared, ATELIER_ROLE: 'worker' } }));
  }
  // The first API alone (it migrates the database and bootstraps the account), then the rest.
  await apis[0]!.start();
  await Promise.all([apis[1]!.start(), ...workers.map((w) => w.start())]);
  note('two APIs and two workers up');
}, 1_500_000);

afterAll(async () => {
  // SIGTERM: test-mode workers remove the schedules they created on the way out.
  await Promise.all([...apis, ...workers].map((p) => p.stop('SIGTERM').catch(() => undefined)));
  process.off('exit', killChildren);
  if (database) {
    const connection = await Connection.connect({ address: CLUSTER_ADDRESS }).catch(() => undefined);
    if (connection) {
      await new Client({ connection }).workflow.getHandle(maintenanceWorkflowId(taskQueue)).terminate('cluster test over').catch(() => undefined);
      await connection.close();
    }
  }
  await db?.end();
  await counter?.close();
  await database?.drop().catch(() => undefined);
  if (clusterOwned) await run(join(root, 'temporal-cluster.sh'), ['--stop'], { env: clusterEnv }).catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

/** Every result reference anywhere in a recorded value. */
function refsIn(v: unknown): ResultRef[] {
  if (isResultRef(v)) return [v];
  if (Array.isArray(v)) return v.flatMap(refsIn);
  if (typeof v === 'object' && v !== null) return Object.values(v).flatMap(refsIn);
  return [];
}

type Answer = { status: number; json: any } | 'cut';

/** One request to API `i`; refused (that API is down: nothing was sent) → the other API. */
async function call(i: number, method: string, path: string, body?: unknown): Promise<{ answer: Answer; api: number }> {
  const deadline = Date.now() + 120_000;
  for (let attempt = 0; ; attempt++) {
    const api = (i + attempt) % apis.length;
    try {
      const r = await fetch(`${apis[api]!.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await r.text();
      return { answer: { status: r.status, json: text ? JSON.parse(text) : undefined }, api };
    } catch (err) {
      // Cut mid-request (the API died with it): it may or may not have taken effect; the checks
      // read the table, so it is not retried.
      if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') return { answer: 'cut', api };
      if (Date.now() > deadline) throw new Error(`no API answered ${method} ${path} for 120 s`);
      await sleep(attempt % apis.length === 1 ? 300 : 0);
    }
  }
}

async function createWorkflow(name: string, spec: unknown): Promise<string> {
  const { answer } = await call(0, 'POST', '/engine/v1/v1/workflows', { name, spec });
  if (answer === 'cut' || answer.status !== 201) throw new Error(`workflow ${name}: ${JSON.stringify(answer)}`);
  return answer.json.id as string;
}

const edge = (source: string, target: string) => ({ id: `e_${source}_${target}`, source, target });

interface Submitted {
  n: number;
  kind: 'set' | 'chain';
  tag: string;
  api: number;
  runId?: string;
  sse?: SseFollower;
  answer: Answer;
}

describe('Temporal cluster, API and workers apart (short tier)', () => {
  it('keeps every run final, each node_completed once (table and SSE) and the ledger whole while a worker and an API are SIGKILLed', async () => {
    const setWf = await createWorkflow('cluster set', {
      nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }, { id: 'set', type: 'io.set', position: [200, 0], params: { values: { n: '{{start.output.main.n}}' } } }],
      edges: [edge('start', 'set')],
      variables: {},
      trigger: { type: 'manual', config: {} },
    });
    const hit = (id: string) => ({ id, type: 'http.request', position: [0, 0], params: { url: `http://127.0.0.1:${counter!.port}/hit`, query: { node: id, run: '{{start.output.main.tag}}' } } });
    const chainWf = await createWorkflow('cluster chain', {
      nodes: [
        { id: 'start', type: 'trigger.manual', position: [0, 0] },
        { id: 'prep', type: 'io.set', position: [0, 0], params: { values: { tag: '{{start.output.main.tag}}' } } },
        hit('h1'),
        hit('h2'),
        { id: 'say', type: 'ai.translate', position: [0, 0], params: { text: 'the {{h1.output.main.body.node}} node answered', target: 'fr' } },
        { id: 'big', type: 'code.javascript', position: [0, 0], params: { code: BIG_CODE } },
        { id: 'done', type: 'io.set', position: [0, 0], params: { values: { text: '{{say.output.main.text}}', rows: '{{big.output.main.length}}' } } },
      ],
      edges: [edge('start', 'prep'), edge('prep', 'h1'), edge('h1', 'h2'), edge('h2', 'say'), edge('say', 'big'), edge('big', 'done')],
      variables: {},
      trigger: { type: 'manual', config: {} },
    });
    const balance = await call(0, 'GET', '/v1/billing/balance');
    if (balance.answer === 'cut') throw new Error('balance cut');
    const accountId = balance.answer.json.account_id as string;

    // ── Load: a client alternating API ports, one submission every SPACING_MS ──────────────────
    const submitted: Submitted[] = [];
    const submitOne = async (n: number) => {
      const kind = n % 3 === 2 ? 'chain' : 'set';
      const tag = `c${n}`;
      const { answer, api } = await call(n % 2, 'POST', '/engine/v1/v1/runs', { workflow_id: kind === 'chain' ? chainWf : setWf, input: { n, tag } });
      const s: Submitted = { n, kind, tag, api, answer };
      submitted.push(s);
      if (answer === 'cut' || answer.status !== 201) return note(`run ${n} (${kind}) via API ${api}: ${answer === 'cut' ? 'cut' : `${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`}`);
      s.runId = answer.json.run_id as string;
      // Followed from the API that started it; each reconnect goes to the next API in turn.
      s.sse = followSse((attempt) => `${apis[(api + attempt) % apis.length]!.baseUrl}/engine/v1/v1/runs/${s.runId}/events?since_seq=0`, key, (type) => type === 'run_finished', { giveUpMs: 240_000 });
    };
    const pending: Array<Promise<void>> = [];
    const restarts: Array<Promise<void>> = [];
    const killAndRestart = (p: AtelierProcess, label: string) => {
      const end = faults.begin('kill', label);
      note(`${label}`);
      restarts.push(
        (async () => {
          await p.stop('SIGKILL');
          await p.start();
          const f = end();
          note(`${label}: back after ${f.endMs - f.startMs} ms`);
        })(),
      );
    };
    const t0 = Date.now();
    let apiKilled = false;
    for (let n = 0; n < SUBMISSIONS; n++) {
      const wait = t0 + n * SPACING_MS - Date.now();
      if (wait > 0) await sleep(wait);
      pending.push(submitOne(n).catch((err: unknown) => note(`run ${n}: ${String(err)}`)));
      // A worker a quarter of the way in, while chains are at their http calls.
      if (n === Math.floor(SUBMISSIONS / 4)) killAndRestart(workers[0]!, 'SIGKILL worker 0');
      // An API halfway, one that streams a chain still running (so its SSE client must move).
      if (!apiKilled && n >= SUBMISSIONS / 2) {
        const streaming = submitted.find((s) => s.kind === 'chain' && s.sse && !s.sse.terminal);
        if (streaming || n === SUBMISSIONS - 1) {
          apiKilled = true;
          killAndRestart(apis[streaming?.api ?? 1]!, `SIGKILL API ${streaming?.api ?? 1} (streaming run ${streaming?.n ?? '-'})`);
        }
      }
    }
    await Promise.all(pending);
    await Promise.all(restarts);

    // ── Settle: every run of the account final (bounded) ────────────────────────────────────────
    const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db!.query<T>(text, values)).rows;
    const deadline = Date.now() + 150_000;
    let open: Array<{ id: string; status: string }> = [];
    for (;;) {
      open = await q<{ id: string; status: string }>(`select id, status from runs where account_id = $1 and status not in ('completed','failed','timed_out','cancelled')`, [accountId]);
      if (open.length === 0 || Date.now() > deadline) break;
      await sleep(1_000);
    }
    const followers = submitted.flatMap((s) => (s.sse ? [s.sse] : []));
    await Promise.race([Promise.all(followers.map((f) => f.done)), sleep(30_000)]);
    for (const f of followers) f.stop();
    const context = () => `\n${progress.join('\n')}`;
    expect(open, `runs not final${context()}`).toEqual([]);

    // ── Invariants ──────────────────────────────────────────────────────────────────────────────
    const runs = await q<{ id: string; status: string; input: { n: number; tag: string }; usd_charged_micros: string }>(
      `select id, status, input, usd_charged_micros from runs where account_id = $1`, [accountId]);
    const acked = submitted.filter((s) => s.runId);
    // Every acknowledged run is in the table, and nothing the client did not send is.
    expect(acked.length, `acknowledged runs${context()}`).toBeGreaterThanOrEqual(SUBMISSIONS - 2);
    for (const s of acked) expect(runs.some((r) => r.id === s.runId), `run ${s.n} in the table`).toBe(true);
    expect(runs.length).toBeLessThanOrEqual(SUBMISSIONS);
    for (const r of runs) expect(TERMINAL.has(r.status)).toBe(true);
    // A kill is not a failure: every run completes.
    expect(runs.filter((r) => r.status !== 'completed').map((r) => `${r.input.n}:${r.status}`), context()).toEqual([]);
    // Both APIs took runs.
    expect(new Set(acked.map((s) => s.api)).size).toBe(2);

    const events = await q<{ run_id: string; seqs: string[]; completed: Array<string | null> | null }>(
      `select e.run_id, array_agg(e.seq order by e.seq) as seqs,
              array_agg(e.node_id order by e.seq) filter (where e.type = 'node_completed') as completed
         from run_events e join runs r on r.id = e.run_id where r.account_id = $1 group by e.run_id`, [accountId]);
    const byRun = new Map(events.map((e) => [e.run_id, e]));
    const violations: string[] = [];
    for (const r of runs) {
      const e = byRun.get(r.id);
      const seqs = (e?.seqs ?? []).map(Number);
      if (seqs.some((s, i) => s !== i + 1)) violations.push(`run ${r.input.n}: run_events seq not 1..n`);
      const counts = new Map<string, number>();
      for (const id of e?.completed ?? []) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      const nodes = r.input.n % 3 === 2 ? CHAIN_NODES : SET_NODES;
      const bad = nodes.filter((id) => counts.get(id) !== 1);
      if (bad.length) violations.push(`run ${r.input.n}: node_completed in the table ${bad.map((id) => `${id}×${counts.get(id) ?? 0}`).join(' ')}`);
      const s = acked.find((a) => a.runId === r.id);
      if (s?.sse) {
        const c = s.sse;
        const clientBad = nodes.filter((id) => (c.completed.get(id) ?? 0) !== 1);
        if (clientBad.length) violations.push(`run ${r.input.n}: node_completed at the client ${clientBad.map((id) => `${id}×${c.completed.get(id) ?? 0}`).join(' ')}`);
        if (c.terminal?.status !== r.status) violations.push(`run ${r.input.n}: client saw ${c.terminal?.status ?? 'no run_finished'}, table ${r.status}`);
        if (c.ids.some((id, i) => id !== i + 1)) violations.push(`run ${r.input.n}: client event ids not 1..n (${c.ids.join(',')})`);
      }
    }
    // Side effects: one call per http node of a completed chain, a repeat only around a kill.
    let calls = 0;
    for (const r of runs.filter((x) => x.input.n % 3 === 2)) {
      for (const node of ['h1', 'h2']) {
        const times = counter!.arrivals.byKey.get(`${r.input.tag}/${node}`) ?? [];
        calls += times.length;
        if (times.length === 0) violations.push(`run ${r.input.n}: ${node} never called`);
        for (let i = 1; i < times.length; i++) {
          if (!faults.between(times[i - 1]!, times[i]!)) violations.push(`run ${r.input.n}: ${node} called again with no kill in between`);
        }
      }
    }
    // Money: the ledger sums to the balance, each balance_after follows, each run's charge is its rows.
    const ledger = await q<{ id: string; amount_micros: string; balance_after_micros: string; kind: string; operation_id: string }>(
      `select id, amount_micros, balance_after_micros, kind, operation_id from ledger_entries where account_id = $1 order by id`, [accountId]);
    const [account] = await q<{ balance_micros: string }>(`select balance_micros from accounts where id = $1`, [accountId]);
    let sum = 0;
    for (const e of ledger) {
      sum += Number(e.amount_micros);
      if (Number(e.balance_after_micros) !== sum) violations.push(`ledger entry ${e.id}: balance_after ${e.balance_after_micros}, running sum ${sum}`);
    }
    if (sum !== Number(account!.balance_micros)) violations.push(`ledger sums to ${sum} µUSD, balance ${account!.balance_micros}`);
    const charged = new Map<string, number>();
    for (const e of ledger) {
      const m = /^run:([^:]+):node:/.exec(e.operation_id);
      if (m) charged.set(m[1]!, (charged.get(m[1]!) ?? 0) - Number(e.amount_micros));
    }
    for (const r of runs) if (Number(r.usd_charged_micros) !== (charged.get(r.id) ?? 0)) violations.push(`run ${r.input.n}: usd_charged ${r.usd_charged_micros}, ledger ${charged.get(r.id) ?? 0}`);

    // Stored results: every reference a run keeps (node results and events) names a blob that
    // exists in the bucket, with the size the reference says; each chain's `big` stored one.
    const recorded = await q<{ run_id: string; t: string }>(
      `select o.run_id, o.output::text as t from run_node_outputs o join runs r on r.id = o.run_id where r.account_id = $1
        union all select e.run_id, e.data::text from run_events e join runs r on r.id = e.run_id where r.account_id = $1`, [accountId]);
    const refs = new Map<string, number>();
    for (const row of recorded) for (const ref of refsIn(JSON.parse(row.t))) refs.set(ref[RESULT_REF_KEY].key, ref[RESULT_REF_KEY].bytes);
    for (const r of runs.filter((x) => x.input.n % 3 === 2)) {
      const done = await q<{ rows: number }>(`select (output->'main'->>'rows')::int as rows from run_node_outputs where run_id = $1 and node_id = 'done'`, [r.id]);
      if (done[0]?.rows !== 2500) violations.push(`run ${r.input.n}: done read ${done[0]?.rows} rows of big's stored result`);
      if (![...refs.keys()].some((k) => k.includes(`/run-results/${r.id}/big/`))) violations.push(`run ${r.input.n}: big's result was not stored by reference`);
    }
    // The deployment's own blob store (its S3 settings): stat is a HEAD of the object.
    const store = createBlobStore(loadConfig(deploymentEnv));
    for (const [blobKey, bytes] of refs) {
      const head = await store.stat(blobKey);
      if (!head) violations.push(`reference ${blobKey}: no blob in the bucket`);
      else if (head.size !== bytes) violations.push(`reference ${blobKey}: blob of ${head.size} bytes, reference says ${bytes}`);
    }

    if (process.env.CLUSTER_TEST_REPORT === '1') {
      console.log(`${runs.length} runs, ${calls} side-effect calls, ${ledger.length} ledger entries, ${refs.size} stored results referenced (each in the bucket), ${followers.reduce((n, f) => n + f.reconnects, 0)} SSE reconnects${context()}`);
    }
    expect(violations, context()).toEqual([]);
    // The faults really happened under load and the paths under test were taken.
    expect(faults.faults.map((f) => f.label)).toHaveLength(2);
    expect(calls).toBeGreaterThanOrEqual(2 * runs.filter((x) => x.input.n % 3 === 2).length);
    expect(ledger.filter((e) => e.kind === 'charge').length, 'the chains charged their translate node').toBeGreaterThan(0);
    expect(followers.reduce((n, f) => n + f.reconnects, 0), `an SSE client moved to the other API${context()}`).toBeGreaterThan(0);
  }, 600_000);
});
