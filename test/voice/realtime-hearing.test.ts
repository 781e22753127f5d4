// The local realtime engine hears: speech made by espeak-ng from a known sentence (resampled by sox
// to the session's 24 kHz PCM16) goes in as input audio, pocketsphinx transcribes it, and the
// model answers in text and audio; server VAD finds the turn by itself. Then the memory caps: one
// item, one conversation, and the conversations an account may hold open.
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { transcribePcm16, TranscriptionError } from '../../src/voice/realtime/local/hearing';
import { closeAll, connect, mintAgentSession, refused, say, type Event } from './realtime-client';

let stack: TestStack;
const MAX_ITEM = 2048;
const MAX_CONVERSATION = 8192;
const MAX_OPEN = 3;

beforeAll(async () => {
  stack = await startStack({
    ATELIER_REALTIME_MAX_ITEM_BYTES: String(MAX_ITEM),
    ATELIER_REALTIME_MAX_CONVERSATION_BYTES: String(MAX_CONVERSATION),
    ATELIER_REALTIME_MAX_CONVERSATIONS: String(MAX_OPEN),
  });
});
afterEach(closeAll);
afterAll(async () => {
  await stack?.close();
});

/** `text` spoken by espeak-ng's default American voice, as PCM16 mono at 24 kHz (undithered: the same bytes every run). */
function spoken(text: string): Buffer {
  const wav = execFileSync('espeak-ng', ['-v', 'en-us', '--stdout', text]);
  return execFileSync('sox', ['-D', '-t', 'wav', '-', '-t', 'raw', '-r', '24000', '-e', 'signed', '-b', '16', '-c', '1', '-'], { input: wav });
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * 24_000) * 2);

/** Sends audio as a microphone would: 100 ms appends. */
function stream(c: Awaited<ReturnType<typeof connect>>, pcm: Buffer) {
  for (let off = 0; off < pcm.length; off += 4800) c.send({ type: 'input_audio_buffer.append', audio: pcm.subarray(off, off + 4800).toString('base64') });
}

const textOf = (events: Event[]) => events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');

describe('speech in, on the local engine', () => {
  it('a committed utterance is transcribed and answered in text and audio', async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    const created = await c.next('session.created');
    expect(created.session.audio.input).toMatchObject({ format: { type: 'audio/pcm', rate: 24000 }, transcription: { language: 'en' }, turn_detection: null });

    const pcm = spoken('hello world');
    expect(pcm.length / 48_000).toBeGreaterThan(0.5);
    stream(c, pcm);
    const started = performance.now();
    c.send({ type: 'input_audio_buffer.commit' });
    const from = c.events.length;
    c.send({ type: 'response.create' });

    const committed = await c.next('input_audio_buffer.committed');
    expect(committed).toMatchObject({ previous_item_id: null, item_id: expect.stringMatching(/^item_/) });
    const added = await c.next('conversation.item.added', (e) => e.item.id === committed.item_id);
    expect(added.item).toMatchObject({ type: 'message', role: 'user', content: [{ type: 'input_audio', transcript: null }] });
    const heard = await c.next('conversation.item.input_audio_transcription.completed');
    const latencyMs = performance.now() - started;
    console.log(`transcribed ${(pcm.length / 48_000).toFixed(2)} s of speech in ${latencyMs.toFixed(0)} ms: ${JSON.stringify(heard.transcript)}`);
    expect(heard).toMatchObject({ item_id: committed.item_id, content_index: 0 });
    expect(heard.transcript).toMatch(/\bhello\b/);
    expect(heard.transcript).toMatch(/\bworld\b/);

    const done = await c.next('response.done');
    expect(done.response.status).toBe('completed');
    const events = c.events.slice(from);
    // The answer comes after the words are known, in text and in audio.
    const transcribedAt = events.findIndex((e) => e.type === 'conversation.item.input_audio_transcription.completed');
    const firstText = events.findIndex((e) => e.type === 'response.output_text.delta');
    expect(firstText).toBeGreaterThan(transcribedAt);
    expect(textOf(events).length).toBeGreaterThan(3);
    expect(events.filter((e) => e.type === 'response.output_audio.delta').length).toBeGreaterThan(1);
    c.ws.close();
  });

  it('server VAD finds the turn, commits it and answers by itself (a spoken tool call)', async () => {
    const { credential } = await mintAgentSession(stack);
    const c = await connect(credential);
    c.send({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: { type: 'server_vad', silence_duration_ms: 500, prefix_padding_ms: 300 } } } } });
    const updated = await c.next('session.updated');
    expect(updated.session.audio.input.turn_detection).toMatchObject({ type: 'server_vad', silence_duration_ms: 500, create_response: true });

    const speech = spoken('what is the weather in paris');
    stream(c, Buffer.concat([silence(1), speech, silence(1.2)]));
    const start = await c.next('input_audio_buffer.speech_started');
    const stop = await c.next('input_audio_buffer.speech_stopped');
    // espeak-ng starts its sound a little after its own start: speech begins about 1 s in, less the 300 ms kept before it.
    expect(start.audio_start_ms).toBeGreaterThanOrEqual(600);
    expect(start.audio_start_ms).toBeLessThanOrEqual(1000);
    expect(stop.audio_end_ms).toBeGreaterThan(start.audio_start_ms + 1000);
    expect(stop.audio_end_ms).toBeLessThan(1000 + (speech.length / 48) + 1200);
    const committed = await c.next('input_audio_buffer.committed');
    expect(committed.item_id).toBe(start.item_id);
    const heard = await c.next('conversation.item.input_audio_transcription.completed');
    expect(heard.transcript).toMatch(/\bweather\b/);
    // Nobody sent response.create: the turn is answered, here by calling the agent's tool.
    const done = await c.next('response.done', () => true, 30_000);
    expect(done.response.output[0]).toMatchObject({ type: 'function_call', name: 'get_weather' });
    // Only one turn was heard in all that audio.
    expect(c.events.filter((e) => e.type === 'input_audio_buffer.committed')).toHaveLength(1);
    c.ws.close();
  });

  it('server VAD: speech over an answer cancels it (interrupt_response)', async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    c.send({ type: 'session.update', session: { turn_detection: { type: 'server_vad' } } });
    await c.next('session.updated');
    c.send(say('Tell me everything about the hotel, the rooms, the restaurant and the spa.'));
    c.send({ type: 'response.create' });
    stream(c, spoken('hello world'));
    await c.next('input_audio_buffer.speech_started');
    const cancelled = await c.next('response.done');
    expect(cancelled.response).toMatchObject({ status: 'cancelled', status_details: { type: 'cancelled', reason: 'turn_detected' } });
    c.ws.close();
  });

  it('hears a user message whose content is input_audio', async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    c.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_audio', audio: spoken('hello world').toString('base64') }] } });
    const added = await c.next('conversation.item.added');
    const heard = await c.next('conversation.item.input_audio_transcription.completed');
    expect(heard.item_id).toBe(added.item.id);
    expect(heard.transcript).toMatch(/hello world/);
    c.ws.close();
  });

  it('answers a transcription failure event for a language the recogniser does not know', async () => {
    const { credential } = await mintAgentSession(stack, { tools: [], language: 'pl' });
    const c = await connect(credential);
    stream(c, spoken('hello world'));
    c.send({ type: 'input_audio_buffer.commit' });
    const committed = await c.next('input_audio_buffer.committed');
    const failed = await c.next('conversation.item.input_audio_transcription.failed');
    expect(failed).toMatchObject({ item_id: committed.item_id, content_index: 0, error: { type: 'transcription_error', code: 'transcription_language_unsupported' } });
    c.ws.close();
  });

  it('bounds the recogniser: a timeout and a missing recogniser are named errors', async () => {
    const noise = Buffer.alloc(20 * 48_000);
    for (let i = 0; i < noise.length; i += 2) noise.writeInt16LE(Math.round((Math.random() - 0.5) * 20_000), i);
    await expect(transcribePcm16(noise, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'transcription_timeout' });
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const err = await transcribePcm16(silence(0.5), { timeoutMs: 5000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TranscriptionError);
      expect(err).toMatchObject({ code: 'transcription_unavailable' });
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('memory caps of the local engine', () => {
  it(`refuses an item larger than ${MAX_ITEM} bytes (and instructions as large) with an error event`, async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    c.send({ ...say('x'.repeat(MAX_ITEM + 1)), event_id: 'big' });
    expect((await c.next('error', (e) => e.error.event_id === 'big')).error).toMatchObject({ type: 'invalid_request_error', code: 'item_too_large', param: 'item' });
    c.send({ type: 'session.update', event_id: 'big_instructions', session: { instructions: 'y'.repeat(MAX_ITEM + 1) } });
    expect((await c.next('error', (e) => e.error.event_id === 'big_instructions')).error).toMatchObject({ code: 'item_too_large', param: 'session.instructions' });
    // Exactly the cap is fine, and the conversation goes on.
    c.send(say('z'.repeat(MAX_ITEM)));
    await c.next('conversation.item.done');
    expect((await c.respond({ output_modalities: ['text'] })).done.response.status).toBe('completed');
    expect(c.events.some((e) => e.type === 'conversation.item.added' && e.item.content?.[0]?.text?.length > MAX_ITEM)).toBe(false);
    c.ws.close();
  });

  it(`keeps at most ${MAX_CONVERSATION} bytes of items, forgetting (and announcing) the oldest`, async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      c.send(say(String(i).padEnd(1500, '.')));
      ids.push((await c.next('conversation.item.done')).item.id);
    }
    const deleted = c.events.filter((e) => e.type === 'conversation.item.deleted').map((e) => e.item_id);
    // 12 × 1500 bytes; 5 of them fit in 8192.
    expect(deleted).toEqual(ids.slice(0, 7));
    c.send({ type: 'conversation.item.delete', event_id: 'gone', item_id: ids[0] });
    expect((await c.next('error', (e) => e.error.event_id === 'gone')).error.code).toBe('item_not_found');
    c.send({ type: 'conversation.item.delete', item_id: ids[11] });
    expect((await c.next('conversation.item.deleted', (e) => e.item_id === ids[11])).item_id).toBe(ids[11]);
    c.ws.close();
  });

  it('refuses a commit while twice the input buffer of speech still waits for the recogniser', async () => {
    const { credential } = await mintAgentSession(stack, { tools: [] });
    const c = await connect(credential);
    const full = silence(30).toString('base64');
    for (let i = 0; i < 2; i++) {
      c.send({ type: 'input_audio_buffer.append', audio: full });
      c.send({ type: 'input_audio_buffer.commit' });
    }
    c.send({ type: 'input_audio_buffer.append', audio: silence(1).toString('base64') });
    c.send({ type: 'input_audio_buffer.commit', event_id: 'third' });
    expect((await c.next('error', (e) => e.error.event_id === 'third')).error.code).toBe('transcription_backlog_full');
    // The refused audio stays buffered; once the backlog is heard it commits.
    await c.next('conversation.item.input_audio_transcription.completed', () => true, 60_000);
    await c.next('conversation.item.input_audio_transcription.completed', () => true, 60_000);
    c.send({ type: 'input_audio_buffer.commit' });
    const third = await c.next('input_audio_buffer.committed', (e) => c.events.filter((x) => x.type === 'input_audio_buffer.committed').indexOf(e) === 2);
    expect((await c.next('conversation.item.input_audio_transcription.completed', (e) => e.item_id === third.item_id)).transcript).toBe('');
    c.ws.close();
  }, 120_000);

  it(`lets an account hold ${MAX_OPEN} conversations at once (429 beyond, the secret unspent); other accounts are not affected`, async () => {
    const owner = await stack.newAccount();
    const sessions = await Promise.all(Array.from({ length: MAX_OPEN + 1 }, () => mintAgentSession(stack, { tools: [] }, owner.key)));
    const open: Array<Awaited<ReturnType<typeof connect>>> = [];
    for (const s of sessions.slice(0, MAX_OPEN)) {
      const c = await connect(s.credential);
      await c.next('session.created');
      open.push(c);
    }
    const last = sessions[MAX_OPEN]!.credential;
    const over = await refused(last.websocket_url, last.subprotocols);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(new RegExp(`${MAX_OPEN} realtime conversations open`));
    // Another account connects meanwhile.
    const other = await connect((await mintAgentSession(stack, { tools: [] })).credential);
    await other.next('session.created');
    other.ws.close();

    // One ends: the refused secret now opens its conversation.
    await new Promise<void>((resolve) => {
      open[0]!.ws.once('close', () => resolve());
      open[0]!.ws.close();
    });
    let opened: Awaited<ReturnType<typeof connect>> | undefined;
    for (let i = 0; i < 50 && !opened; i++) {
      opened = await connect(last).catch(async () => {
        await new Promise((r) => setTimeout(r, 100));
        return undefined;
      });
    }
    expect(opened).toBeDefined();
    await opened!.next('session.created');
    for (const c of [...open.slice(1), opened!]) c.ws.close();
  });
});
