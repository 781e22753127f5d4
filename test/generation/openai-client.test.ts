// The official `openai` npm client, constructed with baseURL "<atelier>/v1/ai" and an Atelier key,
// against a running stack: chat completions, image generations (url and b64_json), speech (the
// bytes, WAV by default and MP3 when asked), transcriptions (json and verbose_json) and embeddings
// (the client asks for base64 and decodes it itself) all work, and Atelier's refusals reach the
// client as its own error classes with the API's bodies.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { probeSeconds, spokenWav, wordMatch } from './audio-helpers';

let stack: TestStack;
let client: OpenAI;
let accountKey: string;

/** A loopback ElevenLabs: POST /v1/text-to-speech/{voice_id} answers a fixed MP3 and records the call. */
const elevenMp3 = execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.5', '-c:a', 'libmp3lame', '-f', 'mp3', 'pipe:1']);
const elevenCalls: Array<{ path: string; key: string | undefined; body: any }> = [];
let eleven: Server;

beforeAll(async () => {
  eleven = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      elevenCalls.push({ path: req.url ?? '', key: req.headers['xi-api-key'] as string | undefined, body: raw ? JSON.parse(raw) : null });
      if (!/^\/v1\/text-to-speech\/[^/?]+/.test(req.url ?? '')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(elevenMp3);
    });
  });
  await new Promise<void>((resolve) => eleven.listen(0, '127.0.0.1', resolve));
  stack = await startStack({ ATELIER_ELEVENLABS_BASE_URL: `http://127.0.0.1:${(eleven.address() as AddressInfo).port}`, ATELIER_ELEVENLABS_API_KEY: 'xi-test-key' });
  accountKey = (await stack.newAccount({ balanceUsd: 20 })).key;
  client = new OpenAI({ apiKey: accountKey, baseURL: `${stack.url}/v1/ai`, maxRetries: 0, timeout: 60_000 });
});
afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => eleven?.close(resolve));
});

describe('the official openai client against Atelier', () => {
  it('chat completions', async () => {
    const r = await client.chat.completions.create({ model: 'atelier-local', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Say hello to the team.' }], max_tokens: 64 });
    expect(r.object).toBe('chat.completion');
    expect(r.choices[0]!.message.role).toBe('assistant');
    expect(r.choices[0]!.message.content!.length).toBeGreaterThan(0);
    expect(r.choices[0]!.finish_reason).toBe('stop');
    expect(r.usage!.total_tokens).toBe(r.usage!.prompt_tokens + r.usage!.completion_tokens);
  });

  it('image generations, as a URL and as b64_json', async () => {
    const r = await client.images.generate({ model: 'atelier-image-v1', prompt: 'a red fox in the snow', size: '256x256' });
    const url = r.data![0]!.url!;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);

    const b = await client.images.generate({ prompt: 'a blue fox', size: '512x512', response_format: 'b64_json' });
    const png = await sharp(Buffer.from(b.data![0]!.b64_json!, 'base64')).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', 512, 512]);
  });

  it('speech: the audio bytes, WAV by default and MP3 when asked', async () => {
    const wav = Buffer.from(await (await client.audio.speech.create({ model: 'atelier-tts-v1', voice: 'alloy', input: 'hello world' })).arrayBuffer());
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const mp3Res = await client.audio.speech.create({ model: 'atelier-tts-v1', voice: 'nova', input: 'hello world', response_format: 'mp3' });
    expect(mp3Res.headers.get('content-type')).toMatch(/^audio\/mpeg/);
    const mp3 = Buffer.from(await mp3Res.arrayBuffer());
    expect(probeSeconds(mp3)).toBeGreaterThan(0.5);
    // Without the client, Accept: */* (curl's, fetch's) still gets the JSON answer with a URL.
    const json = await stack.api('POST', '/v1/ai/audio/speech', { key: accountKey, headers: { accept: '*/*' }, body: { input: 'hello world' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.body).toMatchObject({ object: 'audio.speech', mime_type: 'audio/wav', url: expect.stringContaining('/v1/files/') });
  });

  it("speech passes an ElevenLabs voice id through to ElevenLabs for its model, and its MP3 back byte for byte", async () => {
    const voice = 'JBFqnCBsd6RMkjVDRZzb';
    const res = await client.audio.speech.create({ model: 'eleven_multilingual_v2', voice: voice as 'alloy', input: 'Hello from the gateway', response_format: 'mp3' });
    expect(Buffer.from(await res.arrayBuffer()).equals(elevenMp3)).toBe(true);
    expect(elevenCalls).toHaveLength(1);
    expect(elevenCalls[0]!.path).toMatch(new RegExp(`^/v1/text-to-speech/${voice}(\\?|$)`));
    expect(elevenCalls[0]!.key).toBe('xi-test-key');
    expect(elevenCalls[0]!.body).toMatchObject({ text: 'Hello from the gateway', model_id: 'eleven_multilingual_v2' });
  });

  // Three recognitions in a row: on a loaded 2-core machine each can take several seconds.
  it('transcriptions: json and verbose_json with segments', { timeout: 150_000 }, async () => {
    const audio = spokenWav('hello world');
    const r = await client.audio.transcriptions.create({ file: await toFile(audio, 'hello.wav'), model: 'atelier-stt-v1' });
    expect(wordMatch('hello world', r.text)).toBe(1);
    const v = await client.audio.transcriptions.create({ file: await toFile(audio, 'hello.wav'), model: 'atelier-stt-v1', response_format: 'verbose_json', language: 'en' });
    expect(v.language).toBe('english');
    expect(v.segments!.length).toBe(1);
    expect(v.segments![0]!.end).toBeGreaterThan(v.segments![0]!.start);
    const text = await client.audio.transcriptions.create({ file: await toFile(audio, 'hello.wav'), model: 'atelier-stt-v1', response_format: 'text' });
    expect(String(text).trim()).toBe(r.text);
  });

  it('embeddings: the client asks for base64 and decodes it to the same vectors as float', async () => {
    const r = await client.embeddings.create({ model: 'atelier-hash-embed-v1', input: ['the cat sat', 'stock prices fell'] });
    expect(r.data.map((d) => d.index)).toEqual([0, 1]);
    const v = r.data[0]!.embedding;
    expect(v).toHaveLength(256);
    const floats = await client.embeddings.create({ model: 'atelier-hash-embed-v1', input: 'the cat sat', encoding_format: 'float' });
    v.forEach((x, i) => expect(x).toBeCloseTo(floats.data[0]!.embedding[i]!, 6));
  });

  it("surfaces Atelier's refusals as the client's error classes", async () => {
    const bad = await client.chat.completions.create({ model: 'atelier-local', messages: [] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    expect((bad as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({ detail: [expect.objectContaining({ loc: ['body', 'messages'] })] });

    const broke = new OpenAI({ apiKey: (await stack.newAccount({ balanceUsd: 0 })).key, baseURL: `${stack.url}/v1/ai`, maxRetries: 0 });
    const refused = await broke.images.generate({ prompt: 'x', size: '256x256' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(402);

    const wrongKey = new OpenAI({ apiKey: 'sk-not-an-atelier-key', baseURL: `${stack.url}/v1/ai`, maxRetries: 0 });
    await expect(wrongKey.embeddings.create({ model: 'atelier-hash-embed-v1', input: 'x' })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
