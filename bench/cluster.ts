// The same load on a real Temporal server and on the CLI's dev server, in one invocation: the
// server binary on PostgreSQL with four history shards (./temporal-cluster.sh) beside
// `temporal server start-dev` (SQLite, one shard; ./temporal-dev.sh), both with the dynamic config
// docs/production.md recommends.
//
//   trigger → set: bench/n8n.ts's Atelier side alone (an `npm start` process; a closed loop of POST
//   /runs + SSE until run_finished) at each BENCH_CONCURRENCY level (1,50), BENCH_DURATION_S (10) each;
//   chain / fan-out: bench/engine.ts's shapes (BENCH_SHAPES, "chain 10,fan-out 100"), engineRun
//   against the hand-written baseline, medians of BENCH_RUNS (5).
//
// Each part runs against the dev server, then the cluster, then the order flips for the next part,
// so drift in machine load hits both. The dev server is the bench's own (BENCH_DEV_ADDRESS,
// 127.0.0.1:7663); the cluster is BENCH_CLUSTER_ADDRESS (127.0.0.1:7933), started through the script
// when it is not running. Servers this bench started are stopped at the end. PostgreSQL:
// BENCH_PG_ADMIN_URL (else TEST_DATABASE_URL, else the machine's postgres://postgres@127.0.0.1:5432).
// BENCH_RECORD=1 appends the table to bench/RESULTS.md.
//
//   npx tsx bench/cluster.ts
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATELIER_NODE_ARGS } from './lib/atelier-process';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const devAddress = process.env.BENCH_DEV_ADDRESS ?? '127.0.0.1:7663';
const clusterAddress = process.env.BENCH_CLUSTER_ADDRESS ?? '127.0.0.1:7933';
const levels = process.env.BENCH_CONCURRENCY ?? '1,50';
const shapes = process.env.BENCH_SHAPES ?? 'chain 10,fan-out 100';
const load1 = () => loadavg()[0]!.toFixed(1);

interface Server {
  label: string;
  address: string;
  script: string;
  env: NodeJS.ProcessEnv;
  started?: string;
  owned?: boolean;
}

const pg = new URL(pgAdminUrl);
const servers: Server[] = [
  {
    label: 'dev server (SQLite, 1 shard)',
    address: devAddress,
    script: 'temporal-dev.sh',
    started: 'starting Temporal dev server',
    env: { TEMPORAL_ADDRESS: devAddress, ATELIER_DATA_DIR: join(ROOT, '.data', 'bench-cluster'), TEMPORAL_HEADLESS: '1' },
  },
  {
    label: 'cluster (PostgreSQL, 4 shards)',
    address: clusterAddress,
    script: 'temporal-cluster.sh',
    started: 'starting Temporal server',
    env: {
      TEMPORAL_CLUSTER_ADDRESS: clusterAddress,
      TEMPORAL_CLUSTER_PG_URL: `postgres://${pg.username || 'postgres'}${pg.password ? `:${pg.password}` : ''}@${pg.hostname}:${pg.port || 5432}`,
    },
  },
];

function serverScript(s: Server, arg: '--background' | '--stop'): void {
  const r = spawnSync(join(ROOT, s.script), [arg], { cwd: ROOT, env: { ...process.env, ...s.env }, encoding: 'utf8', timeout: 1_200_000 });
  process.stderr.write(r.stderr ?? '');
  if (r.status !== 0) throw new Error(`${s.script} ${arg} exited ${r.status}`);
  if (arg === '--background') s.owned = (r.stderr ?? '').includes(s.started!);
}

/** Runs another bench as a child (its output passed through) and returns its stdout. */
function bench(file: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [...ATELIER_NODE_ARGS.slice(0, 3), file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.once('exit', (code) => (code === 0 ? res(out) : rej(new Error(`${file} exited ${code}`))));
  });
}

interface Figures {
  /** trigger → set per concurrency: runs/s, p50, p99 (ms). */
  set: Map<number, string>;
  /** shape → engine median (baseline median) ms. */
  shapes: Map<string, string>;
}

async function triggerSet(s: Server, f: Figures): Promise<void> {
  const out = await bench('bench/n8n.ts', { BENCH_N8N: '0', BENCH_RAW: '0', BENCH_TEMPORAL_ADDRESS: s.address, BENCH_CONCURRENCY: levels, BENCH_PG_ADMIN_URL: pgAdminUrl });
  for (const m of out.matchAll(/c=(\d+) Atelier {2}([\d.]+) req\/s \(p50 (\d+) ms, p99 (\d+) ms/g)) f.set.set(Number(m[1]), `${m[2]} runs/s (p50 ${m[3]}, p99 ${m[4]} ms)`);
}

async function engineShapes(s: Server, f: Figures): Promise<void> {
  const out = await bench('bench/engine.ts', { TEMPORAL_ADDRESS: s.address, BENCH_SHAPES: shapes, BENCH_SKIP_EXTRA: '1', BENCH_PG_ADMIN_URL: pgAdminUrl });
  for (const m of out.matchAll(/^\| ([^|]+?) \| (\d+) ms \| (\d+) ms \| ([\d.]+)× \|/gm)) f.shapes.set(m[1]!, `${m[3]} ms (baseline ${m[2]} ms)`);
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = load1();
  const figures = new Map<Server, Figures>(servers.map((s) => [s, { set: new Map(), shapes: new Map() }]));
  try {
    for (const s of servers) serverScript(s, '--background');
    console.log(`cluster bench: ${servers.map((s) => `${s.label} on ${s.address}`).join(' vs ')}; load average ${loadAtStart}`);
    const parts: Array<(s: Server, f: Figures) => Promise<void>> = [triggerSet, engineShapes];
    for (const [i, part] of parts.entries()) {
      for (const s of i % 2 === 0 ? servers : [...servers].reverse()) {
        console.log(`\n── ${part.name} on the ${s.label} (load ${load1()}) ──`);
        await part(s, figures.get(s)!);
      }
    }
  } finally {
    for (const s of servers) if (s.owned) serverScript(s, '--stop');
  }
  const [dev, cluster] = servers.map((s) => figures.get(s)!);
  const rows = [
    ...[...dev!.set.keys()].map((c) => `| trigger → set, ${c} client${c === 1 ? '' : 's'} | ${dev!.set.get(c)} | ${cluster!.set.get(c) ?? '—'} |`),
    ...[...dev!.shapes.keys()].map((k) => `| ${k} (engineRun, median) | ${dev!.shapes.get(k)} | ${cluster!.shapes.get(k) ?? '—'} |`),
  ];
  const table = `| shape | ${servers[0]!.label} | ${servers[1]!.label} |\n|---|---|---|\n${rows.join('\n')}`;
  console.log(`\n${table}`);
  if (process.env.BENCH_RECORD === '1') {
    const when = `${startedAt.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC`;
    appendFileSync(
      join(ROOT, 'bench', 'RESULTS.md'),
      `\n## A real Temporal server beside the dev server (bench/cluster.ts), ${when}, load average ${loadAtStart} at start, ${load1()} at the end\n\n` +
        `Both servers with the recommended dynamic config (transfer polls 1000/s, eager activities and starts, 64 MB events cache, GOGC=400); ` +
        `the cluster is temporal-cluster.sh (v1.29.1, all services in one process, PostgreSQL 15 on the same machine).\n\n${table}\n`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
