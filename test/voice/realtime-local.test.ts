// The local realtime engine end to end: mint through the API, connect with a real WebSocket client
// using the subprotocol array, talk (text, audio, tools), and the refusals at the upgrade; then the
// demo page in real Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { startStack, type TestStack } from '../helpers/stack';
import { synthesizePcm16 } from '../../src/voice/realtime/local/speech';
import { connect, mintAgentSession, refused, say, weatherTool } from './realtime-client';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const mintForAgent = (over: Record<string, unknown> = {}) => mintAgentSession(stack, over);

function pcmStats(chunks: string[]) {
  const pcm = Buffer.concat(chunks.map((c) => Buffer.from(c, 'base64')));
  let sum = 0;
  let peak = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) {
    const s = pcm.readInt16LE(i);
    sum += s * s;
    peak = Math.max(peak, Math.abs(s));
  }
  const samples = Math.floor(pcm.length / 2);
  return { bytes: pcm.length, seconds: samples / 24_000, rms: Math.sqrt(sum / Math.max(1, samples)), peak };
}

describe('local realtime engine', () => {
  it('session.update and a text message get text deltas and PCM16 audio deltas', async () => {
    const { credential } = await mintForAgent();
    const c = await connect(credential);
    expect(c.ws.protocol).toBe('realtime');
    const created = await c.next('session.created');
    expect(created.session).toMatchObject({ model: 'atelier-realtime-local', voice: 'eve', language: 'en', greeting: 'Welcome to the Grand Hotel!' });
    expect(created.session.tools).toEqual([{ type: 'function', ...weatherTool }]);

    c.send({ type: 'session.update', event_id: 'evt_1', session: { type: 'realtime', instructions: 'You are a hotel concierge. Be kind.', audio: { output: { voice: 'Leo' } }, output_modalities: ['text', 'audio'] } });
    const updated = await c.next('session.updated');
    expect(updated.session).toMatchObject({ instructions: 'You are a hotel concierge. Be kind.', voice: 'leo', output_modalities: ['text', 'audio'] });

    c.send(say('Hello, what time is breakfast served?'));
    const added = await c.next('conversation.item.added');
    expect(added.item).toMatchObject({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello, what time is breakfast served?' }] });
    const { done, events } = await c.respond();
    expect(done.response.status).toBe('completed');

    const text = events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
    expect(text.length).toBeGreaterThan(5);
    expect(events.find((e) => e.type === 'response.output_text.done')!.text).toBe(text);
    const audio = events.filter((e) => e.type === 'response.output_audio.delta').map((e) => e.delta as string);
    expect(audio.length).toBeGreaterThan(1);
    const stats = pcmStats(audio);
    expect(stats.bytes % 2).toBe(0);
    // Plausible speech for the words said: at least ~50 ms a word, at most a second a character.
    expect(stats.seconds).toBeGreaterThan(text.split(/\s+/).length * 0.05);
    expect(stats.seconds).toBeLessThan(text.length);
    expect(stats.rms).toBeGreaterThan(300);
    expect(stats.peak).toBeGreaterThan(3000);
    const transcript = events.find((e) => e.type === 'response.output_audio_transcript.done')!.transcript;
    expect(transcript).toBe(text);
    expect(done.response.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }, { type: 'output_audio', transcript: text }] });

    // Text only on request.
    c.send(say('Thanks!'));
    const textOnly = await c.respond({ output_modalities: ['text'] });
    expect(textOnly.events.some((e) => e.type === 'response.output_audio.delta')).toBe(false);
    expect(textOnly.events.some((e) => e.type === 'response.output_text.delta')).toBe(true);
    c.ws.close();
  });

  it("greets with the agent's greeting when asked to respond before the user speaks", async () => {
    const { credential } = await mintForAgent();
    const c = await connect(credential);
    const { events } = await c.respond();
    expect(events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('')).toBe('Welcome to the Grand Hotel!');
    expect(events.some((e) => e.type === 'response.output_audio.delta')).toBe(true);
    c.ws.close();
  });

  it('calls a tool as a function_call item and answers from its output', async () => {
    const { credential } = await mintForAgent();
    const c = await connect(credential);
    c.send(say('What is the weather like in Paris?'));
    const call = await c.respond();
    const args = call.events.find((e) => e.type === 'response.function_call_arguments.done')!;
    expect(args).toMatchObject({ name: 'get_weather', arguments: JSON.stringify({ city: 'Paris' }) });
    const item = call.done.response.output[0];
    expect(item).toMatchObject({ type: 'function_call', name: 'get_weather', call_id: args.call_id, arguments: '{"city":"Paris"}', status: 'completed' });
    expect(call.events.some((e) => e.type === 'response.output_text.delta')).toBe(false);

    c.send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: item.call_id, output: JSON.stringify({ temperature_c: 21, sky: 'sunny' }) } });
    await c.next('conversation.item.added', (e) => e.item.type === 'function_call_output');
    const answer = await c.respond();
    const text = answer.events.filter((e) => e.type === 'response.output_text.delta').map((e) => e.delta).join('');
    expect(text).toContain('21');
    expect(text).toContain('sunny');

    // A message that neither names the tool nor matches its description calls nothing.
    c.send(say('Please book me a table for two.'));
    const plain = await c.respond();
    expect(plain.done.response.output[0].type).toBe('message');
    // Naming the tool calls it; tool_choice none turns tools off.
    c.send(say('use get_weather for Oslo'));
    expect((await c.respond()).done.response.output[0]).toMatchObject({ type: 'function_call', arguments: '{"city":"Oslo"}' });
    c.send({ type: 'session.update', session: { tool_choice: 'none' } });
    await c.next('session.updated');
    c.send(say('use get_weather for Oslo'));
    expect((await c.respond()).done.response.output[0].type).toBe('message');
    c.ws.close();
  });

  it('answers bad events with error events and keeps the conversation open', async () => {
    const { credential } = await mintForAgent();
    const c = await connect(credential);
    c.ws.send('not json');
    expect((await c.next('error')).error.code).toBe('invalid_json');
    c.send({ type: 'session.update', event_id: 'bad_voice', session: { audio: { output: { voice: 'alloy' } } } });
    expect((await c.next('error', (e) => e.error.event_id === 'bad_voice')).error).toMatchObject({ code: 'invalid_value', param: 'session.voice' });
    c.send({ type: 'input_audio_buffer.commit', event_id: 'empty' });
    expect((await c.next('error', (e) => e.error.event_id === 'empty')).error.code).toBe('input_audio_buffer_commit_empty');
    c.send({ type: 'input_audio_buffer.append', event_id: 'odd', audio: Buffer.alloc(4801).toString('base64') });
    expect((await c.next('error', (e) => e.error.event_id === 'odd')).error).toMatchObject({ code: 'invalid_value', param: 'audio' });
    c.send({ type: 'session.update', event_id: 'ulaw', session: { audio: { input: { format: { type: 'audio/pcmu' } } } } });
    expect((await c.next('error', (e) => e.error.event_id === 'ulaw')).error).toMatchObject({ code: 'invalid_value', param: 'session.audio.input.format' });
    c.send({ type: 'session.update', event_id: 'semantic', session: { audio: { input: { turn_detection: { type: 'semantic_vad' } } } } });
    expect((await c.next('error', (e) => e.error.event_id === 'semantic')).error).toMatchObject({ code: 'invalid_value', param: 'session.audio.input.turn_detection.type' });
    c.send({ type: 'session.update', event_id: 'vad', session: { turn_detection: { type: 'server_vad', silence_duration_ms: 10 } } });
    expect((await c.next('error', (e) => e.error.event_id === 'vad')).error).toMatchObject({ code: 'invalid_value', param: 'session.turn_detection.silence_duration_ms' });
    // 31 s of audio is more than the buffer holds (30 s by default).
    c.send({ type: 'input_audio_buffer.append', event_id: 'long', audio: Buffer.alloc(31 * 48_000).toString('base64') });
    expect((await c.next('error', (e) => e.error.event_id === 'long')).error.code).toBe('input_audio_buffer_full');
    // A turn needs 100 ms at least (a refused commit keeps the buffer); silence is heard as no words.
    c.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(2400).toString('base64') });
    c.send({ type: 'input_audio_buffer.commit', event_id: 'short' });
    expect((await c.next('error', (e) => e.error.event_id === 'short')).error.code).toBe('input_audio_buffer_commit_empty');
    c.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(4800).toString('base64') });
    c.send({ type: 'input_audio_buffer.commit', event_id: 'audio' });
    const committed = await c.next('input_audio_buffer.committed');
    expect((await c.next('conversation.item.input_audio_transcription.completed', (e) => e.item_id === committed.item_id)).transcript).toBe('');
    c.send({ type: 'conversation.item.create', event_id: 'orphan', item: { type: 'function_call_output', call_id: 'call_nope', output: '{}' } });
    expect((await c.next('error', (e) => e.error.event_id === 'orphan')).error.param).toBe('item.call_id');
    c.send({ type: 'nonsense.event', event_id: 'what' });
    expect((await c.next('error', (e) => e.error.event_id === 'what')).error.code).toBe('unknown_event');
    // Still talking.
    c.send(say('Hello'));
    expect((await c.respond()).done.response.status).toBe('completed');
    c.ws.close();
  });

  it('refuses the secret in the query string or an Authorization header, a wrong array, a reused, expired or unknown secret (401)', async () => {
    const { credential } = await mintForAgent();
    const url = credential.websocket_url;
    const secret = credential.client_secret;

    const query = await refused(`${url}?client_secret=${secret}`, undefined);
    expect(query.status).toBe(401);
    expect(query.body.detail).toMatch(/query string/);
    expect((await refused(`${url}?client_secret=${secret}`, credential.subprotocols)).status).toBe(401);
    expect((await refused(url, ['realtime'], { authorization: `Bearer ${secret}` })).status).toBe(401);
    expect((await refused(url, [`openai-insecure-api-key.${secret}`, 'realtime'])).status).toBe(401);
    expect((await refused(url, ['realtime', secret])).status).toBe(401);
    expect((await refused(url, undefined)).status).toBe(401);
    expect((await refused(url, ['realtime', 'openai-insecure-api-key.ek_unknown'])).body.detail).toMatch(/not valid/);

    // None of those spent the secret: it still opens exactly one conversation.
    const c = await connect(credential);
    await c.next('session.created');
    const again = await refused(url, credential.subprotocols);
    expect(again.status).toBe(401);
    expect(again.body.detail).toMatch(/already used/);
    c.ws.close();

    const late = (await mintForAgent()).credential;
    await stack.atelier.deps.db.updateTable('voice_realtime_secrets').set({ expires_at: new Date(Date.now() - 1000) }).where('connected_at', 'is', null).execute();
    expect((await refused(late.websocket_url, late.subprotocols)).body.detail).toMatch(/expired/);
  });

  it('ends the conversation when the session reaches its lifetime', async () => {
    const { credential } = await mintForAgent();
    await stack.atelier.deps.db.updateTable('voice_realtime_secrets').set({ expires_at: new Date(Date.now() + 1500) }).where('connected_at', 'is', null).execute();
    const c = await connect(credential);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => c.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    expect((await c.next('error', () => true, 5000)).error.code).toBe('session_expired');
    expect(await closed).toEqual({ code: 1000, reason: 'session expired' });
  });

  it('speaks each voice id with its own espeak-ng voice', async () => {
    const [eve, rex, luna] = await Promise.all([synthesizePcm16('Good morning', 'eve', 'en'), synthesizePcm16('Good morning', 'rex', 'en'), synthesizePcm16('Good morning', 'luna', 'pl')]);
    expect(eve.equals(rex)).toBe(false);
    expect(eve.equals(luna)).toBe(false);
    for (const pcm of [eve, rex, luna]) expect(pcm.length).toBeGreaterThan(24_000 * 2 * 0.3);
  });
});

describe('the demo page in Chromium', () => {
  it('mints with a pasted key, connects and shows the greeting', async () => {
    const { agent } = await mintForAgent({ greeting: 'Hello from the demo agent!' });
    const page = await stack.api('GET', '/voice-demo', { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const tab = await browser.newPage();
      const requests: string[] = [];
      tab.on('request', (r) => requests.push(r.url()));
      const consoleErrors: string[] = [];
      tab.on('pageerror', (e) => consoleErrors.push(e.message));
      await tab.goto(`${stack.url}/voice-demo`);
      await tab.fill('#api-key', stack.adminKey);
      await tab.fill('#agent-id', agent.id);
      await tab.click('#connect');
      await tab.waitForSelector('.agent:has-text("Hello from the demo agent!")', { timeout: 20_000 });
      expect(await tab.textContent('#status')).toMatch(/Connected/);
      // Then a turn of conversation from the page.
      await tab.fill('#message', 'What is the weather in Rome?');
      await tab.click('#send');
      await tab.waitForSelector('.tool:has-text("get_weather")', { timeout: 20_000 });
      await tab.waitForSelector('.agent:has-text("returned")', { timeout: 20_000 });
      expect(consoleErrors).toEqual([]);
      // The key never travels in a URL.
      for (const url of [...requests, tab.url()]) expect(url).not.toContain(stack.adminKey);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('Talk streams the microphone: the spoken words appear as the user turn and the agent answers', async () => {
    // Chromium's fake microphone plays this file in a loop: silence, "hello world", then a long
    // silence, so the answer is not cut short by the next loop's words on a slow machine.
    const wav = join(mkdtempSync(join(tmpdir(), 'voice-demo-')), 'mic.wav');
    const speech = execFileSync('espeak-ng', ['-v', 'en-us', '--stdout', 'hello world']);
    execFileSync('sox', ['-D', '-t', 'wav', '-', '-r', '48000', '-b', '16', '-c', '1', wav, 'pad', '1', '20'], { input: speech });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
        '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`, '--autoplay-policy=no-user-gesture-required',
      ],
    });
    try {
      const tab = await browser.newPage();
      const consoleErrors: string[] = [];
      tab.on('pageerror', (e) => consoleErrors.push(e.message));
      await tab.goto(`${stack.url}/voice-demo`);
      await tab.fill('#api-key', stack.adminKey);
      await tab.click('#connect');
      await tab.waitForSelector('.agent:has-text("Hi! This is the Atelier demo agent.")', { timeout: 20_000 });
      await tab.click('#mic');
      // The browser's capture path (resampling, noise suppression) blurs espeak-ng's "hello" at
      // times ("oh world"); the exact words from exact audio are the hearing tests' business.
      await tab.waitForSelector('.user:has-text("world")', { timeout: 40_000 }).catch(async (err: Error) => {
        throw new Error(`${err.message}; the page shows: ${await tab.textContent('#transcript')} | ${await tab.textContent('#status')}`);
      });
      // The agent answers the spoken turn: a second agent line after the greeting.
      const answer = tab.locator('.agent').nth(1);
      await answer.waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await answer.textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(3);
      expect(consoleErrors).toEqual([]);
      expect(await tab.locator('.error').count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
