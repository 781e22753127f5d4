// The data plane beside n8n: one CSV file, the same pipeline on each side, in one invocation.
//
//   CSV (deterministic: id, region, category, amount, qty, active, note; ~100 bytes a row) served
//   by a loopback HTTP server → download → parse → filter (amount > 250) → aggregate by region
//   (count, sum of amount, average of qty) → a CSV file.
//
//   Atelier (its own process: API + worker, as `npm start` runs it, on the prebuilt workflow
//   bundle): trigger.manual → http.download → io.csv_parse (cast) → io.filter → io.aggregate →
//   io.csv_build (to_file). Long lists travel as NDJSON in the blob store, never in memory whole.
//   n8n 1.94.1 (SQLite, default execution saving and binary data mode): Webhook (answers with the
//   last node's file) → HTTP Request (file) → Extract From File (CSV) → Edit Fields (amount and qty
//   as numbers: n8n's CSV gives strings, and Summarize sums numbers only) → Filter → Summarize →
//   Convert to File (CSV).
//
// Measured per side and size: wall time (request to result), the process's peak RSS during the run
// (VmHWM, reset through /proc/<pid>/clear_refs once the process is warm), and for Atelier the run's
// Temporal history size. Both sides' CSV answers are compared. Sizes: BENCH_ROWS ("100000,1000000").
// Temporal: BENCH_TEMPORAL_ADDRESS (else TEST_TEMPORAL_ADDRESS, else 127.0.0.1:7233). Postgres:
// BENCH_PG_ADMIN_URL (else TEST_DATABASE_URL, else the test Postgres on :5439), a scratch database.
// Files: BENCH_DATA_DIR (/tmp/atelier-bench-dataplane). BENCH_N8N=0: Atelier alone.
// BENCH_N8N_RSS_LIMIT_MB (8192): n8n is killed past it (the machine is shared), and that is its result.
// The Atelier process starts through scripts/start.sh, as `npm start` does: its heap limit is
// ATELIER_HEAP_MB's (the shipped default unless set; ATELIER_HEAP_MB=0 leaves V8's own limit).
// BENCH_ATELIER_NODE_OPTIONS: NODE_OPTIONS for the Atelier process (e.g. `--max-semi-space-size=64`;
// a `--max-old-space-size` there wins over ATELIER_HEAP_MB). BENCH_ATELIER_NODE_FLAGS: node flags
// (space-separated) given on its command line, for V8 flags NODE_OPTIONS refuses
// (`--heap-growing-percent=50`).
// BENCH_BLOBS=s3: blobs (the downloaded file, the stored lists) in a bucket of their own on the S3
// server at BENCH_S3_ENDPOINT (http://127.0.0.1:7634, s3-dev.sh's credentials unless S3_ACCESS_KEY_ID
// and S3_SECRET_ACCESS_KEY are set); otherwise on local disk.
//
//   npx tsx bench/dataplane.ts
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { bundleWorkflows } from '../src/infra/temporal/worker';
import { AtelierProcess, atelierEnv } from './lib/atelier-process';
import { freePort } from './lib/free-port';
import { N8N_VERSION, startN8n, type N8n } from './lib/n8n';

const sizes = (process.env.BENCH_ROWS ?? '100000,1000000').split(',').map(Number);
const dataDir = process.env.BENCH_DATA_DIR ?? '/tmp/atelier-bench-dataplane';
const temporalAddress = process.env.BENCH_TEMPORAL_ADDRESS ?? process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const withN8n = process.env.BENCH_N8N !== '0';
const blobsInS3 = process.env.BENCH_BLOBS === 's3';
const s3Endpoint = process.env.BENCH_S3_ENDPOINT ?? 'http://127.0.0.1:7634';
const n8nRssLimitMb = Number(process.env.BENCH_N8N_RSS_LIMIT_MB ?? 8192);
const load1 = () => loadavg()[0]!.toFixed(1);
const mb = (kb: number) => Math.round(kb / 1024);

const REGIONS = ['north', 'south', 'east', 'west', 'north-east', 'north-west', 'south-east', 'south-west'];

/** `rows` rows of the benchmark CSV at BENCH_DATA_DIR/rows-<rows>.csv, written once (the same bytes every time). */
async function csvFile(rows: number): Promise<string> {
  const path = join(dataDir, `rows-${rows}.csv`);
  if (existsSync(path)) return path;
  mkdirSync(dataDir, { recursive: true });
  const out = createWriteStream(`${path}.tmp`);
  out.write('id,region,category,amount,qty,active,note\n');
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const region = REGIONS[(i * 2654435761) % 2 ** 32 % REGIONS.length]!;
    const amount = ((i * 7919) % 100_000) / 100;
    chunk += `${i},${region},cat-${(i * 13) % 20},${amount.toFixed(2)},${(i * 31) % 50},${i % 3 !== 0},"row ${i}, written for the data plane benchmark"\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  renameSync(`${path}.tmp`, path);
  return path;
}

/** Serves BENCH_DATA_DIR's CSV files over loopback HTTP, streamed (both sides download from it). */
async function fileServer(): Promise<{ url: (file: string) => string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0]!);
    const path = join(dataDir, name);
    if (!/^rows-\d+\.csv$/.test(name) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(statSync(path).size) });
    createReadStream(path).pipe(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { url: (file) => `http://127.0.0.1:${port}/${file}`, close: () => server.close() };
}

/** Memory of a process from /proc: current and peak RSS in kB; `reset()` starts the peak afresh. */
const memory = {
  read(pid: number): { rss: number; hwm: number } {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  },
  reset(pid: number): void {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  },
};

interface Measure {
  side: 'Atelier' | 'n8n';
  rows: number;
  ms?: number;
  peakRssMb?: number;
  historyBytes?: number;
  /** The aggregates the side answered, region → [count, sum, average]. */
  result?: Map<string, number[]>;
  error?: string;
  load: string;
}

/** region → [count, sum, average] from a CSV with columns region, count_id, sum_amount, average_qty (in either side's order). */
function aggregates(csv: string): Map<string, number[]> {
  const [header, ...lines] = csv.trim().split('\n');
  const at = (name: string) => header!.split(',').indexOf(name);
  const [region, ...nums] = ['region', 'count_id', 'sum_amount', 'average_qty'].map(at);
  return new Map(lines.map((l) => {
    const cells = l.split(',');
    return [cells[region!]!, nums.map((i) => Number(cells[i]))];
  }));
}

function sameAggregates(a: Map<string, number[]>, b: Map<string, number[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [region, xs] of a) {
    const ys = b.get(region);
    // n8n writes numbers rounded (8 decimals at most): a relative difference under 1e-6 is the same figure.
    if (!ys || ys.length !== xs.length || xs.some((x, i) => Math.abs(x - ys[i]!) > 1e-6 * Math.max(1, Math.abs(x)))) return false;
  }
  return true;
}

// ---------------------------------------------------------------- Atelier

const atelierSpec = (url: string) => ({
  trigger: { type: 'manual', config: {} },
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0] },
    { id: 'download', type: 'http.download', position: [200, 0], params: { url, max_mb: 200 }, timeout_s: 900 },
    { id: 'parse', type: 'io.csv_parse', position: [400, 0], params: { cast: true, max_rows: 10_000_000 }, timeout_s: 900 },
    { id: 'filter', type: 'io.filter', position: [600, 0], params: { conditions: [{ field: 'amount', operator: 'gt', value: 250 }] }, timeout_s: 900 },
    {
      id: 'summarize', type: 'io.aggregate', position: [800, 0], timeout_s: 900,
      params: { group_by: ['region'], operations: [{ op: 'count', field: 'id', as: 'count_id' }, { op: 'sum', field: 'amount', as: 'sum_amount' }, { op: 'avg', field: 'qty', as: 'average_qty' }] },
    },
    { id: 'file', type: 'io.csv_build', position: [1000, 0], params: { to_file: true }, timeout_s: 900 },
  ],
  edges: ['start>download', 'download>parse', 'parse>filter', 'filter>summarize', 'summarize>file'].map((e, i) => {
    const [source, target] = e.split('>');
    return { id: `e${i}`, source, target };
  }),
});

interface AtelierSide {
  proc: AtelierProcess;
  key: string;
  temporal: Client;
  close: () => Promise<void>;
}

async function startAtelier(): Promise<AtelierSide> {
  const scratch = await createScratchDatabase(pgAdminUrl, 'atelier_bench_dataplane');
  const work = mkdtempSync(join(tmpdir(), 'atelier-bench-dataplane-'));
  const bundle = join(work, 'workflow-bundle.js');
  writeFileSync(bundle, (await bundleWorkflows()).code);
  const key = generateApiKey('live');
  const port = await freePort();
  const env = {
    ...atelierEnv({ port, databaseUrl: scratch.url, temporalAddress, taskQueue: `bench-dataplane-${randomBytes(4).toString('hex')}`, dataDir: join(work, 'data'), key }),
    // The CSV comes from a loopback server.
    ATELIER_ALLOW_PRIVATE_NETWORK: 'true',
    ...(blobsInS3
      ? {
          ATELIER_BLOB_STORE: 's3',
          ATELIER_BLOB_BUCKET: `atelier-bench-dataplane-${randomBytes(4).toString('hex')}`,
          S3_ENDPOINT: s3Endpoint,
          S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'atelier-dev-root',
          S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'atelier-dev-root-secret',
        }
      : { ATELIER_BLOB_STORE: 'local' }),
    ...(process.env.BENCH_ATELIER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_ATELIER_NODE_OPTIONS } : {}),
  };
  const nodeFlags = (process.env.BENCH_ATELIER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const proc = new AtelierProcess({ env, port, key, logDir: work, workflowBundlePath: bundle, nodeFlags });
  await proc.start();
  const temporal = new Client({ connection: await Connection.connect({ address: temporalAddress }) });
  return {
    proc, key, temporal,
    close: async () => {
      await proc.stop('SIGTERM');
      await temporal.connection.close();
      await scratch.drop().catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function api(a: AtelierSide, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${a.proc.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${a.key}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function runAtelier(a: AtelierSide, rows: number, url: string): Promise<Measure> {
  const pid = a.proc.pid!;
  const created = await api(a, 'POST', '/engine/v1/v1/workflows', { name: `dataplane ${rows}`, spec: atelierSpec(url) });
  if (created.status !== 201) throw new Error(`creating the workflow answered ${created.status}: ${JSON.stringify(created.body)}`);
  const load = load1();
  memory.reset(pid);
  const t0 = performance.now();
  const started = await api(a, 'POST', '/engine/v1/v1/runs', { workflow_id: created.body.id, input: {} });
  if (started.status !== 201) throw new Error(`starting the run answered ${started.status}: ${JSON.stringify(started.body)}`);
  const runId = started.body.run_id as string;
  let run: any;
  for (;;) {
    run = (await api(a, 'GET', `/engine/v1/v1/runs/${runId}`)).body;
    if (['completed', 'failed', 'timed_out', 'cancelled'].includes(run.status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const ms = performance.now() - t0;
  const peakRssMb = mb(memory.read(pid).hwm);
  const handle = a.temporal.workflow.getHandle(runId);
  await handle.result().catch(() => undefined);
  const historyBytes = proto.temporal.api.history.v1.History.encode(await handle.fetchHistory()).finish().length;
  if (run.status !== 'completed') {
    const failed = Object.entries(run.node_outputs as Record<string, { ok: boolean; error: string | null }>).find(([, o]) => !o.ok);
    return { side: 'Atelier', rows, ms, peakRssMb, historyBytes, error: `${run.status}: ${failed ? `${failed[0]}: ${failed[1].error}` : run.error}`, load };
  }
  const file = run.node_outputs.file.output.main as { url: string };
  const result = aggregates(await (await fetch(file.url)).text());
  const parsed = run.node_outputs.parse.output.main;
  console.log(`  Atelier ${rows}: parse → ${JSON.stringify(parsed.$atelier_ref ?? '(inline)')}`);
  return { side: 'Atelier', rows, ms, peakRssMb, historyBytes, result, load };
}

// ---------------------------------------------------------------- n8n

function n8nWorkflow(id: string) {
  const node = (name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({ id: randomUUID(), name, type, typeVersion, position: [x, 0], parameters, ...extra });
  const names = ['Webhook', 'HTTP Request', 'Extract From File', 'Edit Fields', 'Filter', 'Summarize', 'Convert to File'];
  return {
    id,
    name: 'atelier bench: data plane',
    active: false,
    nodes: [
      node('Webhook', 'n8n-nodes-base.webhook', 2, 0, { httpMethod: 'POST', path: 'dataplane', responseMode: 'lastNode', responseData: 'firstEntryBinary', options: {} }, { webhookId: randomUUID() }),
      node('HTTP Request', 'n8n-nodes-base.httpRequest', 4.2, 200, { url: '={{ $json.body.url }}', options: { response: { response: { responseFormat: 'file' } }, timeout: 900_000 } }),
      node('Extract From File', 'n8n-nodes-base.extractFromFile', 1, 400, { operation: 'csv', binaryPropertyName: 'data', options: {} }),
      node('Edit Fields', 'n8n-nodes-base.set', 3.4, 600, {
        assignments: {
          assignments: [
            { id: randomUUID(), name: 'amount', value: '={{ Number($json.amount) }}', type: 'number' },
            { id: randomUUID(), name: 'qty', value: '={{ Number($json.qty) }}', type: 'number' },
          ],
        },
        includeOtherFields: true,
        options: {},
      }),
      node('Filter', 'n8n-nodes-base.filter', 2.2, 800, {
        conditions: {
          options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
          conditions: [{ id: randomUUID(), leftValue: '={{ $json.amount }}', rightValue: 250, operator: { type: 'number', operation: 'gt' } }],
          combinator: 'and',
        },
        options: {},
      }),
      node('Summarize', 'n8n-nodes-base.summarize', 1.1, 1000, {
        fieldsToSummarize: { values: [{ aggregation: 'count', field: 'id' }, { aggregation: 'sum', field: 'amount' }, { aggregation: 'average', field: 'qty' }] },
        fieldsToSplitBy: 'region',
        options: {},
      }),
      node('Convert to File', 'n8n-nodes-base.convertToFile', 1.1, 1200, { operation: 'csv', binaryPropertyName: 'data', options: {} }),
    ],
    connections: Object.fromEntries(names.slice(0, -1).map((n, i) => [n, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }])),
    settings: { executionOrder: 'v1' },
  };
}

/** POSTs to n8n's webhook and waits as long as it takes (no client timeout); the answer's status and body. */
function postWebhook(port: number, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/webhook/dataplane', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function runN8n(n8n: N8n, rows: number, url: string): Promise<Measure> {
  const load = load1();
  memory.reset(n8n.pid);
  let peak = 0;
  let killed = false;
  // Sampled too: if the process dies, /proc no longer has its peak.
  const sampler = setInterval(() => {
    if (!n8n.alive()) return;
    try {
      const m = memory.read(n8n.pid);
      peak = Math.max(peak, m.hwm);
      if (mb(m.rss) > n8nRssLimitMb && !killed) {
        killed = true;
        process.kill(n8n.pid, 'SIGKILL');
      }
    } catch {
      /* the process just exited */
    }
  }, 100);
  const t0 = performance.now();
  try {
    const res = await postWebhook(n8n.port, { url });
    const ms = performance.now() - t0;
    if (n8n.alive()) peak = Math.max(peak, memory.read(n8n.pid).hwm);
    if (res.status !== 200) return { side: 'n8n', rows, ms, peakRssMb: mb(peak), error: `HTTP ${res.status}: ${res.text.slice(0, 300)}`, load };
    return { side: 'n8n', rows, ms, peakRssMb: mb(peak), result: aggregates(res.text), load };
  } catch (err) {
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
    const why = killed ? `killed by the bench past ${n8nRssLimitMb} MB RSS` : n8n.alive() ? (err as Error).message : `n8n exited: ${n8n.stderr().trim().split('\n').slice(-3).join(' | ')}`;
    return { side: 'n8n', rows, ms, peakRssMb: mb(peak), error: why, load };
  } finally {
    clearInterval(sampler);
  }
}

// ---------------------------------------------------------------- main

const fmt = (m: Measure) =>
  `| ${m.side} | ${m.rows.toLocaleString('en-US')} | ${m.ms === undefined ? '–' : (m.ms / 1000).toFixed(1)} s | ${m.peakRssMb ?? '–'} MB | ${m.historyBytes === undefined ? '–' : `${(m.historyBytes / 1024).toFixed(1)} KB`} | ${m.error ?? 'ok'} | ${m.load} |`;

async function main() {
  console.log(`data plane: Atelier vs n8n ${N8N_VERSION}, ${new Date().toISOString()}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, rows ${sizes.join(', ')}, Atelier ATELIER_HEAP_MB ${process.env.ATELIER_HEAP_MB ?? '(default)'}${process.env.BENCH_ATELIER_NODE_OPTIONS ? `, NODE_OPTIONS ${process.env.BENCH_ATELIER_NODE_OPTIONS}` : ''}${process.env.BENCH_ATELIER_NODE_FLAGS ? `, node flags ${process.env.BENCH_ATELIER_NODE_FLAGS}` : ''}, blobs ${blobsInS3 ? `s3 (${s3Endpoint})` : 'local'}`);
  const files = new Map<number, string>();
  for (const rows of [1000, ...sizes]) files.set(rows, await csvFile(rows));
  for (const [rows, path] of files) console.log(`  ${path}: ${rows} rows, ${(statSync(path).size / 1e6).toFixed(1)} MB`);
  const server = await fileServer();
  const atelier = await startAtelier();
  const webhookReady = async (port: number) => (await postWebhook(port, { url: server.url('rows-1000.csv') })).status === 200;
  let n8n = withN8n ? await startN8n(n8nWorkflow('AtelierDataPlane1'), webhookReady, { N8N_RUNNERS_ENABLED: 'false' }) : undefined;
  const results: Measure[] = [];
  try {
    // Warm: each side runs the 1,000-row file once before anything is measured.
    const warm = await runAtelier(atelier, 1000, server.url('rows-1000.csv'));
    if (warm.error) throw new Error(`Atelier's warm-up run failed: ${warm.error}`);
    const nodeFlags = readFileSync(`/proc/${atelier.proc.pid!}/cmdline`, 'utf8').split('\0').filter((a) => /^--(max-|heap-)/.test(a));
    console.log(`  warm: Atelier idle RSS ${mb(memory.read(atelier.proc.pid!).rss)} MB (node ${nodeFlags.join(' ') || 'without a heap flag'})${n8n ? `, n8n idle RSS ${mb(memory.read(n8n.pid).rss)} MB` : ''}`);
    for (const rows of sizes) {
      const url = server.url(`rows-${rows}.csv`);
      const a = await runAtelier(atelier, rows, url);
      results.push(a);
      console.log(fmt(a));
      if (n8n) {
        if (!n8n.alive()) n8n = await startN8n(n8nWorkflow('AtelierDataPlane1'), webhookReady, { N8N_RUNNERS_ENABLED: 'false' });
        const n = await runN8n(n8n, rows, url);
        results.push(n);
        console.log(fmt(n));
        if (a.result && n.result) {
          const same = sameAggregates(a.result, n.result);
          console.log(`  same aggregates on both sides: ${same}`);
          if (!same) console.log(`  Atelier: ${JSON.stringify([...a.result])}\n  n8n:     ${JSON.stringify([...n.result])}`);
        }
        if (a.ms && n.ms && !n.error && !a.error) console.log(`  n8n/Atelier: wall ${(n.ms / a.ms).toFixed(2)}×, peak RSS ${(n.peakRssMb! / a.peakRssMb!).toFixed(2)}×`);
      }
    }
  } finally {
    await n8n?.stop();
    await atelier.close();
    server.close();
  }
  console.log('\n| side | rows | wall | peak RSS (run) | Temporal history | result | load |\n|---|---|---|---|---|---|---|');
  for (const m of results) console.log(fmt(m));
  for (const m of results.filter((r) => r.side === 'Atelier')) {
    if (m.peakRssMb !== undefined && m.peakRssMb > 512) console.log(`NOTE: Atelier's peak RSS ${m.peakRssMb} MB at ${m.rows} rows passes 512 MB`);
    if (m.historyBytes !== undefined && m.historyBytes >= 1024 * 1024) console.log(`NOTE: the history of the ${m.rows}-row run is ${m.historyBytes} bytes (≥ 1 MB)`);
  }
}

await main();
process.exit(0);
