import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { createProviders, parseProviderConfig } from '../../../src/generation/providers/index';
import { download } from './helpers';
import { createWorkflow, spec, startRun, waitForRun } from '../../engine/runs/helpers';

/** A fake OpenAI-compatible server on loopback: records requests, answers like the real API. */
class FakeOpenAi {
  requests: Array<{ path: string; auth?: string; body: any }> = [];
  private server!: Server;
  port = 0;

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', async () => {
        const body = raw ? JSON.parse(raw) : {};
        this.requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (req.headers.authorization !== 'Bearer sk-test' && req.headers.authorization !== 'Bearer sk-speech') {
          return json(401, { error: { message: 'bad key' } });
        }
        if (req.url === '/v1/chat/completions') {
          const last = body.messages.at(-1).content as string;
          if (last === 'fail') return json(500, { error: { message: 'model crashed' } });
          return json(200, {
            id: 'chatcmpl-1', object: 'chat.completion', model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: `upstream says: ${last}` }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
          });
        }
        if (req.url === '/v1/images/generations') {
          const [w, h] = String(body.size).split('x').map(Number);
          const png = await sharp({ create: { width: w!, height: h!, channels: 3, background: '#3366cc' } }).png().toBuffer();
          return json(200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
        }
        if (req.url === '/speech/audio/speech') {
          return res.writeHead(200, { 'content-type': 'audio/wav' }).end(silentWav(0.25));
        }
        json(404, { error: { message: 'unknown path' } });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function silentWav(seconds: number): Buffer {
  const rate = 16000;
  const data = Buffer.alloc(Math.round(rate * seconds) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const fake = new FakeOpenAi();
let stack: TestStack;

beforeAll(async () => {
  await fake.start();
  stack = await startStack({
    ATELIER_PROVIDER: 'openai',
    ATELIER_OPENAI_BASE_URL: `http://127.0.0.1:${fake.port}/v1`,
    ATELIER_OPENAI_API_KEY: 'sk-test',
    ATELIER_OPENAI_SPEECH_BASE_URL: `http://127.0.0.1:${fake.port}/speech`,
    ATELIER_OPENAI_SPEECH_API_KEY: 'sk-speech',
    ATELIER_PROVIDERS: 'translate=local',
  });
});
afterAll(async () => {
  await stack?.close();
  await fake.close();
});

describe('OpenAI-compatible HTTP provider against a fake server', () => {
  it('sends chat to /chat/completions with the key and bills the reported usage', async () => {
    fake.requests = [];
    const r = await stack.api('POST', '/v1/ai/chat/completions', { body: { model: 'gpt-4o-mini', temperature: 0.2, messages: [{ role: 'user', content: 'ping?' }] } });
    expect(r.status).toBe(200);
    expect(r.body.choices[0].message.content).toBe('upstream says: ping?');
    expect(r.body.usage).toEqual({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    expect(fake.requests).toEqual([{ path: '/v1/chat/completions', auth: 'Bearer sk-test', body: expect.objectContaining({ model: 'gpt-4o-mini', temperature: 0.2, stream: false }) }]);
    // gpt-4o-mini: input $0.000195/1k, output $0.00078/1k → 11 and 7 tokens.
    expect(r.body.billing.cost_usd).toBeCloseTo(Math.ceil(195 * 0.011) / 1e6 + Math.ceil(780 * 0.007) / 1e6, 9);
  });

  it('decodes b64_json images into a stored PNG of the requested size', async () => {
    fake.requests = [];
    const r = await stack.api('POST', '/v1/ai/generate/image', { body: { model: 'gpt-image-1', prompt: 'blue', width: 256, height: 128 } });
    expect(r.status).toBe(200);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'gpt-image-1', size: '256x128' } });
    // gpt-image models always answer base64 and reject response_format.
    expect(fake.requests[0]!.body.response_format).toBeUndefined();
    const meta = await sharp((await download(r.body.url)).data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 128]);
    expect(r.body.billing.cost_usd).toBe(0.052);
  });

  it('uses the per-capability base URL and key for speech', async () => {
    fake.requests = [];
    const r = await stack.api('POST', '/v1/ai/audio/speech', { body: { model: 'tts-1', input: 'hi there', voice: 'alloy' } });
    expect(r.status).toBe(200);
    expect(fake.requests[0]).toMatchObject({ path: '/speech/audio/speech', auth: 'Bearer sk-speech', body: { model: 'tts-1', input: 'hi there', voice: 'alloy', response_format: 'wav' } });
    expect((await download(r.body.url)).data.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('turns an upstream error into 502 and refunds', async () => {
    const before = (await stack.api('GET', '/v1/billing/balance')).body.balance_usd;
    const r = await stack.api('POST', '/v1/ai/chat/completions', { body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'fail' }] } });
    expect(r.status).toBe(502);
    expect(r.body.detail).toContain('HTTP 500');
    expect((await stack.api('GET', '/v1/billing/balance')).body.balance_usd).toBe(before);
  });

  it('answers 503 where no provider serves the operation, 400 model_not_served for a model this deployment does not serve; charging nothing', async () => {
    const before = (await stack.api('GET', '/v1/billing/balance')).body.balance_usd;
    const video = await stack.api('POST', '/v1/ai/generate/video', { body: { prompt: 'x' } });
    expect(video.status).toBe(503);
    expect(video.body.detail).toContain('No provider is configured for video generation');
    const local = await stack.api('POST', '/v1/ai/generate/image', { body: { model: 'atelier-image-v1', prompt: 'x', width: 64, height: 64 } });
    // A client fault (the model), not an outage: a 4xx with a code, never a retryable 503.
    expect(local.status).toBe(400);
    expect(local.body.detail).toMatchObject({ error: 'model_not_served', model: 'atelier-image-v1', served_models: expect.arrayContaining(['gpt-image-1']), message: expect.stringContaining('gpt-image-1') });
    expect((await stack.api('GET', '/v1/billing/balance')).body.balance_usd).toBe(before);
    // Mapped back to local explicitly.
    const tr = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'good night', target: 'de' } });
    expect(tr.body.text).toBe('gut nacht');
  });

  it('story steps draw through the serving provider too (ATELIER_PROVIDER), with the story in the prompt', async () => {
    fake.requests = [];
    const post = (path: string, body: unknown) => stack.api('POST', `/v1/story/${path}`, { body });
    const concept = await post('step/concept', { prompt: 'A harbour cat watches the boats', num_scenes: 2, duration: 15 });
    expect(concept.status).toBe(200);
    const chars = await post('step/characters', { story_id: concept.body.story_id });
    expect(chars.status).toBe(200);
    const drawn = fake.requests.filter((r) => r.path === '/v1/images/generations');
    expect(drawn).toHaveLength(chars.body.characters.length);
    for (const r of drawn) {
      expect(r.body).toMatchObject({ model: 'gpt-image-1', size: '1024x1024' });
      expect(r.body.prompt).toMatch(/^Character reference sheet, cinematic style: /);
    }
    // The stored reference sheet is the provider's picture (the fake paints #3366cc), not a local drawing.
    const sheet = await sharp((await download(chars.body.characters[0].reference_url)).data).stats();
    expect(sheet.channels.slice(0, 3).map((c) => Math.round(c.mean))).toEqual([0x33, 0x66, 0xcc]);
  });

  it('builds the provider object directly from config (no stack)', async () => {
    const none = createProviders(parseProviderConfig({ ATELIER_PROVIDER: 'none' }));
    expect(none.available('chat')).toBe(false);
    await expect(none.chat({ model: 'm', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 503 });
    const local = createProviders(parseProviderConfig({}));
    const a = await local.chat({ model: 'atelier-local', messages: [{ role: 'user', content: 'Tell me about durable workflows on Temporal' }] });
    const b = await local.chat({ model: 'atelier-local', messages: [{ role: 'user', content: 'Tell me about durable workflows on Temporal' }] });
    const c = await local.chat({ model: 'atelier-local', messages: [{ role: 'user', content: 'Describe the red fox and its winter coat' }] });
    expect(a.text).toBe(b.text);
    expect(a.text).not.toBe(c.text);
    expect(c.text.toLowerCase()).toMatch(/fox|winter|coat/);
    expect(() => parseProviderConfig({ ATELIER_PROVIDERS: 'ocr=openai' })).toThrow(/does not serve ocr/);
  });
});

describe('sandbox engine runs never reach the configured HTTP provider', () => {
  // Chat and image nodes on the models this deployment sends to the (fake) paid provider.
  const paidSpec = spec(
    [
      { id: 'start', type: 'trigger.manual' },
      { id: 'chat', type: 'ai.chat', params: { model: 'gpt-4o-mini', prompt: 'Describe a lighthouse' } },
      { id: 'picture', type: 'image.generate', params: { model: 'gpt-image-1', prompt: 'a lighthouse', width: 256, height: 256 } },
      { id: 'agent', type: 'agent.run', params: { model: 'gpt-4o-mini', prompt: 'Plan a visit to the lighthouse' } },
    ],
    [['start', 'chat'], ['chat', 'picture'], ['picture', 'agent']],
  );
  const providerCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/')).length;

  it('a live key\'s run calls the provider; a sandbox key\'s run answers offline and calls it not once', async () => {
    fake.requests = [];
    const live = await waitForRun(stack, (await startRun(stack, await createWorkflow(stack, paidSpec))).run_id);
    expect(live.status).toBe('completed');
    expect(live.node_outputs.chat.output.main.text).toBe('upstream says: Describe a lighthouse');
    expect(live.node_outputs.agent.output.main.text).toBe('upstream says: Plan a visit to the lighthouse');
    expect(providerCalls()).toBe(3);

    fake.requests = [];
    const sandbox = await stack.newAccount({ balanceUsd: 5, environment: 'sandbox', tier: 'payg-standard' });
    const wf = await createWorkflow(stack, paidSpec, { key: sandbox.key });
    const run = await waitForRun(stack, (await startRun(stack, wf, {}, { key: sandbox.key })).run_id, undefined, undefined, sandbox.key);
    expect(run.status, JSON.stringify(run.node_outputs)).toBe('completed');
    expect(run.node_outputs.chat.output.main.text).not.toContain('upstream says');
    expect(run.node_outputs.picture.output.main.url).toEqual(expect.any(String));
    expect(run.node_outputs.agent.output.main.text).not.toContain('upstream says');
    expect(run.usd_charged).toBe(0);
    expect(fake.requests).toEqual([]);
    const ledger = await stack.atelier.deps.db.selectFrom('ledger_entries').select('operation_id').where('account_id', '=', sandbox.accountId).where('kind', '=', 'charge').execute();
    expect(ledger).toEqual([]);
  });

  it('a simulation (a sandbox run, never charged) of the same nodes answers offline too, even for a live key', async () => {
    const wf = await createWorkflow(stack, paidSpec);
    fake.requests = [];
    const r = await stack.api('POST', '/engine/v1/v1/workflows/simulate', { body: { workflow_id: wf, initial_payload: {}, mocks: {} } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'completed', usd_charged: 0 });
    expect(r.body.nodes.chat.output.main.text).not.toContain('upstream says');
    expect(r.body.nodes.chat.would_be_usd).toBeGreaterThan(0);
    expect(fake.requests).toEqual([]);
  });
});
