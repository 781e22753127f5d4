// POST /v1/ai/audio/transcriptions in OpenAI's multipart shape, on the local recogniser: two
// utterances spoken by espeak-ng with a pause between come back as their words, in two timed
// segments, in every response_format; the price is per minute of the audio measured; bad fields
// are one 422 list; a file that is not audio and an empty wallet move no money; the idempotency
// key covers the file; sandbox keys are never charged; the audio scope is needed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { probeSeconds, spokenWav, wordMatch } from './audio-helpers';

let stack: TestStack;
let speech: Buffer;
let seconds: number;
/** One short utterance, for the calls that check something other than the recognition. */
let hello: Buffer;
let helloSeconds: number;
const FIRST = 'one two three four five six seven';
const SECOND = 'hello world';

beforeAll(async () => {
  stack = await startStack();
  // Two sentences with 1.2 s of silence between them, as one WAV.
  const dir = mkdtempSync(join(tmpdir(), 'stt-'));
  const parts = [FIRST, SECOND].map((t, i) => {
    const f = join(dir, `${i}.wav`);
    execFileSync('sox', ['-D', '-t', 'wav', '-', f], { input: spokenWav(t) });
    return f;
  });
  const silence = join(dir, 'silence.wav');
  execFileSync('sox', ['-D', '-n', '-r', '22050', '-c', '1', '-b', '16', silence, 'trim', '0', '1.2']);
  const both = join(dir, 'both.wav');
  execFileSync('sox', ['-D', parts[0]!, silence, parts[1]!, both]);
  speech = readFileSync(both);
  seconds = probeSeconds(speech, 'both.wav');
  hello = readFileSync(parts[1]!);
  helloSeconds = probeSeconds(hello, 'hello.wav');
});
afterAll(async () => {
  await stack?.close();
});

function form(fields: Record<string, string>, file?: { data: Buffer; name: string }): FormData {
  const f = new FormData();
  if (file) f.append('file', new Blob([file.data], { type: 'audio/wav' }), file.name);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function transcribe(key: string, body: FormData, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}/v1/ai/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...headers }, body });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: json };
}

type Answer = Awaited<ReturnType<typeof transcribe>>;
const balanceOf = async (key: string) => (await stack.api('GET', '/v1/billing/balance', { key })).body.balance_usd as number;
const file = () => ({ data: speech, name: 'speech.wav' });
const short = () => ({ data: hello, name: 'hello.wav' });
/** The catalogue's local rate, $0.001 per minute plus the 30 % margin, for the measured length. */
const costUsd = (s = seconds) => Math.ceil(1300 * (s / 60)) / 1e6;

describe('POST /v1/ai/audio/transcriptions', () => {
  it('hears the words, in two timed segments, priced per minute of audio (verbose_json)', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const r = await transcribe(acct.key, form({ model: 'atelier-stt-v1', response_format: 'verbose_json', language: 'en' }, file()));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ task: 'transcribe', language: 'english', model: 'atelier-stt-v1', sandbox: false, usage: { type: 'duration', seconds: Math.ceil(seconds) } });
    expect(Math.abs(r.body.duration - seconds)).toBeLessThan(0.05);
    expect(wordMatch(`${FIRST} ${SECOND}`, r.body.text)).toBeGreaterThanOrEqual(0.6);
    const segs = r.body.segments;
    expect(segs).toHaveLength(2);
    expect(wordMatch(SECOND, segs[1].text)).toBe(1);
    // The pause falls between the segments, each inside the audio.
    expect(segs[0].start).toBeGreaterThanOrEqual(0);
    expect(segs[0].end).toBeLessThan(segs[1].start);
    expect(segs[1].start - segs[0].end).toBeGreaterThan(0.5);
    expect(segs[1].end).toBeLessThanOrEqual(seconds + 0.01);
    expect(segs.map((s: any) => s.id)).toEqual([0, 1]);
    expect(r.body.billing).toEqual({ cost_usd: costUsd(), balance_usd: Math.round((10 - costUsd()) * 1e6) / 1e6, currency: 'USD' });
    expect(await balanceOf(acct.key)).toBe(Math.round((10 - costUsd()) * 1e6) / 1e6);
  });

  it('answers json, text, srt and vtt', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const answers = await Promise.all(['json', 'text', 'srt', 'vtt'].map((f) => transcribe(acct.key, form({ model: 'atelier-stt-v1', response_format: f }, short()))));
    const [json, text, srt, vtt] = answers as [Answer, Answer, Answer, Answer];
    expect(json.status).toBe(200);
    expect(Object.keys(json.body).sort()).toEqual(['billing', 'job_id', 'model', 'sandbox', 'text', 'usage']);
    expect(wordMatch(SECOND, json.body.text)).toBe(1);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text.text.trim()).toBe(json.body.text);
    expect(srt.text).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nhello world\n$/);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(vtt.text).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\nhello world\n$/);
    // Plain-text answers name their job and cost in headers.
    expect(srt.headers.get('x-atelier-job-id')).toMatch(/^job_/);
  });

  it('lists every bad field in one 422, and refuses a file that is not audio with nothing charged', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const bad = await transcribe(acct.key, form({ response_format: 'xml', temperature: '5', language: 'english!' }));
    expect(bad.status).toBe(422);
    expect(bad.body.detail.map((d: any) => d.loc.join('.')).sort()).toEqual(['body.file', 'body.language', 'body.model', 'body.response_format', 'body.temperature']);
    for (const d of bad.body.detail) expect(d).toMatchObject({ msg: expect.any(String), type: expect.any(String) });
    const json = await stack.api('POST', '/v1/ai/audio/transcriptions', { key: acct.key, body: { model: 'atelier-stt-v1' } });
    expect(json.status).toBe(422);
    expect(json.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.file']);
    const notAudio = await transcribe(acct.key, form({ model: 'atelier-stt-v1' }, { data: Buffer.from('just some text, not a recording'), name: 'notes.wav' }));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.detail).toMatch(/could not be read as audio/);
    const unknown = await transcribe(acct.key, form({ model: 'no-such-stt' }, short()));
    expect(unknown.status).toBe(400);
    expect(await balanceOf(acct.key)).toBe(10);
    const jobs = await stack.atelier.deps.db.selectFrom('generation_jobs').select('id').where('account_id', '=', acct.accountId).execute();
    expect(jobs).toEqual([]);
  });

  it('refuses with 402 on an empty wallet, moving no money; sandbox keys are never charged', async () => {
    const broke = await stack.newAccount({ balanceUsd: 0 });
    const r = await transcribe(broke.key, form({ model: 'atelier-stt-v1' }, short()));
    expect(r.status).toBe(402);
    expect(r.body.detail).toMatchObject({ error: 'insufficient_funds', required_usd: costUsd(helloSeconds), charged: false, operation: 'audio_transcription:atelier-stt-v1' });
    expect(await balanceOf(broke.key)).toBe(0);

    const sandbox = await stack.newAccount({ balanceUsd: 0, environment: 'sandbox' });
    const s = await transcribe(sandbox.key, form({ model: 'atelier-stt-v1', response_format: 'json' }, short()));
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ sandbox: true, billing: { cost_usd: 0, balance_usd: 0 } });
    expect(wordMatch(SECOND, s.body.text)).toBe(1);
    const ledger = await stack.api('GET', '/v1/billing/transactions', { key: sandbox.key });
    expect(ledger.body.data.filter((t: any) => t.type !== 'adjustment')).toEqual([]);
  });

  it('replays a repeated idempotency key once charged, and refuses the key with another file', async () => {
    const acct = await stack.newAccount({ balanceUsd: 10 });
    const key = { 'x-idempotency-key': 'stt-once' };
    const first = await transcribe(acct.key, form({ model: 'atelier-stt-v1' }, short()), key);
    expect(first.status).toBe(200);
    const again = await transcribe(acct.key, form({ model: 'atelier-stt-v1' }, short()), key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(again.body.job_id).toBe(first.body.job_id);
    const other = await transcribe(acct.key, form({ model: 'atelier-stt-v1' }, { data: spokenWav('good morning'), name: 'speech.wav' }), key);
    expect(other.status).toBe(422);
    expect(other.body.detail[0]).toMatchObject({ type: 'idempotency_key_reused' });
    expect(await balanceOf(acct.key)).toBe(Math.round((10 - costUsd(helloSeconds)) * 1e6) / 1e6);

    const scoped = await stack.api('POST', '/v1/auth/keys', { key: acct.key, body: { name: 'chat only', type: 'write', scopes: ['chat'] } });
    const denied = await transcribe(scoped.body.key, form({ model: 'atelier-stt-v1' }, short()));
    expect(denied.status).toBe(403);
  });
});
