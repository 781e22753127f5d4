// The fal adapter through @fal-ai/client against a loopback queue host (ATELIER_FAL_BASE_URL):
// submit/status/result/cancel, errors, a 429 with Retry-After, a timeout, ED25519 webhooks
// against the JWKS at ATELIER_FAL_JWKS_URL; then ltx-video-13b (served by fal alone) through
// POST /v1/ai/generate/video as a durable job finished by its signed webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { falAdapter } from '../../../src/generation/providers/fal/index';
import { ProviderError } from '../../../src/generation/providers/errors';
import { isJobHandler, type CallContext, type JobHandler, type VideoRequest } from '../../../src/generation/providers/types';
import { startStack, type TestStack } from '../../helpers/stack';
import { MP4 } from '../provider-jobs/fake-replicate';
import { startFakeFal, type FakeFal } from './fake-fal';

let fake: FakeFal;
let video: JobHandler<VideoRequest>;
let stack: TestStack;
const APP = 'fal-ai/bytedance/seedance/v1/pro/text-to-video';
const ctx = (over: Partial<CallContext> = {}): CallContext => ({ route: { provider: 'fal', model: APP, params: { resolution: '720p' }, cost: {} }, timeoutMs: 1500, ...over });

beforeAll(async () => {
  fake = await startFakeFal();
  const v = falAdapter.create({ baseUrl: fake.url, apiKey: 'fal_key:secret', extra: { ATELIER_FAL_JWKS_URL: fake.jwksUrl }, timeoutMs: 1500 }).capabilities.video!;
  if (!isJobHandler(v)) throw new Error('video must be a job');
  video = v;
  stack = await startStack({ ATELIER_FAL_API_KEY: 'fal_key:secret', ATELIER_FAL_BASE_URL: fake.url, ATELIER_FAL_JWKS_URL: fake.jwksUrl });
});
afterAll(async () => {
  await stack?.close();
  await fake?.close();
});

const caught = async (p: Promise<unknown>): Promise<ProviderError> => {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('expected a rejection');
};

describe('fal adapter', () => {
  it('submits to the queue with the key, the inputs, the route params and fal_webhook; polls status then reads the result', async () => {
    fake.submitMode = 'ok';
    fake.pendingReads = 1;
    const { jobId } = await video.submit({ model: 'seedance-1-pro', prompt: 'a fox', seconds: 5 }, ctx({ job: { id: 'job_1', webhookUrl: 'https://atelier.example/v1/providers/fal/webhook?job=job_1' } }));
    const r = fake.requests.find((x) => x.id === jobId)!;
    expect(r.app).toBe(APP);
    expect(r.auth).toBe('Key fal_key:secret');
    expect(r.input).toEqual({ prompt: 'a fox', duration: '5', resolution: '720p' });
    expect(r.webhook).toBe('https://atelier.example/v1/providers/fal/webhook?job=job_1');
    expect((await video.poll(jobId, ctx())).status).toBe('running');
    const done = await video.poll(jobId, ctx());
    expect(done).toMatchObject({ status: 'succeeded', output: { url: `${fake.url}/files/${jobId}.mp4` }, usage: {} });
  });

  it('a 422 is a client fault with fal\'s detail; a 429 is rate_limited with its Retry-After, at once', async () => {
    fake.submitMode = 422;
    const e = await caught(video.submit({ model: 'm', prompt: 'x', seconds: 7 }, ctx()));
    expect(e.kind).toBe('client');
    expect(e.message).toContain("permitted: '5', '10'");
    fake.submitMode = 429;
    const started = Date.now();
    const r = await caught(video.submit({ model: 'm', prompt: 'x' }, ctx()));
    expect(r.kind).toBe('rate_limited');
    expect(r.retryAfterMs).toBe(3000);
    expect(Date.now() - started).toBeLessThan(1000);
    fake.submitMode = 'ok';
  });

  it('times out a submit that never answers', async () => {
    fake.submitMode = 'hang';
    const e = await caught(video.submit({ model: 'm', prompt: 'x' }, ctx({ timeoutMs: 300 })));
    expect(e.kind).toBe('retryable');
    expect(e.message).toMatch(/timed out/);
    fake.submitMode = 'ok';
  });

  it('a request the app failed reads as failed; cancel stops a queued one', async () => {
    fake.pendingReads = 0;
    const { jobId } = await video.submit({ model: 'm', prompt: 'x' }, ctx());
    fake.requests.find((x) => x.id === jobId)!.failed = true;
    expect(await video.poll(jobId, ctx())).toMatchObject({ status: 'failed', error: { kind: 'client' } });
    fake.pendingReads = Infinity;
    const second = await video.submit({ model: 'm', prompt: 'x' }, ctx());
    await video.cancel(second.jobId, ctx());
    expect(fake.requests.find((x) => x.id === second.jobId)!.status).toBe('CANCELED');
    fake.pendingReads = 1;
  });

  it('verifies webhooks against the JWKS: good, another key, tampered, stale and unsigned', async () => {
    const body = JSON.stringify({ request_id: 'r1', status: 'OK', payload: { video: { url: 'https://v3.fal.media/x.mp4' } } });
    expect(await video.parseWebhook!(fake.signed(body), Buffer.from(body))).toMatchObject({ jobId: 'r1', status: { status: 'succeeded', output: { url: 'https://v3.fal.media/x.mp4' } } });
    expect((await caught(video.parseWebhook!(fake.signed(body, { wrongKey: true }), Buffer.from(body)))).kind).toBe('auth');
    expect((await caught(video.parseWebhook!(fake.signed(body), Buffer.from(body.replace('x.mp4', 'y.mp4'))))).kind).toBe('auth');
    expect((await caught(video.parseWebhook!(fake.signed(body, { ts: Math.floor(Date.now() / 1000) - 3600 }), Buffer.from(body)))).message).toMatch(/tolerance/);
    expect((await caught(video.parseWebhook!({}, Buffer.from(body)))).kind).toBe('auth');
    const failed = JSON.stringify({ request_id: 'r2', status: 'ERROR', error: 'Invalid status code: 422', payload: { detail: [{ msg: 'field required' }] } });
    expect(await video.parseWebhook!(fake.signed(failed), Buffer.from(failed))).toMatchObject({ jobId: 'r2', status: { status: 'failed', error: { kind: 'client' } } });
  });
});

describe('fal video as a durable provider job', () => {
  it('POST /v1/ai/generate/video {model: ltx-video-13b} submits once to fal and its signed webhook finishes it (a forged one does not)', { timeout: 60_000 }, async () => {
    fake.pendingReads = Infinity;
    const res = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'ltx-video-13b', prompt: 'a fox', seconds: 5 } });
    expect(res.status, res.text).toBe(202);
    const jobId = res.body.job_id as string;
    const until = Date.now() + 30_000;
    let r;
    while (!(r = fake.requests.find((x) => x.webhook?.endsWith(`job=${jobId}`))) && Date.now() < until) await new Promise((x) => setTimeout(x, 100));
    expect(r!.app).toBe('fal-ai/ltx-video-13b-distilled');
    // Until the record is written a delivery is not yet about a known job; wait for it.
    while (!(await stack.atelier.deps.db.selectFrom('generation_jobs').select('request').where('id', '=', jobId).executeTakeFirstOrThrow()).request.provider_job) await new Promise((x) => setTimeout(x, 100));
    expect(await fake.complete(r!.id, { wrongKey: true })).toBe(400);
    expect((await stack.api('GET', `/v1/jobs/${jobId}`)).body.status).toBe('processing');
    expect(await fake.complete(r!.id)).toBe(200);
    let job;
    while ((job = (await stack.api('GET', `/v1/jobs/${jobId}`)).body).status === 'processing' && Date.now() < until) await new Promise((x) => setTimeout(x, 100));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.url.startsWith(stack.url)).toBe(true);
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(MP4)).toBe(true);
    expect(fake.requests.filter((x) => x.webhook?.endsWith(`job=${jobId}`))).toHaveLength(1);
  });
});
