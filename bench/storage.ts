// Benchmark: object transfers through Atelier's storage API next to the same transfers made
// directly against the S3 server with the AWS SDK, in the same run, on loopback.
//
//   Through Atelier: POST …/objects/presign-upload (or presign-download) on the API, then the PUT (GET)
//                    to the presigned URL with plain fetch; and POST /v1/photos/upload (multipart,
//                    streamed through the API to the server).
//   Directly:        PutObject / GetObject with the bucket's own access key (SDK signing, no API hop).
//
//   npx tsx bench/storage.ts    (Postgres: TEST_DATABASE_URL or :5432; Temporal :7633; S3: BENCH_S3_ENDPOINT or :7634)
//   BENCH_SIZES=65536,8388608 BENCH_COUNT=40 BENCH_CONCURRENCY=4 BENCH_ROUNDS=3 npx tsx bench/storage.ts
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { generateApiKey } from '../src/platform/auth/api-keys';
import { issueSessionToken } from '../src/platform/auth/sessions';
import { loadConfig } from '../src/config';
import { createScratchDatabase } from '../src/infra/db/postgres';
import { startAtelier } from '../src/runtime';
import { createActivities } from '../activities/index';
import { nodeRegistry } from '../nodes/index';

const sizes = (process.env.BENCH_SIZES ?? '65536,8388608').split(',').map(Number);
const count = Number(process.env.BENCH_COUNT ?? 40);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const s3Address = (process.env.BENCH_S3_ENDPOINT ?? 'http://127.0.0.1:7634').replace(/^https?:\/\//, '');
const root = resolve(import.meta.dirname, '..');

async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function timed(bytesEach: number, fn: (i: number) => Promise<void>) {
  const ids = Array.from({ length: count }, (_, i) => i);
  const started = performance.now();
  await pool(ids, concurrency, fn);
  const seconds = (performance.now() - started) / 1000;
  return { ops: count / seconds, mbps: (bytesEach * count) / seconds / 1024 ** 2 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-storage-'));
  execFileSync(join(root, 's3-dev.sh'), ['--background'], { env: { ...process.env, S3_DEV_ADDRESS: s3Address, ATELIER_DATA_DIR: join(root, '.data/test') }, stdio: 'inherit' });
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'atelier_bench');
  const adminKey = generateApiKey('live');
  const config = loadConfig({
    NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7633', TEMPORAL_TASK_QUEUE: `bench-storage-${randomBytes(3).toString('hex')}`,
    ATELIER_DATA_DIR: dataDir, ATELIER_BOOTSTRAP_KEY: adminKey, ATELIER_BOOTSTRAP_BALANCE_USD: '1000',
    S3_ENDPOINT: `http://${s3Address}`, ATELIER_STORAGE_BUYS_PER_MINUTE: '100',
  });
  const atelier = await startAtelier(config, { activities: createActivities, nodes: nodeRegistry });
  (config as { publicBaseUrl: string }).publicBaseUrl = atelier.url!;
  const url = atelier.url!;
  try {
    const session = await issueSessionToken(config.sessionSecret, { accountId: atelier.bootstrap.accountId! });
    const json = async (method: string, path: string, body?: unknown, key = session) => {
      const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };
    const bought = await json('POST', '/v1/storage/s3/buy', { display_name: 'bench', quota_gb: 100 });
    const b = bought.bucket.id as string;
    const direct = new S3Client({
      endpoint: `http://${s3Address}`, region: config.storage.region, forcePathStyle: true,
      credentials: { accessKeyId: bought.access_key_id, secretAccessKey: bought.secret_access_key },
      requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await json('POST', '/v1/buckets', { name: 'bench', max_file_size_mb: 5120 }, adminKey);

    const rows: string[] = [];
    for (const size of sizes) {
      const body = randomBytes(size);
      const results: Record<string, { ops: number; mbps: number }[]> = { viaUp: [], directUp: [], viaDown: [], directDown: [], simpleUp: [] };
      for (let r = 0; r < rounds; r++) {
        results.directUp!.push(await timed(size, async (i) => {
          await direct.send(new PutObjectCommand({ Bucket: bought.bucket.aws_bucket_name, Key: `d/${size}/${i}`, Body: body, ContentLength: size }));
        }));
        results.viaUp!.push(await timed(size, async (i) => {
          const p = await json('POST', `/v1/storage/s3/buckets/${b}/objects/presign-upload`, { key: `v/${size}/${i}` });
          const res = await fetch(p.upload_url, { method: 'PUT', body });
          if (!res.ok) throw new Error(`presigned PUT ${res.status}`);
        }));
        results.directDown!.push(await timed(size, async (i) => {
          const o = await direct.send(new GetObjectCommand({ Bucket: bought.bucket.aws_bucket_name, Key: `d/${size}/${i}` }));
          await o.Body!.transformToByteArray();
        }));
        results.viaDown!.push(await timed(size, async (i) => {
          const p = await json('POST', `/v1/storage/s3/buckets/${b}/objects/presign-download`, { key: `v/${size}/${i}` });
          const res = await fetch(p.url);
          await res.arrayBuffer();
        }));
        results.simpleUp!.push(await timed(size, async (i) => {
          const form = new FormData();
          form.append('bucket_name', 'bench');
          form.append('file', new Blob([body]), `f${i}.bin`);
          const res = await fetch(`${url}/v1/photos/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${adminKey}` } });
          if (res.status !== 201) throw new Error(`upload ${res.status} ${await res.text()}`);
        }));
      }
      const best = (k: string) => results[k]!.reduce((a, x) => (x.mbps > a.mbps ? x : a));
      const fmt = (k: string) => `${best(k).mbps.toFixed(1)} MB/s (${best(k).ops.toFixed(1)} ops/s)`;
      const ratio = (a: string, d: string) => (best(a).mbps / best(d).mbps).toFixed(2);
      rows.push(`| ${size >= 1024 ** 2 ? `${size / 1024 ** 2} MB` : `${size / 1024} KB`} | upload | ${fmt('viaUp')} | ${fmt('directUp')} | ${ratio('viaUp', 'directUp')}× |`);
      rows.push(`| ${size >= 1024 ** 2 ? `${size / 1024 ** 2} MB` : `${size / 1024} KB`} | download | ${fmt('viaDown')} | ${fmt('directDown')} | ${ratio('viaDown', 'directDown')}× |`);
      rows.push(`| ${size >= 1024 ** 2 ? `${size / 1024 ** 2} MB` : `${size / 1024} KB`} | simple-bucket upload (multipart through the API) | ${fmt('simpleUp')} | ${fmt('directUp')} | ${ratio('simpleUp', 'directUp')}× |`);
    }
    console.log(`\n${count} objects per size, concurrency ${concurrency}, best of ${rounds} rounds; load average ${loadavg()[0]!.toFixed(1)}\n`);
    console.log('| size | transfer | through Atelier (presign + fetch) | directly (AWS SDK) | ratio |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await atelier.stop();
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
