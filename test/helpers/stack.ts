// A whole Atelier (API + worker) per test file, on the suite's shared Temporal server and
// Postgres server, with its own database, data dir and task queue so files never collide.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { generateApiKey } from '../../src/platform/auth/api-keys';
import { loadConfig, type Config } from '../../src/config';
import { startAtelier, type Atelier, type StartOptions } from '../../src/runtime';
import { createScratchDatabase } from '../../src/infra/db/postgres';
import { createAccount, insertApiKey } from '../../src/platform/accounts/accounts';
import { usdToMicros } from '../../src/platform/billing/money';
import type { KeyEnvironment, KeyType } from '../../src/infra/db/schema/index';
import { createActivities } from '../../activities/index';
import { nodeRegistry } from '../../nodes/index';
import { S3BlobStore } from '../../src/storage/blob-store-s3';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body sent as-is (e.g. malformed JSON). */
  rawBody?: string;
  /** API key or session token; defaults to the stack's admin key. Pass null for none. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface TestStack {
  url: string;
  atelier: Atelier;
  config: Config;
  /** The bootstrap account's admin live key. */
  adminKey: string;
  accountId: string;
  api<T = any>(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  /** Creates another account with an admin key (for isolation tests). */
  newAccount(opts?: { balanceUsd?: number; type?: KeyType; environment?: KeyEnvironment; createdAt?: Date; tier?: string }): Promise<{ accountId: string; key: string }>;
  close(): Promise<void>;
}

/** Requests to an Atelier at `url` as TestStack.api makes them: JSON in and out, `defaultKey` unless `opts.key` says otherwise. */
export function apiClient(url: string, defaultKey: string) {
  return async <T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? defaultKey : opts.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: leave the text */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };
}

/**
 * `TEST_BLOB_STORE=s3` runs every stack's blob store on the suite's S3 server (as production does
 * when S3_ENDPOINT is set), so the file, story and asset suites can be run on either backend.
 */
function blobStoreEnv(suffix: string): Record<string, string> {
  // A bucket per stack, emptied and removed when the stack closes.
  const env: Record<string, string> = { ATELIER_BLOB_BUCKET: `atelier-blobs-t-${suffix.toLowerCase().replace(/[^a-z0-9]/g, '-')}`.slice(0, 63) };
  if (process.env.TEST_BLOB_STORE === 's3') Object.assign(env, { ATELIER_BLOB_STORE: 's3', S3_ENDPOINT: inject('s3Endpoint') });
  return env;
}

/** `opts`: what startAtelier takes besides the config (e.g. a span exporter for tracing tests). */
export async function startStack(env: Record<string, string> = {}, opts: Pick<StartOptions, 'spanExporter'> = {}): Promise<TestStack> {
  const database = await createScratchDatabase(inject('pgAdminUrl'), 'atelier_t');
  const suffix = database.name.slice('atelier_t_'.length);

  const dataDir = mkdtempSync(join(inject('dataDir'), 'stack-'));
  const adminKey = generateApiKey('live');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: `test-${suffix}`,
    ATELIER_DATA_DIR: dataDir,
    ATELIER_BOOTSTRAP_KEY: adminKey,
    ATELIER_BOOTSTRAP_BALANCE_USD: '100',
    ATELIER_BOOTSTRAP_PASSWORD: 'correct horse battery staple',
    ATELIER_ALLOW_PRIVATE_NETWORK: '1',
    // Top-ups credit without payment in tests only (development-only gateway, off by default).
    ATELIER_TOPUP_GATEWAY: 'direct',
    ...blobStoreEnv(suffix),
    ...env,
  });
  const atelier = await startAtelier(config, { ...opts, workflowBundle: { codePath: inject('workflowBundlePath') }, activities: createActivities, nodes: nodeRegistry });
  const url = atelier.url!;
  // The public base URL is only known once the port is; signed URLs must point at it.
  (config as { publicBaseUrl: string }).publicBaseUrl = url;
  (atelier.deps.blobs as unknown as { baseUrl: string }).baseUrl = url;
  const accountId = atelier.bootstrap.accountId!;

  const api = apiClient(url, adminKey);

  return {
    url,
    atelier,
    config,
    adminKey,
    accountId,
    api,
    async newAccount(opts = {}) {
      const account = await createAccount(atelier.deps.db, {
        name: `test ${randomBytes(3).toString('hex')}`,
        openingBalanceMicros: usdToMicros(opts.balanceUsd ?? 100),
        createdAt: opts.createdAt,
      });
      // An assigned tier (as an operator sets accounts.tier_override), e.g. the engine's Medium plan on an empty wallet.
      if (opts.tier) await atelier.deps.db.updateTable('accounts').set({ tier_override: opts.tier }).where('id', '=', account.id).execute();
      const created = await insertApiKey(atelier.deps.db, {
        accountId: account.id,
        name: 'test admin',
        type: opts.type ?? 'admin',
        environment: opts.environment ?? 'production',
      });
      return { accountId: account.id, key: created.key };
    },
    async close() {
      await atelier.stop();
      if (atelier.deps.blobs instanceof S3BlobStore) await dropBucket(atelier.deps.blobs).catch(() => undefined);
      await database.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropBucket(blobs: S3BlobStore): Promise<void> {
  await blobs.server.deleteAll(blobs.bucket, '');
  await blobs.server.root.send(new DeleteBucketCommand({ Bucket: blobs.bucket }));
}
