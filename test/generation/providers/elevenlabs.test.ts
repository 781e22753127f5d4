// The ElevenLabs adapter through @elevenlabs/elevenlabs-js against a loopback server speaking its
// API (POST /v1/text-to-speech/{voice}, /v1/music, /v1/speech-to-text): what goes on the wire,
// usage, errors (401, 422, 429 with Retry-After, a timeout); then POST /v1/ai/audio/speech
// {model: eleven_multilingual_v2} and POST /v1/ai/generate/music {model: music_v1} through the API.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elevenlabsAdapter } from '../../../src/generation/providers/elevenlabs/index';
import { segmentsOf } from '../../../src/generation/providers/elevenlabs/transcription';
import { ProviderError } from '../../../src/generation/providers/errors';
import type { CallContext, ProviderAdapter } from '../../../src/generation/providers/types';
import { startStack, type TestStack } from '../../helpers/stack';

/** An MP3 as ElevenLabs sends it (ID3 tag first), so the type sniffs as audio/mpeg. */
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), randomBytes(200)]);

interface Hit { method: string; path: string; query: URLSearchParams; key?: string; body: Buffer; type?: string }
let server: Server;
let base = '';
const hits: Hit[] = [];
let mode: 'ok' | 401 | 422 | 429 | 'hang' = 'ok';
let adapter: ProviderAdapter;
let stack: TestStack;

const read = (req: IncomingMessage) => new Promise<Buffer>((r) => { const c: Buffer[] = []; req.on('data', (d: Buffer) => c.push(d)); req.on('end', () => r(Buffer.concat(c))); });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push({ method: req.method!, path: url.pathname, query: url.searchParams, key: req.headers['xi-api-key'] as string | undefined, body, type: req.headers['content-type'] });
    const json = (status: number, v: unknown, h: Record<string, string> = {}) => { res.writeHead(status, { 'content-type': 'application/json', ...h }); res.end(JSON.stringify(v)); };
    if (mode === 'hang') return;
    if (mode === 401) return json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (mode === 429) return json(429, { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests' } }, { 'retry-after': '4' });
    if (mode === 422) return json(422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'missing' }] });
    if (url.pathname.startsWith('/v1/text-to-speech/') || url.pathname === '/v1/music') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return res.end(MP3);
    }
    if (url.pathname === '/v1/speech-to-text') {
      return json(200, {
        language_code: 'en', language_probability: 0.99, text: 'Hello there. General Kenobi.', audio_duration_secs: 3.5,
        words: [
          { text: 'Hello', start: 0, end: 0.4, type: 'word', logprob: -0.1 }, { text: ' ', start: 0.4, end: 0.5, type: 'spacing', logprob: 0 }, { text: 'there.', start: 0.5, end: 0.9, type: 'word', logprob: -0.1 },
          { text: ' ', start: 0.9, end: 1.5, type: 'spacing', logprob: 0 }, { text: 'General', start: 1.5, end: 2, type: 'word', logprob: -0.1 }, { text: ' ', start: 2, end: 2.1, type: 'spacing', logprob: 0 }, { text: 'Kenobi.', start: 2.1, end: 3, type: 'word', logprob: -0.1 },
        ],
      });
    }
    json(404, { detail: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  adapter = elevenlabsAdapter.create({ baseUrl: base, apiKey: 'xi_test', extra: {}, timeoutMs: 2000 });
  stack = await startStack({ ATELIER_ELEVENLABS_API_KEY: 'xi_test', ATELIER_ELEVENLABS_BASE_URL: base });
});
afterAll(async () => {
  await stack?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const ctx = (model: string, over: Partial<CallContext> = {}): CallContext => ({ route: { provider: 'elevenlabs', model, params: {}, cost: {} }, timeoutMs: 2000, ...over });
const caught = async (p: Promise<unknown>): Promise<ProviderError> => {
  try {
    await p;
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('expected a rejection');
};

describe('elevenlabs adapter', () => {
  it('speech: the voice id passed through, the model and format on the wire, characters as usage', async () => {
    mode = 'ok';
    hits.length = 0;
    const out = await adapter.capabilities.speech!.run({ model: 'eleven_multilingual_v2', input: 'Hello world', voice: 'JBFqnCBsd6RMkjVDRZzb' }, ctx('eleven_multilingual_v2'));
    expect(out.data.equals(MP3)).toBe(true);
    expect(out.mime).toBe('audio/mpeg');
    expect(out.usage).toEqual({ characters: 11 });
    const hit = hits[0]!;
    expect(hit.path).toBe('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb');
    expect(hit.key).toBe('xi_test');
    expect(hit.query.get('output_format')).toBe('mp3_44100_128');
    expect(JSON.parse(hit.body.toString())).toMatchObject({ text: 'Hello world', model_id: 'eleven_multilingual_v2' });
    // A generic voice name is not an ElevenLabs id: the stock voice speaks.
    await adapter.capabilities.speech!.run({ model: 'eleven_multilingual_v2', input: 'x', voice: 'alloy' }, ctx('eleven_multilingual_v2'));
    expect(hits[1]!.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM');
  });

  it('music: the prompt and length in ms, seconds as usage', async () => {
    hits.length = 0;
    const music = adapter.capabilities.music as { run: (r: unknown, c: CallContext) => Promise<{ data: Buffer; usage?: unknown }> };
    const out = await music.run({ model: 'music_v1', prompt: 'calm piano', seconds: 12 }, ctx('music_v1'));
    expect(out.data.equals(MP3)).toBe(true);
    expect(out.usage).toEqual({ seconds: 12 });
    expect(hits[0]!.path).toBe('/v1/music');
    expect(JSON.parse(hits[0]!.body.toString())).toMatchObject({ prompt: 'calm piano', music_length_ms: 12000, model_id: 'music_v1' });
  });

  it('transcription: multipart upload with the model, words into segments, duration as usage', async () => {
    hits.length = 0;
    const out = await adapter.capabilities.transcription!.run({ model: 'scribe_v1', audio: MP3, filename: 'a.mp3', language: 'en', timestamps: true }, ctx('scribe_v1'));
    expect(out.text).toBe('Hello there. General Kenobi.');
    expect(out.segments).toEqual([{ start: 0, end: 0.9, text: 'Hello there.' }, { start: 1.5, end: 3, text: 'General Kenobi.' }]);
    expect(out.usage).toEqual({ seconds: 3.5, minutes: 3.5 / 60 });
    expect(hits[0]!.type).toMatch(/^multipart\/form-data/);
    const form = hits[0]!.body.toString('latin1');
    expect(form).toContain('name="model_id"');
    expect(form).toContain('scribe_v1');
    expect(form).toContain('filename="a.mp3"');
    expect(segmentsOf([])).toEqual([]);
  });

  it('errors: 401 → auth, 422 → client, 429 → rate_limited with Retry-After, a hang → retryable timeout', async () => {
    const speech = adapter.capabilities.speech!;
    const req = { model: 'eleven_multilingual_v2', input: 'x', voice: 'alloy' };
    mode = 401;
    expect(await caught(speech.run(req, ctx('eleven_multilingual_v2')))).toMatchObject({ kind: 'auth', message: 'elevenlabs: Invalid API key' });
    mode = 422;
    expect((await caught(speech.run(req, ctx('eleven_multilingual_v2')))).kind).toBe('client');
    mode = 429;
    const limited = await caught(speech.run(req, ctx('eleven_multilingual_v2')));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(4000);
    mode = 'hang';
    const started = Date.now();
    const slow = await caught(speech.run(req, ctx('eleven_multilingual_v2', { timeoutMs: 400 })));
    expect(slow.kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(5000);
    mode = 'ok';
  });
});

describe('elevenlabs through the API', () => {
  it('POST /v1/ai/audio/speech {model: eleven_multilingual_v2} is spoken by ElevenLabs and stored byte for byte', async () => {
    mode = 'ok';
    hits.length = 0;
    const res = await stack.api('POST', '/v1/ai/audio/speech', { body: { model: 'eleven_multilingual_v2', input: 'Hello from Atelier', voice: 'JBFqnCBsd6RMkjVDRZzb' }, headers: { accept: 'application/json' } });
    expect(res.status, res.text).toBe(200);
    expect(hits.map((h) => h.path)).toEqual(['/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb']);
    const url = res.body.url as string;
    expect(url.startsWith(stack.url)).toBe(true);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(MP3)).toBe(true);
  });

  it('POST /v1/ai/generate/music {model: music_v1} is composed by ElevenLabs', async () => {
    hits.length = 0;
    const res = await stack.api('POST', '/v1/ai/generate/music', { body: { model: 'music_v1', prompt: 'calm piano', duration: 10 } });
    expect(res.status, res.text).toBeLessThan(300);
    const id = res.body.job_id ?? res.body.id;
    let job = res.body;
    const until = Date.now() + 30_000;
    while (job.status === 'processing' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await stack.api('GET', `/v1/jobs/${id}`)).body;
    }
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(hits.map((h) => h.path)).toEqual(['/v1/music']);
    expect(JSON.parse(hits[0]!.body.toString())).toMatchObject({ prompt: 'calm piano', music_length_ms: 10000 });
    expect(Buffer.from(await (await fetch(job.url)).arrayBuffer()).equals(MP3)).toBe(true);
  });
});
