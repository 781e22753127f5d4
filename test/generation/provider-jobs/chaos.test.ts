// Chaos: the worker is SIGKILLed while a Replicate render is pending. The API runs in this process
// (ATELIER_ROLE=api); the worker is a child process (test/engine/runs/fault-worker.ts) killed with
// its whole process group, then a new one started. The job finishes with one submission, one
// charge and the output stored once.
import type { ChildProcess } from 'node:child_process';
import { spawnFaultWorker } from '../../engine/runs/fault-worker-process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { MP4, startFakeReplicate, type FakeReplicate } from './fake-replicate';

let stack: TestStack;
let fake: FakeReplicate;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeReplicate();
  stack = await startStack({ ATELIER_ROLE: 'api', ATELIER_REPLICATE_API_KEY: 'r8_test', ATELIER_REPLICATE_BASE_URL: fake.baseUrl });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) process.kill(-w.pid!, 'SIGKILL');
  await stack?.close();
  await fake?.close();
});

function startWorker(): Promise<ChildProcess> {
  const c = stack.config;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: c.databaseUrl!,
    TEMPORAL_ADDRESS: c.temporal.address,
    TEMPORAL_TASK_QUEUE: c.temporal.taskQueue,
    ATELIER_DATA_DIR: c.dataDir,
    SESSION_SECRET: c.sessionSecret,
    ATELIER_ENCRYPTION_KEY: c.encryptionKey.toString('hex'),
    ATELIER_BLOB_BUCKET: c.blobs.bucket,
    PUBLIC_BASE_URL: stack.url,
    ATELIER_REPLICATE_API_KEY: 'r8_test',
    ATELIER_REPLICATE_BASE_URL: fake.baseUrl,
    FAULT_WORKER_BUNDLE: inject('workflowBundlePath'),
  };
  return spawnFaultWorker(env, workers);
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('provider job: worker SIGKILLed while the render is pending', () => {
  it('one submission, one charge, the output stored once', { timeout: 240_000 }, async () => {
    fake.processingGets = Infinity;
    const first = await startWorker();
    const res = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'seedance-1-pro', prompt: 'a fox', seconds: 5 } });
    expect(res.status, res.text).toBe(202);
    const jobId = res.body.job_id as string;
    const db = stack.atelier.deps.db;
    const p = await waitFor('the prediction', () => fake.predictions.find((x) => x.webhook?.endsWith(`job=${jobId}`)));
    // The provider's id is recorded, and the worker is polling a render that is still running.
    await waitFor('the record', async () => (await db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirst())?.request.provider_job);
    await waitFor('a poll', () => (p.gets >= 1 ? true : undefined));
    process.kill(-first.pid!, 'SIGKILL');
    // The render finishes while no worker runs.
    fake.processingGets = 0;
    await startWorker();

    const job = await waitFor('the job to finish', async () => {
      const r = await stack.api('GET', `/v1/jobs/${jobId}`);
      return r.body.status !== 'processing' ? r.body : undefined;
    }, 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(fake.predictions.filter((x) => x.webhook?.endsWith(`job=${jobId}`))).toHaveLength(1);
    const charges = await db.selectFrom('ledger_entries').selectAll().where('operation_id', 'like', `gen:${jobId}%`).execute();
    expect(charges.map((c) => c.operation_id)).toEqual([`gen:${jobId}`]);
    expect(fake.fileGets).toBe(1);
    const stored: string[] = [];
    for await (const b of stack.atelier.deps.blobs.list(`${stack.accountId}/generations/`)) if (b.key.includes(jobId)) stored.push(b.key);
    expect(stored).toHaveLength(1);
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(MP4)).toBe(true);
  });
});
