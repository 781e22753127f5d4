// Bad input over the local realtime engine's WebSocket (the HTTP fuzzer never opens it): every
// client event type, and unknown ones, with hostile field values and shapes (fast-check, fixed
// seed), plus frames that are not JSON objects. Whatever arrives, the engine answers with
// documented events only: an `error` event in its shape for what it refuses (never a
// server_error), no failed response, no closed socket; the conversation still answers a plain
// turn afterwards, and nothing it parsed reached a prototype.
//
// Reproduce a failure with FUZZ_SEED=<the seed printed in the failure>.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';
import { closeAll, connect, mintAgentSession, say, type Event } from '../voice/realtime-client';
import { hostileId, hostileValue } from './schema-arbitrary';

const SEED = Number(process.env.FUZZ_SEED ?? 27_027);
const EVENTS_PER_CONVERSATION = 250;
const CONVERSATIONS = 4;

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack({
    // Small caps so oversized values are cheap to send; one second of audio keeps recognition cheap.
    ATELIER_REALTIME_MAX_ITEM_BYTES: '4096',
    ATELIER_REALTIME_MAX_CONVERSATION_BYTES: '16384',
    ATELIER_REALTIME_MAX_INPUT_AUDIO_S: '1',
  });
});
afterEach(closeAll);
afterAll(async () => {
  await stack?.close();
});

/** Absent half the time: an event with one hostile field among valid ones reaches the deeper checks. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
/** Mostly a valid value, sometimes a hostile one. */
const mostly = (valid: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostileValue, weight: 1 });
const base64 = fc.uint8Array({ maxLength: 9600 }).map((b) => Buffer.from(b).toString('base64'));
/** 100 ms of a loud tone or of silence: what server VAD takes for speech and for its end. */
const loud = fc.constantFrom(
  Buffer.from(Int16Array.from({ length: 2400 }, (_, i) => Math.round(12_000 * Math.sin(i / 5))).buffer).toString('base64'),
  Buffer.alloc(4800).toString('base64'),
);
const turnDetection = mostly(
  fc.record({
    type: mostly(fc.constantFrom('server_vad', 'server_vad', 'server_vad', 'semantic_vad')),
    threshold: maybe(mostly(fc.double({ min: -0.2, max: 1.2, noNaN: true }))),
    prefix_padding_ms: maybe(mostly(fc.integer({ min: -100, max: 2100 }))),
    silence_duration_ms: maybe(mostly(fc.integer({ min: 50, max: 1000 }))),
    create_response: maybe(mostly(fc.boolean())),
    interrupt_response: maybe(mostly(fc.boolean())),
  }, { requiredKeys: [] }),
);
const session = mostly(
  fc.record({
    type: maybe(mostly(fc.constant('realtime'))),
    instructions: maybe(mostly(fc.oneof(fc.string({ maxLength: 80 }), fc.constant('i'.repeat(5000))))),
    voice: maybe(mostly(fc.constantFrom('leo', 'eve'))),
    greeting: maybe(mostly(fc.oneof(fc.constant(null), fc.string({ maxLength: 40 })))),
    language: maybe(mostly(fc.constantFrom('en', 'en', 'pl', 'en-US'))),
    temperature: maybe(mostly(fc.double({ min: 0, max: 2, noNaN: true }))),
    tool_choice: maybe(mostly(fc.constantFrom('auto', 'none', 'required'))),
    tools: maybe(mostly(fc.oneof(
      fc.constant([{ type: 'function', name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]),
      fc.array(fc.record({ type: maybe(hostileValue), name: hostileValue, description: maybe(hostileValue), parameters: maybe(hostileValue) }, { requiredKeys: [] }), { maxLength: 3 }),
    ))),
    output_modalities: maybe(mostly(fc.constantFrom(['text'], ['text'], ['text', 'audio']))),
    input_audio_format: maybe(mostly(fc.constant('pcm16'))),
    turn_detection: maybe(turnDetection),
    audio: maybe(mostly(fc.record({
      input: maybe(mostly(fc.record({ format: maybe(mostly(fc.constantFrom({ type: 'audio/pcm', rate: 24000 }, { type: 'audio/pcm' }, { type: 'audio/pcmu' }))), turn_detection: maybe(turnDetection) }, { requiredKeys: [] }))),
      output: maybe(mostly(fc.record({ voice: maybe(mostly(fc.constantFrom('leo', 'Luna'))) }, { requiredKeys: [] }))),
    }, { requiredKeys: [] }))),
  }, { requiredKeys: [] }),
);
const contentPart = mostly(
  fc.record({
    type: mostly(fc.constantFrom('input_text', 'input_text', 'output_text', 'input_audio', 'audio')),
    text: maybe(mostly(fc.string({ maxLength: 60 }))),
    audio: maybe(mostly(base64)),
  }, { requiredKeys: [] }),
);
const item = mostly(
  fc.record({
    id: maybe(fc.oneof(hostileId, hostileValue)),
    type: maybe(mostly(fc.constantFrom('message', 'message', 'function_call_output', 'function_call'))),
    role: maybe(mostly(fc.constantFrom('user', 'user', 'assistant', 'system'))),
    content: mostly(fc.array(contentPart, { minLength: 1, maxLength: 2 })),
    call_id: maybe(fc.oneof(hostileId, hostileValue)),
    output: maybe(hostileValue),
  }, { requiredKeys: [] }),
);
const clientEvent: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ type: fc.constant('session.update'), session }),
  fc.record({ type: fc.constant('input_audio_buffer.append'), audio: fc.oneof({ arbitrary: base64, weight: 4 }, { arbitrary: loud, weight: 2 }, { arbitrary: hostileValue, weight: 1 }, { arbitrary: fc.constant('QUJD'), weight: 1 }) }),
  fc.record({ type: fc.constantFrom('input_audio_buffer.commit', 'input_audio_buffer.clear', 'response.cancel') }),
  fc.record({ type: fc.constant('conversation.item.create'), item, previous_item_id: maybe(fc.oneof(hostileId, hostileValue)) }, { requiredKeys: ['type', 'item'] }),
  fc.record({ type: fc.constant('conversation.item.delete'), item_id: fc.oneof(hostileId, hostileValue) }),
  fc.record({ type: fc.constant('response.create'), response: maybe(fc.oneof(hostileValue, fc.record({ output_modalities: maybe(hostileValue), instructions: maybe(hostileValue) }, { requiredKeys: [] }))) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.oneof(fc.constantFrom('conversation.item.retrieve', 'transcription_session.update', '__proto__', 'constructor'), hostileValue), event_id: hostileValue }),
  // Not an event object at all.
  hostileValue,
);

/** What an error event must look like. */
function errorProblem(e: Event): string | null {
  const err = e.error as Record<string, unknown> | undefined;
  if (!err || typeof err !== 'object') return 'no error object';
  for (const k of ['type', 'code', 'message'] as const) if (typeof err[k] !== 'string' || !err[k]) return `error.${k} is not a string`;
  if (err.param !== null && typeof err.param !== 'string') return 'error.param is neither null nor a string';
  if (err.event_id !== null && typeof err.event_id !== 'string') return 'error.event_id is neither null nor a string';
  if (err.type === 'server_error' || err.code === 'server_error' || err.code === 'response_failed') return `a server fault: ${err.message as string}`;
  return null;
}

describe(`realtime socket fuzz (seed ${SEED})`, () => {
  it(`${CONVERSATIONS} conversations × ${EVENTS_PER_CONVERSATION} hostile events: only documented refusals, nothing breaks`, async () => {
    const events = fc.sample(clientEvent, { seed: SEED, numRuns: CONVERSATIONS * EVENTS_PER_CONVERSATION });
    for (let n = 0; n < CONVERSATIONS; n++) {
      const { credential } = await mintAgentSession(stack);
      const c = await connect(credential);
      let closed: number | null = null;
      c.ws.on('close', (code) => (closed = code));
      await c.next('session.created');
      for (const [i, e] of events.slice(n * EVENTS_PER_CONVERSATION, (n + 1) * EVENTS_PER_CONVERSATION).entries()) {
        const frame = typeof e === 'object' && e !== null && !Array.isArray(e) ? JSON.stringify({ event_id: `fz_${n}_${i}`, ...e }) : JSON.stringify(e);
        c.ws.send(frame ?? 'undefined');
      }
      // Every spoken turn is heard (or its failure told) before the conversation goes on.
      const spokenTurns = () => c.events.filter((e) => e.type === 'conversation.item.added' && e.item.content?.[0]?.type === 'input_audio').length;
      const heardTurns = () => c.events.filter((e) => e.type.startsWith('conversation.item.input_audio_transcription.')).length;
      for (let t = 0; t < 600 && heardTurns() < spokenTurns(); t++) await new Promise((r) => setTimeout(r, 200));
      expect(heardTurns(), `FUZZ_SEED=${SEED}, conversation ${n}: turns heard`).toBe(spokenTurns());
      // Back to a plain conversation: no turn detection, English, text answers; then one turn.
      c.send({ type: 'session.update', event_id: 'reset', session: { turn_detection: null, language: 'en', output_modalities: ['text'], tool_choice: 'none', instructions: 'Be brief.' } });
      let answered: Event | undefined;
      for (let attempt = 0; attempt < 30 && !answered; attempt++) {
        c.send(say('Hello, is breakfast included?'));
        const from = c.events.length;
        c.send({ type: 'response.create', event_id: `final_${attempt}` });
        const outcome = await Promise.race([
          c.next('response.done', (d) => c.events.indexOf(d) >= from, 60_000),
          c.next('error', (x) => x.error?.event_id === `final_${attempt}`, 60_000),
        ]);
        if (outcome.type === 'response.done' && outcome.response.status === 'completed') answered = outcome;
        else await new Promise((r) => setTimeout(r, 500));
      }
      const seed = `FUZZ_SEED=${SEED}, conversation ${n}`;
      expect(answered, seed).toBeDefined();
      expect(closed, seed).toBeNull();
      const problems = c.events.filter((e) => e.type === 'error').map((e) => [e.error?.event_id, errorProblem(e)]).filter(([, p]) => p);
      expect(problems, seed).toEqual([]);
      expect(c.events.filter((e) => e.type === 'response.done' && e.response.status === 'failed'), seed).toEqual([]);
      const failedHearing = c.events.filter((e) => e.type === 'conversation.item.input_audio_transcription.failed' && !['transcription_language_unsupported'].includes(e.error.code));
      expect(failedHearing, seed).toEqual([]);
      c.ws.close();
      const tally = new Map<string, number>();
      for (const e of c.events) {
        const k = e.type === 'error' ? `error:${e.error?.code}:${e.error?.param}` : e.type;
        tally.set(k, (tally.get(k) ?? 0) + 1);
      }
      console.log(`conversation ${n}: ${[...tally].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);
});
