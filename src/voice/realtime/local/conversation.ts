import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { VoiceTool } from '../../../infra/db/schema/voice-agents';
import type { VoiceRealtimeSecret, VoiceSessionConfig } from '../../../infra/db/schema/voice-realtime-secrets';
import type { Logger } from '../../../infra/logging/logger';
import { ApiError } from '../../../infra/http/errors';
import { localChat } from '../../../generation/providers/local/chat';
import { normaliseTools } from '../../agent-input';
import { isVoiceId } from '../../voices';
import type { RealtimeLimits } from '../../config';
import { BYTES_PER_SECOND, INPUT_SAMPLE_RATE, TranscriptionError, transcribePcm16 } from './hearing';
import { OUTPUT_SAMPLE_RATE, synthesizePcm16 } from './speech';
import { planToolCall } from './tools';
import { DEFAULT_SERVER_VAD, EnergyVad, type ServerVad } from './vad';

type Modality = 'text' | 'audio';
type Json = Record<string, unknown>;

/** `spoken`: a user turn that came in as audio; `text` is its transcript (the audio is not kept). */
interface MessageItem { id: string; type: 'message'; role: 'user' | 'assistant' | 'system'; text: string; spoken?: boolean }
interface CallItem { id: string; type: 'function_call'; name: string; call_id: string; arguments: string }
interface OutputItem { id: string; type: 'function_call_output'; call_id: string; output: string }
type Item = MessageItem | CallItem | OutputItem;

/** Audio deltas of 100 ms (24 kHz × 2 bytes × 0.1 s). */
const AUDIO_CHUNK_BYTES = OUTPUT_SAMPLE_RATE * 2 / 10;
/** Items a conversation keeps; older ones are forgotten first (with the byte cap, memory stays bounded). */
const MAX_ITEMS = 200;
/** The shortest turn worth a recogniser run: 100 ms. */
const MIN_TURN_BYTES = BYTES_PER_SECOND / 10;
/** The recogniser knows English only. */
const TRANSCRIPTION = { model: 'pocketsphinx-en-us', language: 'en' };
/** The model reads at most this many recent messages, and speaks at most this many characters. */
const HISTORY_MESSAGES = 40;
const MAX_SPOKEN_CHARS = 2000;
/** Keeps idle conversations alive through proxies that drop quiet connections. */
const PING_INTERVAL_MS = 30_000;
const DEFAULT_GREETING = 'Hello! How can I help you today?';
/** Why a response was cut short when the user began to speak over it. */
const TURN_DETECTED = 'turn_detected';

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/**
 * One realtime conversation on the local engine: the core of the OpenAI Realtime event protocol
 * (README, Voice: the supported messages). Text comes in as conversation items; answers come back
 * as text deltas from the local chat model and PCM16 audio deltas spoken by espeak-ng. Spoken turns
 * (committed input audio, by the client or by server VAD) are transcribed by pocketsphinx in a child
 * process and answered like text. Items, the conversation and the input audio are size-capped.
 */
export class RealtimeConversation {
  private session: VoiceSessionConfig;
  private modalities: Modality[] = ['text', 'audio'];
  private toolChoice: 'auto' | 'none' | 'required' = 'auto';
  private readonly items: Item[] = [];
  private itemsBytes = 0;
  /** The input audio buffer, and the index (since the session's first sample) of its first sample. */
  private inputAudio: Buffer[] = [];
  private inputAudioBytes = 0;
  private inputStartSample = 0;
  private turnDetection: ServerVad | null = null;
  private vad: EnergyVad | null = null;
  /** The user item the turn being spoken will become (server VAD names it at speech_started). */
  private speechItemId: string | null = null;
  /** Transcriptions run one after another; a response waits for those before it. */
  private hearing: Promise<unknown> = Promise.resolve();
  /** Bytes of committed audio not yet transcribed. */
  private unheardBytes = 0;
  private readonly closed = new AbortController();
  private active: { id: string; abort: AbortController } | null = null;
  private readonly expiry: NodeJS.Timeout;
  private readonly ping: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly secret: VoiceRealtimeSecret,
    private readonly limits: RealtimeLimits,
    private readonly logger: Logger,
  ) {
    this.session = { ...secret.session, tools: [...secret.session.tools] };
    // A session covers the conversation up to its lifetime; then a new one is needed.
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
      this.closed.abort();
      this.inputAudio = [];
      this.items.length = 0;
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
        case 'input_audio_buffer.commit': return this.commitAudio();
        case 'input_audio_buffer.clear':
          this.dropAudio(this.inputStartSample + this.inputAudioBytes / 2);
          this.vad?.reset();
          this.speechItemId = null;
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
      next.instructions = this.sized(s.instructions, 'session.instructions');
    }
    const audio = (s.audio ?? {}) as { input?: { format?: unknown; turn_detection?: unknown }; output?: { voice?: unknown } };
    const voice = s.voice ?? audio.output?.voice;
    if (voice !== undefined) {
      const v = typeof voice === 'string' ? voice.trim().toLowerCase() : '';
      if (!isVoiceId(v)) throw new ClientError('invalid_value', `Unknown voice ${JSON.stringify(voice)}; GET /v1/voice/voices lists the voice ids`, 'session.voice');
      next.voice = v;
    }
    if (s.greeting !== undefined) {
      if (s.greeting !== null && typeof s.greeting !== 'string') throw new ClientError('invalid_value', 'session.greeting must be a string or null', 'session.greeting');
      next.greeting = s.greeting === null ? null : this.sized(s.greeting, 'session.greeting');
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
    this.sized(JSON.stringify(next.tools), 'session.tools');
    const format = s.input_audio_format ?? audio.input?.format;
    if (format !== undefined) checkInputFormat(format, s.input_audio_format !== undefined ? 'session.input_audio_format' : 'session.audio.input.format');
    const turns = 'turn_detection' in s ? s.turn_detection : audio.input && 'turn_detection' in audio.input ? audio.input.turn_detection : undefined;
    const turnDetection = turns === undefined ? this.turnDetection : parseTurnDetection(turns, 'turn_detection' in s ? 'session.turn_detection' : 'session.audio.input.turn_detection');
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
    if (turns !== undefined) {
      this.turnDetection = turnDetection;
      this.vad = turnDetection ? new EnergyVad(turnDetection, this.inputStartSample + this.inputAudioBytes / 2) : null;
      this.speechItemId = null;
    }
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
      audio: { input: { format: { type: 'audio/pcm', rate: INPUT_SAMPLE_RATE }, transcription: TRANSCRIPTION, turn_detection: this.turnDetection }, output: { format: pcm, voice: s.voice, speed: 1 } },
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
    const bytes = decodePcm16(audio, 'audio');
    const cap = this.limits.maxInputAudioSeconds * BYTES_PER_SECOND;
    // With server VAD the buffer holds one turn and is cut at the cap; one append still may not exceed it.
    if ((this.vad ? bytes.length : this.inputAudioBytes + bytes.length) > cap) {
      throw new ClientError('input_audio_buffer_full', `The input audio buffer holds at most ${this.limits.maxInputAudioSeconds} s; commit or clear it`);
    }
    this.inputAudio.push(bytes);
    this.inputAudioBytes += bytes.length;
    if (this.vad) this.detectTurns(bytes, cap);
  }

  /** Server VAD: announces where speech starts and stops, and commits each finished turn. */
  private detectTurns(bytes: Buffer, cap: number): void {
    const vad = this.vad!;
    const cfg = this.turnDetection!;
    const prefix = Math.round((cfg.prefix_padding_ms * INPUT_SAMPLE_RATE) / 1000);
    for (const turn of vad.push(bytes)) {
      if (turn.type === 'start') {
        this.dropAudio(turn.sample - prefix);
        this.speechItemId = id('item');
        this.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: toMs(this.inputStartSample), item_id: this.speechItemId });
        if (cfg.interrupt_response && this.active) this.active.abort.abort(TURN_DETECTED);
      } else {
        this.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: toMs(turn.sample), item_id: this.speechItemId });
        this.commitTurn(this.takeAudio(turn.sample), cfg.create_response);
      }
    }
    const end = this.inputStartSample + this.inputAudioBytes / 2;
    if (!vad.speaking) {
      this.dropAudio(end - prefix);
    } else if (this.inputAudioBytes >= cap) {
      // A turn longer than the buffer holds is cut here and heard as it stands.
      vad.reset();
      this.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: toMs(end), item_id: this.speechItemId });
      this.commitTurn(this.takeAudio(end), cfg.create_response);
    }
  }

  private commitAudio(): void {
    if (this.inputAudioBytes < MIN_TURN_BYTES) {
      throw new ClientError('input_audio_buffer_commit_empty', `The input audio buffer holds ${toMs(this.inputAudioBytes / 2)} ms of audio; a turn needs at least 100 ms`);
    }
    const busy = this.backlogFull(this.inputAudioBytes);
    if (busy) throw busy;
    this.vad?.reset();
    this.commitTurn(this.takeAudio(this.inputStartSample + this.inputAudioBytes / 2), false);
  }

  /** The buffer's audio up to `endSample` (exclusive); the rest stays buffered. */
  private takeAudio(endSample: number): Buffer {
    const all = Buffer.concat(this.inputAudio);
    const cut = Math.min(all.length, Math.max(0, (endSample - this.inputStartSample) * 2));
    const rest = all.subarray(cut);
    this.inputAudio = rest.length ? [Buffer.from(rest)] : [];
    this.inputAudioBytes = rest.length;
    this.inputStartSample += cut / 2;
    return all.subarray(0, cut);
  }

  /** Forgets the buffered audio before `sample`. */
  private dropAudio(sample: number): void {
    if (sample > this.inputStartSample) this.takeAudio(sample);
  }

  /** A committed buffer becomes a user item; its transcript follows, then (with VAD) the answer. */
  private commitTurn(pcm: Buffer, respond: boolean): void {
    const item: MessageItem = { id: this.speechItemId ?? id('item'), type: 'message', role: 'user', text: '', spoken: true };
    this.speechItemId = null;
    const busy = this.backlogFull(pcm.length);
    if (busy) return this.error('invalid_request_error', busy.code, `${busy.message}; this turn was not heard`);
    const previous = this.items.at(-1)?.id ?? null;
    this.send({ type: 'input_audio_buffer.committed', previous_item_id: previous, item_id: item.id });
    this.addSpoken(item, pcm, previous, respond);
  }

  /**
   * Audio waiting for the recogniser stays in memory; a conversation may queue at most twice what
   * the input buffer holds (a client committing faster than it is heard is refused, not buffered).
   */
  private backlogFull(bytes: number): ClientError | null {
    if (this.unheardBytes + bytes <= 2 * this.limits.maxInputAudioSeconds * BYTES_PER_SECOND) return null;
    return new ClientError('transcription_backlog_full', 'Earlier speech is still being transcribed; wait for its transcription events before committing more');
  }

  private addSpoken(item: MessageItem, pcm: Buffer, previous: string | null, respond: boolean): void {
    this.unheardBytes += pcm.length;
    this.remember(item);
    const view = itemView(item, 'completed');
    this.send({ type: 'conversation.item.added', previous_item_id: previous, item: view });
    this.send({ type: 'conversation.item.done', previous_item_id: previous, item: view });
    const heard = this.hearing.then(() => this.transcribe(item, pcm)).catch((err: unknown) => {
      this.logger.error({ err }, 'realtime transcription failed');
      return false;
    }).finally(() => {
      this.unheardBytes -= pcm.length;
    });
    this.hearing = heard;
    // Outside the chain: the response waits for the transcriptions queued before it, not for itself.
    if (respond) {
      void heard.then((ok) => {
        if (ok && item.text && !this.active && !this.closed.signal.aborted) void this.respond(undefined);
      });
    }
  }

  /** Fills a spoken item's transcript; false (after a `...transcription.failed` event) when it could not. */
  private async transcribe(item: MessageItem, pcm: Buffer): Promise<boolean> {
    const at = { item_id: item.id, content_index: 0 };
    const failed = (code: string, message: string) => {
      this.send({ type: 'conversation.item.input_audio_transcription.failed', ...at, error: { type: 'transcription_error', code, message, param: null } });
      return false;
    };
    const lang = this.session.language.toLowerCase();
    if (lang !== 'en' && !lang.startsWith('en-') && !lang.startsWith('en_')) {
      return failed('transcription_language_unsupported', `The local engine recognises English speech only; this session's language is ${JSON.stringify(this.session.language)} (set language "en", or send text)`);
    }
    try {
      const text = await transcribePcm16(pcm, { timeoutMs: this.limits.transcribeTimeoutMs, signal: this.closed.signal });
      // The item may have been deleted or forgotten meanwhile; only a kept one counts.
      if (this.items.includes(item)) this.itemsBytes += Buffer.byteLength(text);
      item.text = text;
      this.send({ type: 'conversation.item.input_audio_transcription.completed', ...at, transcript: text, usage: { type: 'duration', seconds: Math.round((pcm.length / BYTES_PER_SECOND) * 100) / 100 } });
      return true;
    } catch (err) {
      if (this.closed.signal.aborted) return false;
      if (err instanceof TranscriptionError) return failed(err.code, err.message);
      this.logger.error({ err }, 'realtime transcription failed');
      return failed('transcription_failed', 'The speech could not be transcribed');
    }
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
      const spoken = (raw.content as unknown[]).find((p): p is Json => typeof p === 'object' && p !== null && (p as Json).type === 'input_audio');
      if (spoken) return this.createSpokenItem(itemId, role, raw.content as unknown[], spoken, previousItemId);
      const texts: string[] = [];
      for (const part of raw.content as unknown[]) {
        const p = (part ?? {}) as Json;
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
    this.checkBytes(itemSize(item), 'item');
    const previous = typeof previousItemId === 'string' ? previousItemId : this.items.at(-1)?.id ?? null;
    this.remember(item);
    const view = itemView(item, 'completed');
    this.send({ type: 'conversation.item.added', previous_item_id: previous, item: view });
    this.send({ type: 'conversation.item.done', previous_item_id: previous, item: view });
  }

  /** A user message whose content is audio (`input_audio` with base64 PCM16): heard like a committed buffer. */
  private createSpokenItem(itemId: string, role: string, content: unknown[], part: Json, previousItemId: unknown): void {
    if (role !== 'user') throw new ClientError('invalid_value', 'input_audio content belongs to user messages', 'item.role');
    if (content.length !== 1) throw new ClientError('invalid_value', 'A message with input_audio has that one content part', 'item.content');
    const pcm = decodePcm16(part.audio, 'item.content.audio');
    if (pcm.length < MIN_TURN_BYTES) throw new ClientError('invalid_value', 'item.content.audio must hold at least 100 ms of audio', 'item.content.audio');
    if (pcm.length > this.limits.maxInputAudioSeconds * BYTES_PER_SECOND) {
      throw new ClientError('item_too_large', `An audio item holds at most ${this.limits.maxInputAudioSeconds} s of speech`, 'item.content.audio');
    }
    const busy = this.backlogFull(pcm.length);
    if (busy) throw busy;
    const previous = typeof previousItemId === 'string' ? previousItemId : this.items.at(-1)?.id ?? null;
    this.addSpoken({ id: itemId, type: 'message', role: 'user', text: '', spoken: true }, pcm, previous, false);
  }

  private deleteItem(itemId: unknown): void {
    const index = this.items.findIndex((i) => i.id === itemId);
    if (index < 0) throw new ClientError('item_not_found', `No item ${JSON.stringify(itemId)} in this conversation`, 'item_id');
    const [gone] = this.items.splice(index, 1);
    this.itemsBytes -= itemSize(gone!);
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
      // A spoken turn committed just before is answered once its words are known.
      await this.hearing;
      const output = await this.produce(response.id, instructions, modalities, response.abort.signal);
      const cancelled = response.abort.signal.aborted;
      this.send({
        type: 'response.done',
        response: {
          ...base, status: cancelled ? 'cancelled' : 'completed', status_details: cancelled ? { type: 'cancelled', reason: response.abort.signal.reason === TURN_DETECTED ? 'turn_detected' : 'client_cancelled' } : null,
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

  /**
   * Keeps an item; beyond MAX_ITEMS or the conversation's byte cap the oldest are forgotten (and
   * announced as deleted, so a client's copy of the conversation stays the same as ours).
   */
  private remember(item: Item): void {
    this.items.push(item);
    this.itemsBytes += itemSize(item);
    while (this.items.length > 1 && (this.items.length > MAX_ITEMS || this.itemsBytes > this.limits.maxConversationBytes)) {
      const old = this.items.shift()!;
      this.itemsBytes -= itemSize(old);
      this.send({ type: 'conversation.item.deleted', item_id: old.id });
    }
  }

  /** Refuses text larger than one item may be (the conversation keeps it in memory). */
  private sized(text: string, param: string): string {
    this.checkBytes(Buffer.byteLength(text), param);
    return text;
  }

  private checkBytes(bytes: number, param: string): void {
    if (bytes > this.limits.maxItemBytes) {
      throw new ClientError('item_too_large', `${param} is larger than ${this.limits.maxItemBytes} bytes, the most one conversation item may hold`, param);
    }
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

const toMs = (sample: number) => Math.round((sample * 1000) / INPUT_SAMPLE_RATE);

/** What an item costs the conversation's memory: its text, in bytes. */
function itemSize(item: Item): number {
  if (item.type === 'message') return Buffer.byteLength(item.text);
  if (item.type === 'function_call') return Buffer.byteLength(item.name) + Buffer.byteLength(item.arguments);
  return Buffer.byteLength(item.output);
}

/** Base64 PCM16 as the client sends it: whole 16-bit samples. */
function decodePcm16(audio: unknown, param: string): Buffer {
  if (typeof audio !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(audio)) throw new ClientError('invalid_value', `${param} must be base64-encoded PCM16`, param);
  const bytes = Buffer.from(audio, 'base64');
  if (bytes.length % 2 !== 0) throw new ClientError('invalid_value', `${param} must hold whole 16-bit samples (an even number of bytes)`, param);
  return bytes;
}

/** The local engine hears one format: 16-bit PCM at 24 kHz (`audio/pcm`, or `pcm16` in the older form). */
function checkInputFormat(value: unknown, param: string): void {
  const f = (typeof value === 'object' && value !== null ? value : { type: value }) as Json;
  const rateOk = f.rate === undefined || f.rate === INPUT_SAMPLE_RATE;
  if (!((f.type === 'audio/pcm' || f.type === 'pcm16') && rateOk)) {
    throw new ClientError('invalid_value', `The local engine hears 16-bit PCM at 24 kHz only ({"type":"audio/pcm","rate":24000}); got ${JSON.stringify(value)}`, param);
  }
}

/** `turn_detection`: null (the client commits) or server VAD; semantic VAD needs a model the local engine lacks. */
function parseTurnDetection(value: unknown, param: string): ServerVad | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ClientError('invalid_value', `${param} must be null or an object`, param);
  const t = value as Json;
  if (t.type !== 'server_vad') {
    throw new ClientError('invalid_value', `${param}.type must be "server_vad" (the local engine detects turns by loudness; ${JSON.stringify(t.type ?? null)} is not available)`, `${param}.type`);
  }
  const vad = { ...DEFAULT_SERVER_VAD };
  const number = (key: 'threshold' | 'prefix_padding_ms' | 'silence_duration_ms', min: number, max: number) => {
    if (t[key] === undefined || t[key] === null) return;
    if (typeof t[key] !== 'number' || !Number.isFinite(t[key]) || t[key] < min || t[key] > max) {
      throw new ClientError('invalid_value', `${param}.${key} must be a number from ${min} to ${max}`, `${param}.${key}`);
    }
    vad[key] = t[key];
  };
  number('threshold', 0, 1);
  number('prefix_padding_ms', 0, 2000);
  number('silence_duration_ms', 100, 5000);
  for (const key of ['create_response', 'interrupt_response'] as const) {
    if (t[key] === undefined) continue;
    if (typeof t[key] !== 'boolean') throw new ClientError('invalid_value', `${param}.${key} must be a boolean`, `${param}.${key}`);
    vad[key] = t[key];
  }
  return vad;
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
  if (item.spoken) return { ...base, role: item.role, content: [{ type: 'input_audio', transcript: item.text || null }] };
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
