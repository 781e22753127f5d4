// The OpenAI adapter through the official SDK against a loopback server speaking OpenAI's wire
// format: what goes on the wire, what comes back (bytes as returned), and every failure classified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../../src/generation/providers/errors';
import { openaiAdapter } from '../../../src/generation/providers/openai/index';
import type { CallContext, ChatDelta, JobHandler, ProviderAdapter, ProviderSettings, Route, VideoRequest } from '../../../src/generation/providers/types';
import { JPEG_BYTES, json, startLoopback, wav, type Loopback } from './loopback';

let lb: Loopback;
let openai: ProviderAdapter;
const settings = (over: Partial<ProviderSettings> = {}): ProviderSettings => ({ baseUrl: `${lb.url}/v1`, apiKey: 'sk-test', extra: {}, timeoutMs: 2000, ...over });
const ctx = (model: string, over: Partial<Route> = {}): CallContext => ({ route: { provider: 'openai', model, params: {}, cost: {}, ...over }, timeoutMs: 2000 });

beforeAll(async () => {
  lb = await startLoopback(() => undefined);
  openai = openaiAdapter.create(settings());
});
afterAll(() => lb?.close());

describe('openai adapter (openai SDK, loopback)', () => {
  it('chat: tools and JSON mode on the wire, tool calls and usage back', async () => {
    lb.requests = [];
    lb.handler = (req, res) => json(res, 200, {
      id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: req.body.model,
      choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_7', type: 'function', function: { name: 'lookup', arguments: '{"q":"fox"}' } }] } }],
      usage: { prompt_tokens: 21, completion_tokens: 4, total_tokens: 25 },
    });
    const out = await openai.capabilities.chat!.run({
      model: 'ignored', messages: [{ role: 'user', content: 'find fox' }], maxTokens: 64, temperature: 0.1,
      tools: [{ name: 'lookup', description: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } }],
      responseFormat: { type: 'json' },
    }, ctx('gpt-4o-mini', { params: { seed: 3 } }));
    expect(out).toEqual({ text: '', model: 'gpt-4o-mini', toolCalls: [{ id: 'call_7', name: 'lookup', arguments: { q: 'fox' } }], usage: { inputTokens: 21, outputTokens: 4 } });
    const [r] = lb.requests;
    expect(r).toMatchObject({ method: 'POST', path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-test' } });
    expect(r!.body).toMatchObject({
      model: 'gpt-4o-mini', max_tokens: 64, temperature: 0.1, stream: false, seed: 3, response_format: { type: 'json_object' }, tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'lookup', description: 'search' } }],
    });
  });

  it('chat streaming: SSE deltas, tool-call fragments joined, usage on the last chunk', async () => {
    lb.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: unknown, usage?: unknown) => res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: usage ? [] : [{ index: 0, delta }], ...(usage ? { usage } : {}) })}\n\n`);
      chunk({ role: 'assistant', content: 'Hel' });
      chunk({ content: 'lo' });
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":' } }] });
      chunk({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] });
      chunk(undefined, { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 });
      res.end('data: [DONE]\n\n');
    };
    lb.requests = [];
    const deltas: ChatDelta[] = [];
    for await (const d of openai.capabilities.chat!.stream!({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('gpt-4o'))) deltas.push(d);
    expect(deltas.map((d) => d.text).filter(Boolean).join('')).toBe('Hello');
    expect(deltas.at(-1)).toEqual({ toolCalls: [{ id: 'call_1', name: 'f', arguments: { a: 1 } }], usage: { inputTokens: 5, outputTokens: 2 }, done: true });
    expect(lb.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('images: generate returns the provider\'s bytes unchanged (a JPEG stays a JPEG); edit goes multipart', async () => {
    lb.requests = [];
    lb.handler = (_req, res) => json(res, 200, { created: 1, data: [{ b64_json: JPEG_BYTES.toString('base64') }] });
    const img = await openai.capabilities.image!.run({ model: 'x', prompt: 'a fox', width: 1024, height: 1536 }, ctx('gpt-image-1'));
    expect(img.mime).toBe('image/jpeg');
    expect(img.data.equals(JPEG_BYTES)).toBe(true);
    expect(img.usage).toEqual({ images: 1 });
    expect(lb.requests[0]).toMatchObject({ path: '/v1/images/generations', body: { model: 'gpt-image-1', prompt: 'a fox', size: '1024x1536', n: 1 } });
    expect(lb.requests[0]!.body.response_format).toBeUndefined();
    await openai.capabilities.image!.run({ model: 'x', prompt: 'a fox', width: 1024, height: 1024 }, ctx('dall-e-3'));
    expect(lb.requests[1]!.body.response_format).toBe('b64_json');

    const edited = await openai.capabilities.image!.edit!({ model: 'x', prompt: 'add snow', width: 1024, height: 1024, image: JPEG_BYTES }, ctx('gpt-image-1'));
    expect(edited.data.equals(JPEG_BYTES)).toBe(true);
    const edit = lb.requests[2]!;
    expect(edit.path).toBe('/v1/images/edits');
    expect(edit.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(edit.body.prompt).toBe('add snow');
    expect(edit.body.image.bytes.equals(JPEG_BYTES)).toBe(true);
  });

  it('speech and transcription: WAV asked for and returned as is; transcription multipart with duration as usage', async () => {
    const audio = wav(0.2);
    lb.requests = [];
    lb.handler = (req, res) => {
      if (req.path === '/v1/audio/speech') return void res.writeHead(200, { 'content-type': 'audio/wav' }).end(audio);
      json(res, 200, { task: 'transcribe', language: 'english', duration: 90, text: 'hello there', segments: [{ id: 0, start: 0, end: 1.5, text: 'hello there' }] });
    };
    const spoken = await openai.capabilities.speech!.run({ model: 'x', input: 'hello there', voice: 'alloy', speed: 1.25 }, ctx('tts-1'));
    expect(spoken).toEqual({ data: audio, mime: 'audio/wav', usage: { characters: 11 } });
    expect(lb.requests[0]!.body).toEqual({ model: 'tts-1', input: 'hello there', voice: 'alloy', speed: 1.25, response_format: 'wav' });

    const t = await openai.capabilities.transcription!.run({ model: 'x', audio, filename: 'clip.wav', language: 'en', timestamps: true }, ctx('whisper-1'));
    expect(t).toEqual({ text: 'hello there', language: 'english', duration: 90, segments: [{ start: 0, end: 1.5, text: 'hello there' }], usage: { seconds: 90, minutes: 1.5 } });
    const up = lb.requests[1]!;
    expect(up.path).toBe('/v1/audio/transcriptions');
    expect(up.body).toMatchObject({ model: 'whisper-1', language: 'en', response_format: 'verbose_json', file: { name: 'clip.wav' } });
    expect(up.body.file.bytes.equals(audio)).toBe(true);
  });

  it('embeddings: float vectors in input order, prompt tokens as usage', async () => {
    lb.requests = [];
    lb.handler = (req, res) => json(res, 200, {
      object: 'list', model: req.body.model, usage: { prompt_tokens: 6, total_tokens: 6 },
      data: [{ object: 'embedding', index: 1, embedding: [0, 1] }, { object: 'embedding', index: 0, embedding: [1, 0] }],
    });
    const e = await openai.capabilities.embed!.run({ model: 'x', input: ['a', 'b'] }, ctx('text-embedding-3-small'));
    expect(e).toEqual({ model: 'text-embedding-3-small', dimensions: 2, vectors: [[1, 0], [0, 1]], usage: { inputTokens: 6 } });
    expect(lb.requests[0]!.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'], encoding_format: 'float' });
  });

  it('video: create (multipart), poll with progress, download the MP4 on completion, cancel deletes', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(32, 1)]);
    let polls = 0;
    lb.requests = [];
    lb.handler = (req, res) => {
      const video = (status: string, progress: number) => ({ id: 'video_1', object: 'video', model: 'sora-2', status, progress, seconds: '8', size: '1280x720', created_at: 1, completed_at: null, error: null, expires_at: null, prompt: 'p', remixed_from_video_id: null });
      if (req.method === 'POST' && req.path === '/v1/videos') return json(res, 200, video('queued', 0));
      if (req.method === 'GET' && req.path === '/v1/videos/video_1') return json(res, 200, ++polls < 2 ? video('in_progress', 40) : video('completed', 100));
      if (req.method === 'GET' && req.path.startsWith('/v1/videos/video_1/content')) return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4);
      if (req.method === 'DELETE') return json(res, 200, { id: 'video_1', object: 'video.deleted', deleted: true });
      json(res, 404, { error: { message: 'no route' } });
    };
    const h = openai.capabilities.video as JobHandler<VideoRequest>;
    const c = ctx('sora-2');
    expect(await h.submit({ model: 'x', prompt: 'waves', seconds: 6, width: 1280, height: 720 }, c)).toEqual({ jobId: 'video_1' });
    expect(lb.requests[0]!.body).toMatchObject({ model: 'sora-2', prompt: 'waves', seconds: '8', size: '1280x720' });
    expect(await h.poll('video_1', c)).toEqual({ status: 'running', progress: 0.4 });
    const done = await h.poll('video_1', c);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, usage: { seconds: 8 }, output: { mime: 'video/mp4' } });
    expect((done.output as { data: Buffer }).data.equals(mp4)).toBe(true);
    expect(lb.requests.at(-1)!.path).toBe('/v1/videos/video_1/content?variant=video');
    await h.cancel('video_1', c);
    expect(lb.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/videos/video_1' });
  });

  it('classifies failures: 429 with Retry-After, 5xx, 401, refusal, bad input, timeout', async () => {
    const chat = () => openai.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, ctx('gpt-4o'));
    const failWith = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      lb.handler = (_req, res) => json(res, status, body, headers);
      return chat().then(() => { throw new Error('expected a failure'); }, (e: unknown) => e as ProviderError);
    };
    const limited = await failWith(429, { error: { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '7' });
    expect(limited).toBeInstanceOf(ProviderError);
    expect([limited.kind, limited.retryAfterMs, limited.status]).toEqual(['rate_limited', 7000, 429]);
    expect((await failWith(503, { error: { message: 'overloaded' } })).kind).toBe('retryable');
    expect((await failWith(401, { error: { message: 'bad key' } })).kind).toBe('auth');
    const refused = await failWith(400, { error: { message: 'Your request was rejected by the safety system', type: 'invalid_request_error', code: 'content_policy_violation' } });
    expect(refused.kind).toBe('content_refused');
    const bad = await failWith(400, { error: { message: "Invalid 'messages'", type: 'invalid_request_error', code: null } });
    expect([bad.kind, bad.message]).toEqual(['client', "chat: HTTP 400: Invalid 'messages'"]);

    lb.handler = () => undefined; // never answers
    const slow = openaiAdapter.create(settings({ timeoutMs: 300 }));
    const started = Date.now();
    const timedOut = await slow.capabilities.chat!.run({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }, { ...ctx('gpt-4o'), timeoutMs: 300 })
      .then(() => undefined, (e: unknown) => e as ProviderError);
    expect(timedOut).toBeInstanceOf(ProviderError);
    expect(timedOut!.kind).toBe('retryable');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
