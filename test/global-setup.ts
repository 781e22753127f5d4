// Brings up what the whole suite shares — one Temporal dev server, one PostgreSQL server and one
// workflow bundle per run — and hands their coordinates to the test files through `provide`.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/infra/db/postgres';
import { bundleWorkflows } from '../src/infra/temporal/worker';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.ATELIER_TEST_DATA_DIR ?? '.data/test');
const temporalAddress = process.env.TEST_TEMPORAL_ADDRESS ?? '127.0.0.1:7633';
const s3Address = process.env.TEST_S3_ADDRESS ?? '127.0.0.1:7634';

declare module 'vitest' {
  export interface ProvidedContext {
    temporalAddress: string;
    /** The suite's S3-compatible server (s3-dev.sh: versitygw, development root credentials). */
    s3Endpoint: string;
    pgAdminUrl: string;
    workflowBundlePath: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();

  const temporal = (async () => {
    const env = { ...process.env, TEMPORAL_ADDRESS: temporalAddress, ATELIER_DATA_DIR: dataDir, TEMPORAL_HEADLESS: '1' };
    const { stderr } = await run(join(root, 'temporal-dev.sh'), ['--background'], { env });
    return { env, ownedByUs: stderr.includes('starting Temporal dev server') };
  })();

  let pg: RunningPostgres | undefined;
  const adminUrl = (async () => {
    const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (external) return external;
    pg = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port: Number(process.env.TEST_PG_PORT ?? 5439), database: 'postgres' });
    return pg.adminUrl;
  })();

  const bundle = (async () => {
    const { code } = await bundleWorkflows();
    // One file per run: concurrent runs (several terminals, several engineers) must never read
    // each other's half-written bundle.
    const path = join(dataDir, `workflow-bundle-${process.pid}.js`);
    writeFileSync(path, code);
    return path;
  })();

  const s3 = (async () => {
    const env = { ...process.env, S3_DEV_ADDRESS: s3Address, ATELIER_DATA_DIR: dataDir };
    const { stderr } = await run(join(root, 's3-dev.sh'), ['--background'], { env });
    return { env, ownedByUs: stderr.includes('starting versitygw') };
  })();

  const [t, url, bundlePath, s3Server] = await Promise.all([temporal, adminUrl, bundle, s3]);
  project.provide('temporalAddress', temporalAddress);
  project.provide('s3Endpoint', `http://${s3Address}`);
  project.provide('pgAdminUrl', url);
  project.provide('workflowBundlePath', bundlePath);
  project.provide('dataDir', dataDir);
  console.log(`[global-setup] Temporal ${temporalAddress}, Postgres ready, workflow bundle built in ${Date.now() - started} ms`);

  return async () => {
    rmSync(bundlePath, { force: true });
    if (t.ownedByUs) await run(join(root, 'temporal-dev.sh'), ['--stop'], { env: t.env }).catch(() => undefined);
    if (s3Server.ownedByUs) await run(join(root, 's3-dev.sh'), ['--stop'], { env: s3Server.env }).catch(() => undefined);
    await pg?.stop();
  };
}
