// Benchmark: authenticated GET /v1/billing/balance (authenticate → tier → key checks → rate-limit
// windows → route → Postgres) next to a bare Express hello-world, in the same run, on loopback.
// Target (issue 4): ≥ 0.5× bare Express throughput, and p99 ≤ 10 ms at 500 req/s.
//
//   npx tsx bench/balance.ts            (uses the test Postgres on :5439 and Temporal on :7633)
//   BENCH_DURATION_S=10 BENCH_CONNECTIONS=32 npx tsx bench/balance.ts
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import express from 'express';
import pg from 'pg';
import { generateApiKey } from '../src/auth/api-keys';
import { loadConfig } from '../src/config';
import { startAtelier } from '../src/runtime';

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

const durationMs = Number(process.env.BENCH_DURATION_S ?? 8) * 1000;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://atelier:atelier@127.0.0.1:5439/postgres';
const temporalAddress = process.env.BENCH_TEMPORAL_ADDRESS ?? '127.0.0.1:7633';

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
  const database = `atelier_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const dbUrl = new URL(pgAdminUrl);
  dbUrl.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  const adminKey = generateApiKey('live');

  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
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
  const atelier = await startAtelier(config);
  const bare = await bareExpress();
  const balanceUrl = `${atelier.url}/v1/billing/balance`;
  const auth = { authorization: `Bearer ${adminKey}` };

  try {
    // Warm-up: JIT, pool connections, prepared paths.
    await load({ url: bare.url, headers: {}, durationMs: 1500, connections });
    await load({ url: balanceUrl, headers: auth, durationMs: 1500, connections });

    const bareMax = await load({ url: bare.url, headers: {}, durationMs, connections });
    const balanceMax = await load({ url: balanceUrl, headers: auth, durationMs, connections });
    const bareAt500 = await load({ url: bare.url, headers: {}, durationMs, connections: 64, rate: 500 });
    const balanceAt500 = await load({ url: balanceUrl, headers: auth, durationMs, connections: 64, rate: 500 });

    const ratio = balanceMax.rps / bareMax.rps;
    const report = {
      date: new Date().toISOString(),
      cpus: (await import('node:os')).cpus().length,
      node: process.version,
      duration_s: durationMs / 1000,
      connections,
      closed_loop: { bare_express: bareMax, balance: balanceMax, ratio: Math.round(ratio * 100) / 100 },
      open_loop_500rps: { bare_express: bareAt500, balance: balanceAt500 },
      targets: {
        throughput_ratio_ge_0_5: ratio >= 0.5,
        p99_le_10ms_at_500rps: balanceAt500.p99 <= 10 && balanceAt500.non2xx === 0 && balanceAt500.errors === 0,
      },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await bare.close();
    await atelier.stop();
    const c = new pg.Client({ connectionString: pgAdminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
