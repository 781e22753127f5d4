import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { VoiceTool } from '../../../infra/db/schema/voice-agents';
import type { VoiceRealtimeSecret, VoiceSessionConfig } from '../../../infra/db/schema/voice-realtime-secrets';
import type { Logger } from '../../../infra/logging/logger';
import { ApiError } from '../../../infra/http/errors';
import { localChat } from '../../../generation/providers/local/chat';
import { normaliseTools } from '../../agent-input';
import { isVoiceId } from '../../voices';
import { OUTPUT_SAMPLE_RATE, synthesizePcm16 } from './speech';
import { planToolCall } from './tools';

type Modality = 'text' | 'audio';
type Json = Record<string, unknown>;

interface MessageItem { id: string; type: 'message'; role: 'user' | 'assistant' | 'system'; text: string }
interface CallItem { id: string; type: 'function_call'; name: string; call_id: string; arguments: string }
interface OutputItem { id: string; type: 'function_call_output'; call_id: string; output: string }
type Item = MessageItem | CallItem | OutputItem;

/** Audio deltas of 100 ms (24 kHz × 2 bytes × 0.1 s). */
const AUDIO_CHUNK_BYTES = OUTPUT_SAMPLE_RATE * 2 / 10;
/** What one conversation may buffer of input audio before appends are refused. */
const MAX_INPUT_AUDIO_BYTES = 15 * 1024 * 1024;
/** Items a conversation keeps; older ones are forgotten first (memory stays bounded). */
const MAX_ITEMS = 200;
/** The model reads at most this many recent messages, and speaks at most this many characters. */
const HISTORY_MESSAGES = 40;
const MAX_SPOKEN_CHARS = 2000;
/** Keeps idle conversations alive through proxies that drop quiet connections. */
const PING_INTERVAL_MS = 30_000;
const DEFAULT_GREETING = 'Hello! How can I help you today?';

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/**
 * One realtime conversation on the local engine: the core of the OpenAI Realtime event protocol
 * (README, Voice: the supported messages). Text comes in as conversation items; answers come back
 * as text deltas from the local chat model and PCM16 audio deltas spoken by espeak-ng. There is no
 * local speech recogniser, so committed input audio is answered with an error event.
 */
export class RealtimeConversation {
  private session: VoiceSessionConfig;
  private modalities: Modality[] = ['text', 'audio'];
  private toolChoice: 'auto' | 'none' | 'required' = 'auto';
  private readonly items: Item[] = [];
  private inputAudio: Buffer[] = [];
  private inputAudioBytes = 0;
  private active: { id: string; abort: AbortController } | null = null;
  private readonly expiry: NodeJS.Timeout;
  private readonly ping: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly secret: VoiceRealtimeSecret,
    private readonly logger: Logger,
  ) {
    this.session = { ...secret.session, tools: [...secret.session.tools] };
    // seed 001 §4.1: a session covers the conversation up to its lifetime; then a new one is needed.
    const remaining = Math.max(0, secret.expires_at.getTime() - Date.now());
    this.expiry = setTimeout(() => this.expire(), remaining);
    this.expiry.unref();
    this.ping = setInterval(() => ws.ping(), PING_INTERVAL_MS);
    this.ping.unref();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return this.error('invalid_request_error', 'binary_not_supported', 'Send JSON text frames; audio travels base64-encoded in input_audio_buffer.append');
      this.receive(data.toString());
    });
    ws.on('close', () => {
      clearTimeout(this.expiry);
      clearInterval(this.ping);
      this.active?.abort.abort();
    });
    ws.on('error', (err) => this.logger.warn({ err: err.message }, 'realtime socket error'));
    this.send({ type: 'session.created', session: this.sessionView() });
  }

  /** Server shutdown: end the conversation with "going away". */
  close(code = 1001, reason = 'server shutting down'): void {
    this.active?.abort.abort();
    this.ws.close(code, reason);
  }

  private expire(): void {
    this.error('invalid_request_error', 'session_expired', 'This session has reached its lifetime; mint a new session to continue.');
    this.close(1000, 'session expired');
  }

  private receive(raw: string): void {
    let event: Json;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      event = parsed as Json;
    } catch {
      return this.error('invalid_request_error', 'invalid_json', 'Each message must be a JSON object with a "type"');
    }
    const eventId = typeof event.event_id === 'string' ? event.event_id : undefined;
    try {
      switch (event.type) {
        case 'session.update': return this.updateSession(event.session);
        case 'input_audio_buffer.append': return this.appendAudio(event.audio);
        case 'input_audio_buffer.commit': return this.commitAudio(eventId);
        case 'input_audio_buffer.clear':
          this.inputAudio = [];
          this.inputAudioBytes = 0;
          return this.send({ type: 'input_audio_buffer.cleared' });
        case 'conversation.item.create': return this.createItem(event.item, event.previous_item_id);
        case 'conversation.item.delete': return this.deleteItem(event.item_id);
        case 'response.create': return void this.respond(event.response, eventId);
        case 'response.cancel': return this.cancel();
        default:
          return this.error('invalid_request_error', 'unknown_event', `Unsupported event type ${JSON.stringify(event.type ?? null)}; see the README for the supported messages`, eventId);
      }
    } catch (err) {
      if (err instanceof ClientError) return this.error('invalid_request_error', err.code, err.message, eventId, err.param);
      this.logger.error({ err }, 'realtime event failed');
      this.error('server_error', 'server_error', 'The event could not be handled', eventId);
    }
  }

  // ── session ────────────────────────────────────────────────────────────────────────────────

  private updateSession(value: unknown): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ClientError('invalid_value', 'session must be an object', 'session');
    const s = value as Json;
    const next = { ...this.session };
    if (s.instructions !== undefined) {
      if (typeof s.instructions !== 'string') throw new ClientError('invalid_value', 'session.instructions must be a string', 'session.instructions');
      next.instructions = s.instructions;
    }
    const audio = (s.audio ?? {}) as { output?: { voice?: unknown } };
    const voice = s.voice ?? audio.output?.voice;
    if (voice !== undefined) {
      const v = typeof voice === 'string' ? voice.trim().toLowerCase() : '';
      if (!isVoiceId(v)) throw new ClientError('invalid_value', `Unknown voice ${JSON.stringify(voice)}; GET /v1/voice/voices lists the voice ids`, 'session.voice');
      next.voice = v;
    }
    if (s.greeting !== undefined) {
      if (s.greeting !== null && typeof s.greeting !== 'string') throw new ClientError('invalid_value', 'session.greeting must be a string or null', 'session.greeting');
      next.greeting = s.greeting as string | null;
    }
    if (s.language !== undefined) {
      if (typeof s.language !== 'string' || s.language.length < 2 || s.language.length > 8) throw new ClientError('invalid_value', 'session.language must be 2 to 8 characters', 'session.language');
      next.language = s.language;
    }
    if (s.temperature !== undefined) {
      if (s.temperature !== null && (typeof s.temperature !== 'number' || s.temperature < 0 || s.temperature > 2)) {
        throw new ClientError('invalid_value', 'session.temperature must be a number from 0 to 2', 'session.temperature');
      }
      next.temperature = s.temperature as number | null;
    }
    if (s.tools !== undefined) next.tools = this.parseTools(s.tools);
    let modalities = this.modalities;
    const requested = s.output_modalities ?? s.modalities;
    if (requested !== undefined) modalities = parseModalities(requested, 'session.output_modalities');
    let toolChoice = this.toolChoice;
    if (s.tool_choice !== undefined) {
      if (s.tool_choice !== 'auto' && s.tool_choice !== 'none' && s.tool_choice !== 'required') {
        throw new ClientError('invalid_value', 'session.tool_choice must be auto, none or required', 'session.tool_choice');
      }
      toolChoice = s.tool_choice;
    }
    this.session = next;
    this.modalities = modalities;
    this.toolChoice = toolChoice;
    this.send({ type: 'session.updated', session: this.sessionView() });
  }

  private parseTools(value: unknown): VoiceTool[] {
    // OpenAI's form carries `type: 'function'`; the agent's normalised form does not. Both work.
    if (Array.isArray(value) && value.some((t) => typeof t === 'object' && t !== null && 'type' in t && (t as Json).type !== 'function')) {
      throw new ClientError('invalid_value', "Only tools of type 'function' are supported", 'session.tools');
    }
    try {
      return normaliseTools(value);
    } catch (err) {
      if (err instanceof ApiError) throw new ClientError('invalid_value', `session.${(err.body as { detail: string }).detail}`, 'session.tools');
      throw err;
    }
  }

  private sessionView(): Json {
    const s = this.session;
    const pcm = { type: 'audio/pcm', rate: OUTPUT_SAMPLE_RATE };
    return {
      type: 'realtime',
      object: 'realtime.session',
      id: this.secret.id,
      model: this.secret.model,
      output_modalities: this.modalities,
      instructions: s.instructions,
      audio: { input: { format: pcm, transcription: null, turn_detection: null }, output: { format: pcm, voice: s.voice, speed: 1 } },
      voice: s.voice,
      tools: s.tools.map((t) => ({ type: 'function', ...t })),
      tool_choice: this.toolChoice,
      temperature: s.temperature,
      greeting: s.greeting,
      language: s.language,
      expires_at: Math.floor(this.secret.expires_at.getTime() / 1000),
    };
  }

  // ── input ──────────────────────────────────────────────────────────────────────────────────

  private appendAudio(audio: unknown): void {
    if (typeof audio !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(audio)) {
      throw new ClientError('invalid_value', 'audio must be base64-encoded PCM16', 'audio');
    }
    const bytes = Buffer.from(audio, 'base64');
    if (this.inputAudioBytes + bytes.length > MAX_INPUT_AUDIO_BYTES) {
      throw new ClientError('input_audio_buffer_full', 'The input audio buffer is full; commit or clear it');
    }
    this.inputAudio.push(bytes);
    this.inputAudioBytes += bytes.length;
  }

  private commitAudio(eventId?: string): void {
    if (this.inputAudioBytes === 0) throw new ClientError('input_audio_buffer_commit_empty', 'The input audio buffer is empty');
    this.inputAudio = [];
    this.inputAudioBytes = 0;
    this.error(
      'invalid_request_error', 'input_audio_not_supported',
      'The local realtime engine has no speech recogniser: send text with conversation.item.create, or use the OpenAI-compatible provider for spoken input. The buffer was cleared.',
      eventId,
    );
  }

  private createItem(value: unknown, previousItemId: unknown): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ClientError('invalid_value', 'item must be an object', 'item');
    const raw = value as Json;
    const itemId = typeof raw.id === 'string' && raw.id ? raw.id : id('item');
    if (this.items.some((i) => i.id === itemId)) throw new ClientError('invalid_value', `An item with id ${itemId} already exists`, 'item.id');
    let item: Item;
    if (raw.type === 'message' || raw.type === undefined) {
      const role = raw.role ?? 'user';
      if (role !== 'user' && role !== 'assistant' && role !== 'system') throw new ClientError('invalid_value', 'item.role must be user, assistant or system', 'item.role');
      if (!Array.isArray(raw.content) || raw.content.length === 0) throw new ClientError('invalid_value', 'item.content must be a non-empty array', 'item.content');
      const texts: string[] = [];
      for (const part of raw.content as unknown[]) {
        const p = (part ?? {}) as Json;
        if (p.type === 'input_audio' || p.type === 'audio') {
          throw new ClientError('input_audio_not_supported', 'The local realtime engine has no speech recogniser; send input_text content (or use the OpenAI-compatible provider for audio)', 'item.content');
        }
        if (!['input_text', 'text', 'output_text'].includes(String(p.type)) || typeof p.text !== 'string') {
          throw new ClientError('invalid_value', 'item.content entries must be {type: "input_text", text}', 'item.content');
        }
        texts.push(p.text);
      }
      item = { id: itemId, type: 'message', role, text: texts.join('\n') };
    } else if (raw.type === 'function_call_output') {
      if (typeof raw.call_id !== 'string' || !this.items.some((i) => i.type === 'function_call' && i.call_id === raw.call_id)) {
        throw new ClientError('invalid_value', 'item.call_id must name a function_call of this conversation', 'item.call_id');
      }
      const output = typeof raw.output === 'string' ? raw.output : JSON.stringify(raw.output ?? '');
      item = { id: itemId, type: 'function_call_output', call_id: raw.call_id, output };
    } else {
      throw new ClientError('invalid_value', 'item.type must be message or function_call_output', 'item.type');
    }
    const previous = typeof previousItemId === 'string' ? previousItemId : this.items.at(-1)?.id ?? null;
    this.remember(item);
    const view = itemView(item, 'completed');
    this.send({ type: 'conversation.item.added', previous_item_id: previous, item: view });
    this.send({ type: 'conversation.item.done', previous_item_id: previous, item: view });
  }

  private deleteItem(itemId: unknown): void {
    const index = this.items.findIndex((i) => i.id === itemId);
    if (index < 0) throw new ClientError('item_not_found', `No item ${JSON.stringify(itemId)} in this conversation`, 'item_id');
    this.items.splice(index, 1);
    this.send({ type: 'conversation.item.deleted', item_id: itemId });
  }

  // ── responses ──────────────────────────────────────────────────────────────────────────────

  private cancel(): void {
    if (!this.active) throw new ClientError('response_cancel_not_active', 'There is no response in progress');
    this.active.abort.abort();
  }

  private async respond(options: unknown, eventId?: string): Promise<void> {
    if (this.active) {
      return this.error('invalid_request_error', 'conversation_already_has_active_response', 'A response is already in progress', eventId);
    }
    const opts = (typeof options === 'object' && options !== null ? options : {}) as Json;
    let modalities = this.modalities;
    try {
      if (opts.output_modalities !== undefined || opts.modalities !== undefined) {
        modalities = parseModalities(opts.output_modalities ?? opts.modalities, 'response.output_modalities');
      }
    } catch (err) {
      if (err instanceof ClientError) return this.error('invalid_request_error', err.code, err.message, eventId, err.param);
      throw err;
    }
    const instructions = typeof opts.instructions === 'string' ? opts.instructions : this.session.instructions;
    const response = { id: id('resp'), abort: new AbortController() };
    this.active = response;
    const base = { object: 'realtime.response', id: response.id, output_modalities: modalities, conversation_id: this.secret.id };
    this.send({ type: 'response.created', response: { ...base, status: 'in_progress', output: [] } });
    try {
      const output = await this.produce(response.id, instructions, modalities, response.abort.signal);
      const cancelled = response.abort.signal.aborted;
      this.send({
        type: 'response.done',
        response: {
          ...base, status: cancelled ? 'cancelled' : 'completed', status_details: cancelled ? { type: 'cancelled', reason: 'client_cancelled' } : null,
          output: output ? [output] : [], usage: null,
        },
      });
    } catch (err) {
      this.logger.error({ err }, 'realtime response failed');
      this.error('server_error', 'response_failed', 'The local engine could not produce a response', eventId);
      this.send({ type: 'response.done', response: { ...base, status: 'failed', status_details: { type: 'failed', error: { code: 'response_failed' } }, output: [] } });
    } finally {
      this.active = null;
    }
  }

  /** Decides what the model does with the conversation so far: call a tool, answer, or greet. */
  private async produce(responseId: string, instructions: string, modalities: Modality[], signal: AbortSignal): Promise<Json | null> {
    const last = [...this.items].reverse().find((i) => i.type !== 'message' || i.role !== 'system');
    const lastUser = last?.type === 'message' && last.role === 'user' ? last : undefined;
    if (lastUser && this.toolChoice !== 'none' && this.session.tools.length > 0) {
      const plan = planToolCall(lastUser.text, this.session.tools)
        ?? (this.toolChoice === 'required' ? { name: this.session.tools[0]!.name, arguments: {} } : null);
      if (plan) return this.emitFunctionCall(responseId, plan.name, JSON.stringify(plan.arguments));
    }
    let text: string;
    if (last?.type === 'function_call_output') {
      text = describeToolOutput(this.items, last);
    } else if (!lastUser && !this.items.some((i) => i.type === 'message' && i.role === 'user')) {
      text = this.session.greeting ?? DEFAULT_GREETING;
    } else {
      const messages = [
        ...(instructions ? [{ role: 'system', content: instructions }] : []),
        ...this.items.filter((i): i is MessageItem => i.type === 'message').slice(-HISTORY_MESSAGES).map((i) => ({ role: i.role, content: i.text })),
      ];
      text = localChat({ model: this.secret.model, messages, temperature: this.session.temperature ?? 0.7 }).text;
    }
    return this.emitMessage(responseId, text.slice(0, MAX_SPOKEN_CHARS), modalities, signal);
  }

  private emitFunctionCall(responseId: string, name: string, args: string): Json {
    const item: CallItem = { id: id('item'), type: 'function_call', name, call_id: id('call'), arguments: args };
    const at = { response_id: responseId, output_index: 0 };
    const previous = this.items.at(-1)?.id ?? null;
    this.send({ type: 'response.output_item.added', ...at, item: { ...itemView(item, 'in_progress'), arguments: '' } });
    this.send({ type: 'conversation.item.added', previous_item_id: previous, item: { ...itemView(item, 'in_progress'), arguments: '' } });
    this.send({ type: 'response.function_call_arguments.delta', ...at, item_id: item.id, call_id: item.call_id, delta: args });
    this.send({ type: 'response.function_call_arguments.done', ...at, item_id: item.id, call_id: item.call_id, name, arguments: args });
    this.remember(item);
    const done = itemView(item, 'completed');
    this.send({ type: 'response.output_item.done', ...at, item: done });
    this.send({ type: 'conversation.item.done', previous_item_id: previous, item: done });
    return done;
  }

  private async emitMessage(responseId: string, text: string, modalities: Modality[], signal: AbortSignal): Promise<Json | null> {
    const item: MessageItem = { id: id('item'), type: 'message', role: 'assistant', text: '' };
    const at = { response_id: responseId, item_id: item.id, output_index: 0 };
    const previous = this.items.at(-1)?.id ?? null;
    const pending = { id: item.id, type: 'message', object: 'realtime.item', role: 'assistant', status: 'in_progress', content: [] };
    this.send({ type: 'response.output_item.added', response_id: responseId, output_index: 0, item: pending });
    this.send({ type: 'conversation.item.added', previous_item_id: previous, item: pending });
    const content: Json[] = [];
    const pieces = text.match(/\S+\s*/g) ?? [text];

    if (modalities.includes('text') && !signal.aborted) {
      const part = { ...at, content_index: content.length };
      this.send({ type: 'response.content_part.added', ...part, part: { type: 'output_text', text: '' } });
      for (const delta of pieces) this.send({ type: 'response.output_text.delta', ...part, delta });
      this.send({ type: 'response.output_text.done', ...part, text });
      this.send({ type: 'response.content_part.done', ...part, part: { type: 'output_text', text } });
      content.push({ type: 'output_text', text });
    }
    if (modalities.includes('audio') && !signal.aborted) {
      const part = { ...at, content_index: content.length };
      this.send({ type: 'response.content_part.added', ...part, part: { type: 'output_audio', transcript: '' } });
      let pcm: Buffer | undefined;
      try {
        pcm = await synthesizePcm16(text, this.session.voice, this.session.language, signal);
      } catch (err) {
        if (!signal.aborted) throw err;
      }
      for (const delta of pieces) if (!signal.aborted) this.send({ type: 'response.output_audio_transcript.delta', ...part, delta });
      for (let off = 0; pcm && off < pcm.length && !signal.aborted; off += AUDIO_CHUNK_BYTES) {
        this.send({ type: 'response.output_audio.delta', ...part, delta: pcm.subarray(off, off + AUDIO_CHUNK_BYTES).toString('base64') });
      }
      this.send({ type: 'response.output_audio.done', ...part });
      this.send({ type: 'response.output_audio_transcript.done', ...part, transcript: text });
      this.send({ type: 'response.content_part.done', ...part, part: { type: 'output_audio', transcript: text } });
      content.push({ type: 'output_audio', transcript: text });
    }
    item.text = text;
    this.remember(item);
    const done = { ...pending, status: signal.aborted ? 'incomplete' : 'completed', content };
    this.send({ type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done });
    this.send({ type: 'conversation.item.done', previous_item_id: previous, item: done });
    return done;
  }

  private remember(item: Item): void {
    this.items.push(item);
    if (this.items.length > MAX_ITEMS) this.items.splice(0, this.items.length - MAX_ITEMS);
  }

  // ── wire ───────────────────────────────────────────────────────────────────────────────────

  private send(event: Json): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(JSON.stringify({ event_id: id('event'), ...event }));
  }

  private error(type: string, code: string, message: string, clientEventId?: string, param?: string): void {
    this.send({ type: 'error', error: { type, code, message, param: param ?? null, event_id: clientEventId ?? null } });
  }
}

class ClientError extends Error {
  constructor(readonly code: string, message: string, readonly param?: string) {
    super(message);
  }
}

function parseModalities(value: unknown, param: string): Modality[] {
  if (!Array.isArray(value) || value.length === 0 || value.some((m) => m !== 'text' && m !== 'audio')) {
    throw new ClientError('invalid_value', `${param} must be a non-empty array of "text" and "audio"`, param);
  }
  return [...new Set(value as Modality[])];
}

function itemView(item: Item, status: 'in_progress' | 'completed'): Json {
  const base = { id: item.id, object: 'realtime.item', type: item.type, status };
  if (item.type === 'function_call') return { ...base, name: item.name, call_id: item.call_id, arguments: item.arguments };
  if (item.type === 'function_call_output') return { ...base, call_id: item.call_id, output: item.output };
  const kind = item.role === 'assistant' ? 'output_text' : 'input_text';
  return { ...base, role: item.role, content: [{ type: kind, text: item.text }] };
}

/** The answer after a tool ran: what it returned, in a sentence (the local model reads JSON as fields). */
function describeToolOutput(items: Item[], out: OutputItem): string {
  const call = items.find((i): i is CallItem => i.type === 'function_call' && i.call_id === out.call_id);
  const name = call?.name.replace(/[_-]+/g, ' ') ?? 'the tool';
  let result = out.output;
  try {
    const parsed: unknown = JSON.parse(out.output);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      result = Object.entries(parsed).map(([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
    } else if (typeof parsed === 'string' || typeof parsed === 'number') result = String(parsed);
  } catch {
    /* plain text output */
  }
  return `Here is what ${name} returned: ${result}.`.replace(/\.\.$/, '.');
}
