// A video on Replicate as a durable provider job, end to end through the API: POST
// /v1/ai/generate/video {"model":"seedance-1-pro"} with ATELIER_REPLICATE_API_KEY set and the base
// URL at a loopback Replicate. Polling alone finishes it; a signed webhook finishes it when polling
// would not; a bad signature answers 400 and changes nothing; cancel stops the prediction and
// refunds; a result URL that redirects to a private address fails the job (refunded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { MP4, startFakeReplicate, type FakeReplicate } from './fake-replicate';

let stack: TestStack;
let fake: FakeReplicate;

beforeAll(async () => {
  fake = await startFakeReplicate();
  stack = await startStack({
    ATELIER_REPLICATE_API_KEY: 'r8_test',
    ATELIER_REPLICATE_BASE_URL: fake.baseUrl,
    ATELIER_REPLICATE_WEBHOOK_SECRET: fake.secret,
    // Result URLs are checked like user URLs (only the provider's own host may be private).
    ATELIER_ALLOW_PRIVATE_NETWORK: '',
  });
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const finished = (id: string) => waitFor(`job ${id}`, async () => {
  const r = await stack.api('GET', `/v1/jobs/${id}`);
  return r.body.status !== 'processing' ? r.body : undefined;
});

const ledger = (jobId: string) => stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('operation_id', 'like', `gen:${jobId}%`).execute();
const balance = async () => (await stack.api('GET', '/v1/billing/balance')).body;

async function startVideo(): Promise<string> {
  const res = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'seedance-1-pro', prompt: 'a red fox in the snow', seconds: 5 } });
  expect(res.status, res.text).toBe(202);
  return res.body.job_id as string;
}

describe('replicate video as a durable provider job', () => {
  it('submits one prediction, polls it to the end and serves the copy from Atelier', async () => {
    fake.processingGets = 1;
    const before = fake.predictions.length;
    const jobId = await startVideo();
    const job = await finished(jobId);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(fake.predictions.length - before).toBe(1);
    const p = fake.predictions.at(-1)!;
    expect(p.model).toBe('bytedance/seedance-1-pro');
    expect(p.input).toMatchObject({ prompt: 'a red fox in the snow', duration: 5 });
    expect(p.webhook).toBe(`${stack.url}/v1/providers/replicate/webhook?job=${jobId}`);
    // Only an Atelier URL reaches the client, and it serves the provider's bytes as they were.
    expect(job.url.startsWith(stack.url)).toBe(true);
    expect(job.url).not.toContain(fake.url);
    const file = Buffer.from(await (await fetch(job.url)).arrayBuffer());
    expect(file.equals(MP4)).toBe(true);
    const row = await stack.atelier.deps.db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.request.provider_job).toMatchObject({ provider: 'replicate', id: p.id, model: 'bytedance/seedance-1-pro' });
    const entries = await ledger(jobId);
    expect(entries.filter((e) => e.operation_id === `gen:${jobId}`)).toHaveLength(1);
  });

  it('a signed webhook finishes the job; a bad signature answers 400 and changes nothing', async () => {
    fake.processingGets = Infinity; // polling alone would never finish it
    const jobId = await startVideo();
    const p = await waitFor('the prediction', async () => fake.predictions.find((x) => x.webhook?.endsWith(`job=${jobId}`)));
    // Wait until the job's record is written, so the delivery is about a known provider job.
    await waitFor('the record', async () => {
      const row = await stack.atelier.deps.db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirst();
      return row?.request.provider_job;
    });
    expect(await fake.complete(p.id, { badSignature: true })).toBe(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stack.api('GET', `/v1/jobs/${jobId}`)).body.status).toBe('processing');
    const unsigned = await fetch(`${stack.url}/v1/providers/replicate/webhook?job=${jobId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: p.id, status: 'succeeded', output: 'http://10.0.0.1/x.mp4' }) });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { detail: string }).detail).toMatch(/Webhook refused/);
    expect(await fake.complete(p.id)).toBe(200);
    const job = await finished(jobId);
    expect(job.status).toBe('completed');
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(MP4)).toBe(true);
  });

  it('a sandbox key asking for seedance-1-pro gets the local provider: no prediction, no charge', async () => {
    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const before = fake.predictions.length;
    const res = await stack.api('POST', '/v1/ai/generate/video', { key: sandbox.key, body: { model: 'seedance-1-pro', prompt: 'a fox', seconds: 1 } });
    expect(res.status, res.text).toBe(202);
    const job = await waitFor('the sandbox job', async () => {
      const r = await stack.api('GET', `/v1/jobs/${res.body.job_id}`, { key: sandbox.key });
      return r.body.status !== 'processing' ? r.body : undefined;
    });
    expect(job.status).toBe('completed');
    expect(job.billing.usd_charged).toBe(0);
    expect(fake.predictions.length).toBe(before);
  });

  it('an unknown provider route is 404', async () => {
    expect((await fetch(`${stack.url}/v1/providers/nosuch/webhook`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('cancel stops the prediction and refunds the charge', async () => {
    fake.processingGets = Infinity;
    const start = (await balance()).balance_usd;
    const jobId = await startVideo();
    const p = await waitFor('the prediction', async () => fake.predictions.find((x) => x.webhook?.endsWith(`job=${jobId}`)));
    expect((await balance()).balance_usd).toBeLessThan(start);
    const res = await stack.api('POST', `/v1/jobs/${jobId}/cancel`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('failed');
    expect(res.body.error).toMatch(/canceled/);
    await waitFor('the prediction to be canceled', async () => p.status === 'canceled' || undefined);
    expect((await balance()).balance_usd).toBe(start);
    expect((await stack.api('POST', `/v1/jobs/${jobId}/cancel`)).status).toBe(409);
    // Another account cannot see (or cancel) it.
    const other = await stack.newAccount();
    expect((await stack.api('POST', `/v1/jobs/${jobId}/cancel`, { key: other.key })).status).toBe(404);
  });

  it('a result URL that redirects to a private address fails the job and refunds it', async () => {
    fake.processingGets = 0;
    fake.outputUrl = () => `${fake.url}/files/redirect-private`;
    const start = (await balance()).balance_usd;
    const gets = fake.fileGets;
    try {
      const jobId = await startVideo();
      const job = await finished(jobId);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/does not reach/);
      expect(fake.fileGets - gets).toBe(1); // refused, not retried
      expect((await balance()).balance_usd).toBe(start);
    } finally {
      fake.outputUrl = undefined;
    }
  });
});
