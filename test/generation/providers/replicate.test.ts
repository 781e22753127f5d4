// The Replicate adapter through the replicate SDK against a loopback server speaking its
// predictions API: create/get/cancel, errors into ProviderError kinds, Standard Webhooks
// verification, and a result URL that redirects to a private address (refused).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicateAdapter } from '../../../src/generation/providers/replicate/index';
import { ProviderError } from '../../../src/generation/providers/errors';
import { isJobHandler, type CallContext, type JobHandler, type VideoRequest, type RunHandler, type ImageRequest, type MediaResult } from '../../../src/generation/providers/types';
import { fetchOutput } from '../../../src/generation/provider-jobs/fetch-output';
import { MP4, startFakeReplicate, type FakeReplicate } from '../provider-jobs/fake-replicate';

let fake: FakeReplicate;
let video: JobHandler<VideoRequest>;
let image: RunHandler<ImageRequest, MediaResult>;
const ctx = (over: Partial<CallContext> = {}): CallContext => ({
  route: { provider: 'replicate', model: 'bytedance/seedance-1-pro', params: { resolution: '480p' }, cost: { per_second: 0.03 } },
  timeoutMs: 1500,
  ...over,
});

beforeAll(async () => {
  fake = await startFakeReplicate();
  const adapter = replicateAdapter.create({ baseUrl: fake.baseUrl, apiKey: 'r8_test', extra: { ATELIER_REPLICATE_WEBHOOK_SECRET: fake.secret }, timeoutMs: 1500 });
  const v = adapter.capabilities.video!;
  if (!isJobHandler(v)) throw new Error('video must be a job');
  video = v;
  image = adapter.capabilities.image!;
});
afterAll(() => fake.close());

const caught = async (p: Promise<unknown>): Promise<ProviderError> => {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('expected a rejection');
};

describe('replicate adapter', () => {
  it('creates a prediction on the model route with the inputs, the route params and the webhook; polls it to its output', async () => {
    fake.createMode = 'ok';
    const { jobId } = await video.submit({ model: 'seedance-1-pro', prompt: 'a fox', seconds: 5, width: 1280, height: 720 }, ctx({ job: { id: 'job_x', webhookUrl: 'https://atelier.example/v1/providers/replicate/webhook?job=job_x' } }));
    const p = fake.predictions.find((x) => x.id === jobId)!;
    expect(p.model).toBe('bytedance/seedance-1-pro');
    expect(p.input).toEqual({ prompt: 'a fox', duration: 5, aspect_ratio: '16:9', resolution: '480p' });
    expect(p.webhook).toBe('https://atelier.example/v1/providers/replicate/webhook?job=job_x');
    expect(p.auth).toBe('Bearer r8_test');
    const first = await video.poll(jobId, ctx());
    expect(first).toMatchObject({ status: 'running', progress: 0.4 });
    const done = await video.poll(jobId, ctx());
    expect(done.status).toBe('succeeded');
    expect(done.output).toEqual({ url: `${fake.url}/files/${jobId}.mp4` });
  });

  it('reads a 422 as a client fault with Replicate\'s detail, a 500 as retryable', async () => {
    fake.createMode = 422;
    const e = await caught(video.submit({ model: 'm', prompt: 'x', seconds: 60 }, ctx()));
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.kind).toBe('client');
    expect(e.message).toContain('input.duration: Must be less than or equal to 12');
    fake.createMode = 500;
    expect((await caught(video.submit({ model: 'm', prompt: 'x' }, ctx()))).kind).toBe('retryable');
  });

  it('reads a 429 as rate_limited with its Retry-After', async () => {
    fake.createMode = 429;
    const e = await caught(video.submit({ model: 'm', prompt: 'x' }, ctx()));
    expect(e.kind).toBe('rate_limited');
    expect(e.retryAfterMs).toBe(7000);
    expect(e.status).toBe(429);
  });

  it('times out a create that never answers as retryable', async () => {
    fake.createMode = 'hang';
    const started = Date.now();
    const e = await caught(video.submit({ model: 'm', prompt: 'x' }, ctx({ timeoutMs: 300 })));
    expect(e.kind).toBe('retryable');
    expect(e.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(5000);
    fake.createMode = 'ok';
  });

  it('cancels a running prediction', async () => {
    fake.createMode = 'ok';
    fake.processingGets = Infinity;
    const { jobId } = await video.submit({ model: 'm', prompt: 'x' }, ctx());
    await video.cancel(jobId, ctx());
    expect(fake.predictions.find((x) => x.id === jobId)!.status).toBe('canceled');
    expect((await video.poll(jobId, ctx())).status).toBe('canceled');
    // Cancelling one that is gone is not an error (nothing left to stop).
    await video.cancel('nosuchprediction', ctx());
    fake.processingGets = 1;
  });

  it('verifies webhooks: a good signature reads the prediction, a bad one, a stale one or none is refused', async () => {
    const body = JSON.stringify({ id: 'abc', status: 'succeeded', output: ['https://replicate.delivery/x.mp4'] });
    const good = await video.parseWebhook!(fake.sign(body), Buffer.from(body));
    expect(good).toMatchObject({ jobId: 'abc', status: { status: 'succeeded', output: { url: 'https://replicate.delivery/x.mp4' } } });
    const bad = { ...fake.sign(body), 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` };
    expect((await caught(video.parseWebhook!(bad, Buffer.from(body)))).kind).toBe('auth');
    // The signature over another body: a tampered delivery.
    expect((await caught(video.parseWebhook!(fake.sign(body), Buffer.from(body.replace('abc', 'abd'))))).kind).toBe('auth');
    const stale = fake.sign(body, 'msg_1', Math.floor(Date.now() / 1000) - 3600);
    expect((await caught(video.parseWebhook!(stale, Buffer.from(body)))).message).toMatch(/tolerance/);
    expect((await caught(video.parseWebhook!({}, Buffer.from(body)))).kind).toBe('auth');
  });

  it('runs an image prediction to the end and copies its output from the provider host', async () => {
    const out = await image.run({ model: 'flux-schnell', prompt: 'a fox', width: 512, height: 512 }, ctx({ route: { provider: 'replicate', model: 'black-forest-labs/flux-schnell', params: {}, cost: {} } }));
    expect(out.mime).toBe('video/mp4'); // the fake serves the same file for everything: the type is sniffed, not claimed
    expect(out.data.equals(MP4)).toBe(true);
  });

  it('refuses a result URL that redirects to a private address (metadata service, or loopback off the provider host)', async () => {
    const opts = { providerBaseUrls: [fake.baseUrl], allowPrivateNetwork: false };
    // On the provider's own (loopback) host the file is fetched…
    expect((await fetchOutput({ url: `${fake.url}/files/a.mp4` }, opts)).mime).toBe('video/mp4');
    // …but its redirect to the cloud metadata address is checked like a user URL and refused.
    const metadata = await caught(fetchOutput({ url: `${fake.url}/files/redirect-private` }, opts));
    expect(metadata.kind).toBe('client');
    expect(metadata.message).toMatch(/does not reach/);
    // Loopback on another port is not the provider's host: refused too.
    const other = await caught(fetchOutput({ url: `${fake.url}/files/redirect-private?to=${encodeURIComponent('http://127.0.0.1:1/x')}` }, opts));
    expect(other.message).toMatch(/does not reach/);
    // And a direct private URL that is not the provider's host.
    expect((await caught(fetchOutput({ url: 'http://10.1.2.3/x.mp4' }, opts))).kind).toBe('client');
  });

  it('caps the size of a copied output', async () => {
    const e = await caught(fetchOutput({ url: `${fake.url}/files/a.mp4` }, { providerBaseUrls: [fake.baseUrl], allowPrivateNetwork: false, maxBytes: 10 }));
    expect(e.message).toMatch(/larger than 10 bytes/);
  });
});
