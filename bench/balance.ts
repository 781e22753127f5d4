// Benchmark: authenticated GET /v1/billing/balance (authenticate → tier → key checks → rate-limit
// windows → route → Postgres) next to a bare Express hello-world, in the same run, on loopback.
// Target (issue 4): ≥ 0.5× bare Express throughput, and p99 ≤ 10 ms at 500 req/s.
//
//   npx tsx bench/balance.ts            (uses the test Postgres on :5439 and Temporal on :7633)
//   BENCH_DURATION_S=10 BENCH_CONNECTIONS=32 BENCH_ROUNDS=3 npx tsx bench/balance.ts
//   BENCH_PROFILE_DIR=/tmp/prof npx tsx bench/balance.ts   (CPU profile of the API thread per round)
//   BENCH_LOG_LEVEL=info BENCH_REPORT=/tmp/r.json npx tsx bench/balance.ts > /dev/null   (request log lines on)
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg as osLoadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import express from 'express';
import pg from 'pg';
import { generateApiKey, hashApiKey } from '../src/platform/auth/api-keys';
import { loadConfig } from '../src/config';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { startAtelier } from '../src/runtime';
import { createActivities } from '../activities/index';
import { nodeRegistry } from '../nodes/index';

interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  durationMs: number;
  connections: number;
  /** Requests per second for an open-loop run; omit for closed loop. */
  rate?: number;
}

interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

type Phase = LoadResult & { loadavg: number; elu: number; busyUsPerRequest: number; cpuUsPerRequest: number };
interface Round {
  /** Reference point: bare Express plus the same one-row key+account query on a plain pg pool. */
  bareQueryMax: Phase;
  bareMax: Phase;
  balanceMax: Phase;
  ratio: number;
  bareAt500: Phase;
  balanceAt500: Phase;
}

const durationMs = Number(process.env.BENCH_DURATION_S ?? 8) * 1000;
const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
/** When set, the API thread is CPU-profiled during each closed-loop balance phase (one .cpuprofile per round). */
const profileDir = process.env.BENCH_PROFILE_DIR;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const temporalAddress = process.env.BENCH_TEMPORAL_ADDRESS ?? '127.0.0.1:7633';

const loadavg1 = () => osLoadavg()[0]!;

/** CPU time (user + system, ms) of this process's main thread — the server's — from /proc (Linux). */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); the slice starts at field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Starts the V8 profiler on this (the API) thread; the returned function writes the profile. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), { workerData: spec });
    worker.once('message', (m: LoadResult) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * Bare Express plus one Postgres round trip: the key-and-account lookup authentication makes, on
 * a plain pg pool of the same size. The floor for any design that reads the key on every request
 * (which immediate revocation requires).
 */
async function bareExpressWithQuery(databaseUrl: string, keyHash: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/hello-db', async (_req, res) => {
    const { rows } = await pool.query(
      'select api_keys.*, accounts.balance_micros, accounts.lifetime_spend_micros, accounts.tier_override, accounts.status as account_status from api_keys inner join accounts on accounts.id = api_keys.account_id where api_keys.key_hash = $1',
      [keyHash],
    );
    res.json({ balance: rows[0]?.balance_micros ?? null });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hello-db`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}

async function bareExpress(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hello`, close: () => new Promise((r) => server.close(() => r())) };
}

async function main() {
  const scratch = await createScratchDatabase(pgAdminUrl, 'atelier_bench');
  const database = scratch.name;
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const adminKey = generateApiKey('live');

  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    // warn by default (no line per request); BENCH_LOG_LEVEL=info measures the production default.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: scratch.url,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: `bench-${database}`,
    ATELIER_ROLE: 'api',
    ATELIER_DATA_DIR: dataDir,
    ATELIER_BOOTSTRAP_KEY: adminKey,
    ATELIER_BOOTSTRAP_PASSWORD: 'bench password',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ATELIER_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    // The limiter runs on every request, with windows wide enough that the load never meets them.
    ATELIER_RATE_LIMIT_SCALE: '100000',
  });
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const atelier = await startAtelier(config, { activities: createActivities, nodes: nodeRegistry });
  const bare = await bareExpress();
  const bareQuery = await bareExpressWithQuery(scratch.url, hashApiKey(adminKey));
  const balanceUrl = `${atelier.url}/v1/billing/balance`;
  const auth = { authorization: `Bearer ${adminKey}` };

  try {
    // Warm-up: JIT, pool connections, prepared paths.
    await load({ url: bare.url, headers: {}, durationMs: 1500, connections });
    await load({ url: balanceUrl, headers: auth, durationMs: 1500, connections });

    // The host is shared: bare and balance alternate within each round, each phase records the
    // 1-minute load average it started under, and the report gives every round plus medians.
    const rounds: Round[] = [];
    for (let i = 0; i < roundCount; i++) {
      const phase = async (url: string, headers: Record<string, string>, rate?: number, profile?: string) => {
        const loadavg = Math.round(loadavg1() * 100) / 100;
        const stopProfile = profile ? await startProfile() : undefined;
        const elu0 = performance.eventLoopUtilization();
        const cpu0 = mainThreadCpuMs();
        const result = await load({ url, headers, durationMs, connections: rate ? 64 : connections, rate });
        const elu = performance.eventLoopUtilization(elu0);
        const cpuMs = mainThreadCpuMs() - cpu0;
        if (stopProfile) await stopProfile(profile!);
        // Event-loop busy time of the server thread per request (µs): what one request costs the
        // API thread, including time the OS kept it off the CPU mid-request.
        const busyUsPerRequest = result.requests ? Math.round((elu.active * 1000) / result.requests) : 0;
        // CPU the server thread actually got per request (µs), from the kernel's account of it.
        const cpuUsPerRequest = result.requests ? Math.round((cpuMs * 1000) / result.requests) : 0;
        return { ...result, loadavg, elu: Math.round(elu.utilization * 100) / 100, busyUsPerRequest, cpuUsPerRequest };
      };
      const profile = profileDir ? join(profileDir, `balance-round${i + 1}.cpuprofile`) : undefined;
      const bareMax = await phase(bare.url, {});
      const balanceMax = await phase(balanceUrl, auth, undefined, profile);
      const bareQueryMax = await phase(bareQuery.url, {});
      const bareAt500 = await phase(bare.url, {}, 500);
      const balanceAt500 = await phase(balanceUrl, auth, 500);
      rounds.push({ bareQueryMax, bareMax, balanceMax, ratio: Math.round((balanceMax.rps / bareMax.rps) * 100) / 100, bareAt500, balanceAt500 });
    }

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(rounds.map((r) => r.ratio));
    const p99At500 = median(rounds.map((r) => r.balanceAt500.p99));
    const clean = rounds.every((r) => r.balanceAt500.non2xx === 0 && r.balanceAt500.errors === 0 && r.balanceMax.non2xx === 0);
    const report = {
      date: new Date().toISOString(),
      cpus: (await import('node:os')).cpus().length,
      node: process.version,
      duration_s: durationMs / 1000,
      connections,
      rounds,
      median: {
        ratio,
        bare_rps: median(rounds.map((r) => r.bareMax.rps)),
        balance_rps: median(rounds.map((r) => r.balanceMax.rps)),
        bare_with_query_rps: median(rounds.map((r) => r.bareQueryMax.rps)),
        bare_cpu_us_per_request: median(rounds.map((r) => r.bareMax.cpuUsPerRequest)),
        balance_cpu_us_per_request: median(rounds.map((r) => r.balanceMax.cpuUsPerRequest)),
        bare_with_query_cpu_us_per_request: median(rounds.map((r) => r.bareQueryMax.cpuUsPerRequest)),
        balance_p50_at_500: median(rounds.map((r) => r.balanceAt500.p50)),
        balance_p99_at_500: p99At500,
        bare_p99_at_500: median(rounds.map((r) => r.bareAt500.p99)),
      },
      targets: {
        throughput_ratio_ge_0_5: ratio >= 0.5,
        p99_le_10ms_at_500rps: p99At500 <= 10 && clean,
      },
    };
    console.log(JSON.stringify(report, null, 2));
    // With request logs on stdout, BENCH_REPORT=file keeps the report apart.
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify(report, null, 2));
  } finally {
    await bare.close();
    await bareQuery.close();
    await atelier.stop();
    await scratch.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
