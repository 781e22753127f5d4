import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { download, pollJob, run, squareOnWhite, startImageHost, textImage, type ImageHost } from './helpers';

let stack: TestStack;
let images: ImageHost;

beforeAll(async () => {
  stack = await startStack();
  images = await startImageHost({ 'square.png': await squareOnWhite(), 'text.png': await textImage('Atelier reads 2026'), 'note.txt': Buffer.from('not an image') });
});
afterAll(async () => {
  await images?.close();
  await stack?.close();
});

const balanceOf = async (key?: string) => (await stack.api('GET', '/v1/billing/balance', key ? { key } : undefined)).body.balance_usd as number;

describe('generation operations with the local provider', () => {
  it('generates a real PNG, charges the price and answers with the billing block', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const r = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { model: 'atelier-image-v1', prompt: 'a lighthouse at dawn', width: 320, height: 200 } });
    expect(r.status).toBe(200);
    expect(r.body.billing).toEqual({ cost_usd: 0.0026, balance_usd: 9.9974, currency: 'USD' });
    expect(r.body.status).toBe('completed');
    const file = await download(r.body.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    const meta = await sharp(file.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 200]);
    expect(await balanceOf(acct.key)).toBe(9.9974);
    const job = await stack.api('GET', `/v1/jobs/${r.body.job_id}`, { key: acct.key });
    expect(job.body).toMatchObject({ status: 'completed', type: 'image', url: expect.stringContaining('/v1/files/') });
  });

  it('refuses with the full 402 body before any provider call, moving no money and writing no job', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0.001 });
    const providers = stack.atelier.deps.providers as { image: (...a: unknown[]) => unknown };
    const original = providers.image;
    let calls = 0;
    providers.image = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
    try {
      const r = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'too expensive', width: 64, height: 64 } });
      expect(r.status).toBe(402);
      expect(r.body).toEqual({
        detail: {
          error: 'insufficient_funds',
          code: 'insufficient_funds',
          message: expect.any(String),
          required_usd: 0.0026,
          balance_usd: 0.001,
          shortfall_usd: 0.0016,
          currency: 'USD',
          charged: false,
          charged_usd: 0,
          topup_url: expect.stringMatching(/\/v1\/billing\/topup\/packages$/),
          operation: 'generate_image:atelier-image-v1',
        },
      });
      expect(calls).toBe(0);
    } finally {
      providers.image = original;
    }
    expect(await balanceOf(acct.key)).toBe(0.001);
    const jobs = await stack.atelier.deps.db.selectFrom('generation_jobs').select('id').where('account_id', '=', acct.accountId).execute();
    expect(jobs).toEqual([]);
    // Only the opening balance (an adjustment) is in the ledger.
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: acct.key });
    expect(ledger.body.data.map((t: any) => t.type)).toEqual(['adjustment']);
  });

  it('refunds the charge when the provider fails (502) and marks the job failed', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    const providers = stack.atelier.deps.providers as { image: (...a: unknown[]) => Promise<unknown> };
    const original = providers.image;
    providers.image = async () => {
      const { ProviderFailedError } = await import('../../../src/generation/providers/errors');
      throw new ProviderFailedError('image', 'upstream exploded');
    };
    try {
      const r = await stack.api('POST', '/v1/ai/generate/image', { key: acct.key, body: { prompt: 'x', width: 64, height: 64 } });
      expect(r.status).toBe(502);
      expect(r.body.detail).toContain('upstream exploded');
    } finally {
      providers.image = original;
    }
    expect(await balanceOf(acct.key)).toBe(1);
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: acct.key });
    expect(ledger.body.data.map((t: any) => [t.type, t.amount_usd])).toEqual([['refund', 0.0026], ['charge', -0.0026], ['adjustment', 1]]);
    const job = await stack.atelier.deps.db.selectFrom('generation_jobs').selectAll().where('account_id', '=', acct.accountId).executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
  });

  it('answers chat from the messages, accepts and ignores stream, and refuses unknown models with 400', async () => {
    const bad = await stack.api('POST', '/v1/ai/chat/completions', { body: { model: 'gpt-9-ultra', messages: [{ role: 'user', content: 'hi' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('atelier-local');
    const before = await balanceOf();
    const r = await stack.api('POST', '/v1/ai/chat/completions', {
      body: { model: 'atelier-local', stream: true, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'What is 12 * 3 + 4?' }] },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body.object).toBe('chat.completion');
    expect(r.body.choices[0].message).toEqual({ role: 'assistant', content: '12 * 3 + 4 = 40' });
    expect(r.body.usage.total_tokens).toBe(r.body.usage.prompt_tokens + r.body.usage.completion_tokens);
    // Charged on an estimate, settled to the real usage: the wallet moved by exactly cost_usd.
    expect(r.body.billing.cost_usd).toBeGreaterThan(0);
    expect(r.body.billing.balance_usd).toBeCloseTo(before - r.body.billing.cost_usd, 6);
    expect(await balanceOf()).toBe(r.body.billing.balance_usd);
    const other = await stack.api('POST', '/v1/ai/chat/completions', { body: { model: 'atelier-local', messages: [{ role: 'user', content: 'repeat: the quick brown fox' }] } });
    expect(other.body.choices[0].message.content).toBe('the quick brown fox');
  });

  it('speaks a real WAV', async () => {
    const r = await stack.api('POST', '/v1/ai/audio/speech', { body: { model: 'atelier-tts-v1', input: 'Hello from Atelier.', voice: 'nova' } });
    expect(r.status).toBe(200);
    expect(r.body.billing).toMatchObject({ currency: 'USD', cost_usd: expect.any(Number) });
    const file = await download(r.body.url);
    expect(file.type).toBe('audio/wav');
    expect(file.data.subarray(0, 4).toString()).toBe('RIFF');
    expect(file.data.subarray(8, 12).toString()).toBe('WAVE');
    const dir = mkdtempSync(join(tmpdir(), 'wav-'));
    writeFileSync(join(dir, 'a.wav'), file.data);
    const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', join(dir, 'a.wav')])).stdout);
    expect(probe.streams[0].codec_type).toBe('audio');
    expect(Number(probe.format.duration)).toBeGreaterThan(0.5);
  });

  it('removes a plain background: transparent corners, opaque subject', async () => {
    const r = await stack.api('POST', '/v1/ai/edit/remove-background', { body: { image_url: images.url('square.png') } });
    expect(r.status).toBe(200);
    const { data, info } = await sharp((await download(r.body.url)).data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alpha(2, 2)).toBe(0);
    expect(alpha(60, 40)).toBe(255);
    const bad = await stack.api('POST', '/v1/ai/edit/remove-background', { body: { image_url: images.url('note.txt') } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('not a decodable image');
  });

  it('reads text with OCR and translates with the dictionary', async () => {
    const ocr = await stack.api('POST', '/v1/ai/vision/ocr', { body: { image_url: images.url('text.png') } });
    expect(ocr.status).toBe(200);
    expect(ocr.body.text).toContain('Atelier reads 2026');
    expect(ocr.body.billing.currency).toBe('USD');
    const tr = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'Hello world, good morning!', target: 'es' } });
    expect(tr.status).toBe(200);
    expect(tr.body).toMatchObject({ text: 'Hola mundo, bueno mañana!', source: 'en', target: 'es' });
    const unsupported = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'hello', target: 'xx' } });
    expect(unsupported.status).toBe(400);
  });

  it('refuses a translation the provider cannot do before the wallet moves: no charge, no refund, no job', async () => {
    const acct = await stack.newAccount({ balanceUsd: 1 });
    const rows = () => stack.atelier.deps.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', acct.accountId).where('kind', '!=', 'adjustment').execute();
    const jobs = () => stack.atelier.deps.db.selectFrom('generation_jobs').select('id').where('account_id', '=', acct.accountId).execute();
    for (const body of [{ text: 'hello', target: 'xx' }, { text: 'hello', target: 'tlh' }, { text: 'hello', target: 'fr', source: 'zz' }]) {
      const r = await stack.api('POST', '/v1/ai/text/translate', { key: acct.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.detail).toMatch(/^Unsupported (target|source) language '(xx|tlh|zz)'\. Supported: en, /);
    }
    expect(await rows()).toEqual([]);
    expect(await jobs()).toEqual([]);
    expect(await balanceOf(acct.key)).toBe(1);
    // The same languages, known, still translate and charge once.
    const ok = await stack.api('POST', '/v1/ai/text/translate', { key: acct.key, body: { text: 'hello', target: 'fr', source: 'en' } });
    expect(ok.status).toBe(200);
    expect(await rows()).toEqual([{ kind: 'charge' }]);
  });

  it('runs video as a job: 202, processing, then completed with a real H.264 MP4', async () => {
    const before = await balanceOf();
    const r = await stack.api('POST', '/v1/ai/generate/video', { body: { model: 'atelier-video-v1', prompt: 'waves on a beach', seconds: 2 } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'processing', job_id: expect.stringMatching(/^job_/), billing: { cost_usd: 0.026, currency: 'USD' } });
    expect(r.body.billing.balance_usd).toBeCloseTo(before - 0.026, 6);
    const done = await pollJob(stack.api, r.body.job_id);
    expect(done.body).toMatchObject({ status: 'completed', url: expect.any(String), error: null });
    const viaVideo = await stack.api('GET', `/v1/ai/generate/video/${r.body.job_id}`);
    expect(viaVideo.body.status).toBe('completed');
    const file = await download(done.body.url);
    expect(file.type).toBe('video/mp4');
    const dir = mkdtempSync(join(tmpdir(), 'mp4-'));
    writeFileSync(join(dir, 'v.mp4'), file.data);
    const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', join(dir, 'v.mp4')])).stdout);
    expect(probe.streams[0].codec_name).toBe('h264');
    expect(Number(probe.format.duration)).toBeCloseTo(2, 0);
    // The job is a Temporal workflow whose id is the job id.
    const described = await stack.atelier.deps.temporal.workflow.getHandle(r.body.job_id).describe();
    expect(described.type).toBe('generationJob');
  });

  it('fails a job whose provider keeps failing: failed with the error, charge refunded, generation.failed recorded', async () => {
    const acct = await stack.newAccount({ balanceUsd: 2 });
    const providers = stack.atelier.deps.providers as { video: (...a: unknown[]) => Promise<unknown> };
    const original = providers.video;
    let calls = 0;
    providers.video = () => {
      calls++;
      return Promise.reject(new Error('render farm on fire'));
    };
    try {
      const r = await stack.api('POST', '/v1/ai/generate/video', { key: acct.key, body: { prompt: 'doomed', seconds: 1 } });
      expect(r.status).toBe(202);
      expect(r.body.billing.balance_usd).toBe(1.987);
      const done = await pollJob(stack.api, r.body.job_id, acct.key);
      expect(done.body).toMatchObject({ status: 'failed', url: null, error: expect.stringContaining('render farm on fire') });
      // The activity was retried by Temporal before the workflow gave up.
      expect(calls).toBe(3);
    } finally {
      providers.video = original;
    }
    expect(await balanceOf(acct.key)).toBe(2);
  });

  it('builds a binary glTF from an image as a job', async () => {
    const r = await stack.api('POST', '/v1/ai/generate/3d', { body: { image_url: images.url('square.png'), format: 'glb' } });
    expect(r.status).toBe(202);
    const done = await pollJob(stack.api, r.body.job_id);
    expect(done.body.status).toBe('completed');
    const glb = (await download(done.body.url)).data;
    expect(glb.subarray(0, 4).toString()).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const jsonLength = glb.readUInt32LE(12);
    const gltf = JSON.parse(glb.subarray(20, 20 + jsonLength).toString());
    expect(gltf.asset.version).toBe('2.0');
    expect(gltf.meshes[0].primitives[0].attributes).toHaveProperty('POSITION');
    expect(glb.readUInt32LE(20 + jsonLength + 4)).toBe(0x004e4942); // BIN chunk
  });

  it('sandbox keys get mock results and are never charged', async () => {
    const sandbox = await stack.newAccount({ balanceUsd: 3, environment: 'sandbox' });
    const r = await stack.api('POST', '/v1/ai/generate/image', { key: sandbox.key, body: { prompt: 'free', width: 64, height: 64 } });
    expect(r.status).toBe(200);
    expect(r.body.billing).toEqual({ cost_usd: 0, balance_usd: 3, currency: 'USD' });
    expect(r.body.sandbox).toBe(true);
    const broke = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const v = await stack.api('POST', '/v1/ai/generate/video', { key: broke.key, body: { prompt: 'free video', seconds: 1 } });
    expect(v.status).toBe(202);
    expect(v.body.billing.cost_usd).toBe(0);
    expect((await pollJob(stack.api, v.body.job_id, broke.key)).body.status).toBe('completed');
    expect(await balanceOf(sandbox.key)).toBe(3);
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: sandbox.key });
    expect(ledger.body.data.map((t: any) => t.type)).toEqual(['adjustment']);
  });

  it("answers 404 for another account's jobs", async () => {
    const r = await stack.api('POST', '/v1/ai/generate/image', { body: { prompt: 'mine', width: 64, height: 64 } });
    const other = await stack.newAccount();
    for (const path of [`/v1/jobs/${r.body.job_id}`, `/v1/ai/generate/video/${r.body.job_id}`, '/v1/jobs/job_doesnotexist']) {
      const res = await stack.api('GET', path, { key: other.key });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: 'Not Found' });
    }
  });
});
