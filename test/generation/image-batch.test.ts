// POST /v1/images/batch on a running stack whose worker is a child process: a batch with one
// failing item (refunded by its own ledger row, the rest charged, one images.batch.completed with
// every item's result), its 422/402 refusals, and the worker SIGKILLed mid-batch — every item done
// once and charged once.
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { spawnFaultWorker } from '../engine/runs/fault-worker-process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { download, squareOnWhite } from '../platform/billing/helpers';
import { HookReceiver } from './image-helpers';

let stack: TestStack;
const hooks = new HookReceiver();
const workers: ChildProcess[] = [];
let server: Server;
let base = '';
/** GETs per path, and a delay for paths starting /slow. */
const gets = new Map<string, number>();
let square: Buffer;

beforeAll(async () => {
  square = await squareOnWhite();
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    gets.set(path, (gets.get(path) ?? 0) + 1);
    const send = () => (path.endsWith('.txt') ? res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image') : res.writeHead(200, { 'content-type': 'image/png' }).end(square));
    if (path.startsWith('/slow')) setTimeout(send, 900);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await hooks.start();
  stack = await startStack({ ATELIER_ROLE: 'api', ATELIER_WEBHOOK_CA_FILE: hooks.certFile });
  await startWorker();
}, 180_000);
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) process.kill(-w.pid!, 'SIGKILL');
  await stack?.close();
  await hooks.close();
  await new Promise((resolve) => server.close(resolve));
});

function startWorker(): Promise<ChildProcess> {
  const c = stack.config;
  const env = {
    ...process.env,
    NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: c.databaseUrl!, TEMPORAL_ADDRESS: c.temporal.address, TEMPORAL_TASK_QUEUE: c.temporal.taskQueue,
    ATELIER_DATA_DIR: c.dataDir, SESSION_SECRET: c.sessionSecret, ATELIER_ENCRYPTION_KEY: c.encryptionKey.toString('hex'), ATELIER_BLOB_BUCKET: c.blobs.bucket,
    PUBLIC_BASE_URL: stack.url, ATELIER_ALLOW_PRIVATE_NETWORK: '1', ATELIER_WEBHOOK_CA_FILE: hooks.certFile, FAULT_WORKER_BUNDLE: inject('workflowBundlePath'),
  };
  return spawnFaultWorker(env, workers);
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const finished = (jobId: string, key: string) =>
  waitFor('the batch', async () => {
    const r = await stack.api('GET', `/v1/jobs/${jobId}`, { key });
    return r.body.status !== 'processing' ? r.body : undefined;
  }, 90_000);
const ledger = (jobId: string) => stack.atelier.deps.db.selectFrom('ledger_entries').select(['operation_id', 'kind', 'amount_micros']).where('operation_id', 'like', `gen:${jobId}%`).orderBy('id').execute();

describe('POST /v1/images/batch', () => {
  it('one failing item: refunded, the rest charged, per-item results, one images.batch.completed', { timeout: 90_000 }, async () => {
    const acct = await stack.newAccount({ balanceUsd: 50 });
    expect((await stack.api('POST', '/v1/console/webhooks', { key: acct.key, body: { name: 'batch', url: hooks.url('/batch'), events: ['images.batch.completed'] } })).status).toBe(201);
    const r = await stack.api('POST', '/v1/images/batch', {
      key: acct.key,
      body: { operation: 'shadow', params: { blur: 2, offset_x: 4, offset_y: 4 }, images: [{ image_url: `${base}/a.png` }, { image_url: `${base}/b.png`, opacity: 0.9, format: 'webp' }, { image_url: `${base}/notes.txt` }] },
    });
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ object: 'job', type: 'image-tool', model: 'atelier-shadow-v1', status: 'processing', poll_url: expect.stringContaining(`/v1/jobs/${r.body.job_id}`) });
    const unitUsd = r.body.billing.cost_usd / 3;
    const job = await finished(r.body.job_id, acct.key);
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({ operation: 'shadow', total: 3, completed: 2, failed: 1 });
    const items = job.result.items;
    expect(items.map((i: any) => i.status)).toEqual(['completed', 'completed', 'failed']);
    expect(items[2].error).toMatch(/not a decodable image/);
    const first = await download(items[0].url);
    expect(await sharp(first.data).metadata()).toMatchObject({ format: 'png', width: 120 + 8 * 2, height: 80 + 8 * 2, hasAlpha: true });
    expect((await sharp((await download(items[1].url)).data).metadata()).format).toBe('webp');
    expect(job.billing.usd_charged).toBeCloseTo(unitUsd * 2, 9);

    const rows = await ledger(r.body.job_id);
    const unit = -rows[0]!.amount_micros / 3;
    expect(rows).toEqual([
      { operation_id: `gen:${r.body.job_id}`, kind: 'charge', amount_micros: -unit * 3 },
      { operation_id: `gen:${r.body.job_id}:refund:2`, kind: 'refund', amount_micros: unit },
    ]);
    const events = await hooks.waitFor('images.batch.completed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      job_id: r.body.job_id, operation: 'shadow', status: 'completed', total: 3, completed: 2, failed: 1,
      items: [
        { index: 0, status: 'completed', url: expect.any(String), format: 'png', error: null },
        { index: 1, status: 'completed', format: 'webp' },
        { index: 2, status: 'failed', url: null, error: expect.stringMatching(/not a decodable image/) },
      ],
    });
    expect(events[0]!.data.billing.usd_charged).toBeCloseTo(unitUsd * 2, 9);
  });

  it('refuses bad items in one 422, more than 50 images, mixed modes, and an empty wallet (402, nothing moved)', async () => {
    const bad = await stack.api('POST', '/v1/images/batch', { body: { operation: 'upscale', params: { scale: 2 }, images: [{ image_url: `${base}/a.png` }, { image_url: `${base}/b.png`, scale: 3 }, { image_url: `${base}/c.png`, format: 'gif' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.images.1.scale', 'body.images.2.format']);
    const noUrl = await stack.api('POST', '/v1/images/batch', { body: { operation: 'colorize', images: [{ image_url: `${base}/a.png` }, {}] } });
    expect(noUrl.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.images.1.image_url']);
    const shared = await stack.api('POST', '/v1/images/batch', { body: { operation: 'upscale', images: [{ image_url: `${base}/a.png` }] } });
    expect(shared.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.params.scale']);
    const many = await stack.api('POST', '/v1/images/batch', { body: { operation: 'colorize', images: Array.from({ length: 51 }, () => ({ image_url: `${base}/a.png` })) } });
    expect(many.status).toBe(422);
    expect(many.body.detail[0].loc).toEqual(['body', 'images']);
    const mixed = await stack.api('POST', '/v1/images/batch', { body: { operation: 'background', params: { mode: 'remove' }, images: [{ image_url: `${base}/a.png` }, { image_url: `${base}/b.png`, mode: 'blur' }] } });
    expect(mixed.status).toBe(422);
    expect(mixed.body.detail[0].loc).toEqual(['body', 'images', 1]);
    const poor = await stack.newAccount({ balanceUsd: 0 });
    const refused = await stack.api('POST', '/v1/images/batch', { key: poor.key, body: { operation: 'colorize', images: [{ image_url: `${base}/a.png` }] } });
    expect(refused.status).toBe(402);
    const db = stack.atelier.deps.db;
    expect(await db.selectFrom('generation_jobs').selectAll().where('account_id', '=', poor.accountId).execute()).toEqual([]);
    expect(await db.selectFrom('ledger_entries').selectAll().where('account_id', '=', poor.accountId).where('kind', 'in', ['charge', 'refund']).execute()).toEqual([]);
  });

  it('a sandbox key runs a batch on the local provider and is never charged', { timeout: 60_000 }, async () => {
    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const r = await stack.api('POST', '/v1/images/batch', { key: sandbox.key, body: { operation: 'upscale', params: { scale: 2, model: 'real-esrgan' }, images: [{ image_url: `${base}/a.png` }] } });
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({ sandbox: true, billing: { cost_usd: 0 } });
    const job = await finished(r.body.job_id, sandbox.key);
    expect(job).toMatchObject({ status: 'completed', sandbox: true, billing: { usd_charged: 0 }, result: { completed: 1 } });
    expect(await sharp((await download(job.result.items[0].url)).data).metadata()).toMatchObject({ width: 240, height: 160 });
    expect(await ledger(r.body.job_id)).toEqual([]);
  });

  it('the worker SIGKILLed mid-batch: every item done once and charged once', { timeout: 180_000 }, async () => {
    const count = 5;
    const r = await stack.api('POST', '/v1/images/batch', { body: { operation: 'colorize', images: Array.from({ length: count }, (_, i) => ({ image_url: `${base}/slow-${i}.png` })) } });
    expect(r.status, r.text).toBe(202);
    const jobId = r.body.job_id as string;
    const db = stack.atelier.deps.db;
    const doneCount = async () => {
      const row = await db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirstOrThrow();
      return (row.request.result as any).items.filter((i: any) => i.status !== 'pending').length as number;
    };
    // Progress shows while it runs; kill the worker with two items done and the third in flight.
    await waitFor('two items', async () => ((await doneCount()) >= 2 ? true : undefined));
    const progress = await stack.api('GET', `/v1/jobs/${jobId}`);
    expect(progress.body.status).toBe('processing');
    expect(progress.body.result.completed).toBeGreaterThanOrEqual(2);
    const killedAt = await doneCount();
    process.kill(-workers.at(-1)!.pid!, 'SIGKILL');
    await startWorker();

    const job = await finished(jobId, stack.adminKey);
    expect(job.status).toBe('completed');
    expect(job.result).toMatchObject({ total: count, completed: count, failed: 0 });
    // Items recorded before the kill were never fetched again; only the one in flight may have been.
    for (let i = 0; i < killedAt; i++) expect(gets.get(`/slow-${i}.png`), `item ${i}`).toBe(1);
    const refetched = Array.from({ length: count }, (_, i) => gets.get(`/slow-${i}.png`) ?? 0).filter((n) => n > 1);
    expect(refetched.length).toBeLessThanOrEqual(1);
    const rows = await ledger(jobId);
    expect(rows.map((x) => x.operation_id)).toEqual([`gen:${jobId}`]);
    expect(job.billing.usd_charged).toBeCloseTo(r.body.billing.cost_usd, 9);
    const stored: string[] = [];
    for await (const b of stack.atelier.deps.blobs.list(`${stack.accountId}/generations/`)) if (b.key.includes(jobId)) stored.push(b.key);
    expect(stored).toHaveLength(count);
    const urls = new Set(job.result.items.map((i: any) => i.url));
    expect(urls.size).toBe(count);
  });
});
