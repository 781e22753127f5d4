// 1 (agent fields) (tool entries) (ad-hoc session body): every rule is
// checked here, and a bad field answers 400 `{detail}` naming it, never a 422 list.
import type { VoiceTool } from '../infra/db/schema/voice-agents';
import type { VoiceSessionConfig } from '../infra/db/schema/voice-realtime-secrets';
import { voiceError } from './errors';
import { DEFAULT_VOICE, isVoiceId } from './voices';

export const LIMITS = { name: 80, instructions: 8000, greeting: 500, toolDescription: 1000, tools: 24 } as const;
export const DEFAULT_LANGUAGE = 'pl';
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export interface AgentFields {
  name: string;
  instructions: string;
  voice: string;
  greeting: string | null;
  language: string;
  tools: VoiceTool[];
  temperature: number | null;
  metadata: Record<string, unknown>;
  is_active: boolean;
}

const bad = (message: string) => voiceError(400, message);

type Body = Record<string, unknown>;

export function requireObjectBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw bad('Request body must be a JSON object');
  return body as Body;
}

const has = (body: Body, key: string) => Object.prototype.hasOwnProperty.call(body, key) && body[key] !== undefined;

/** Trimmed, not empty, at most `max` characters (name, instructions). */
function requiredText(body: Body, key: 'name' | 'instructions'): string {
  if (!has(body, key) || body[key] === null) throw bad(`${key} is required`);
  const value = body[key];
  if (typeof value !== 'string') throw bad(`${key} must be a string`);
  const text = value.trim();
  if (!text) throw bad(`${key} must not be empty`);
  if (text.length > LIMITS[key]) throw bad(`${key} must be at most ${LIMITS[key]} characters (got ${text.length})`);
  return text;
}

/** Lower-cased (and trimmed) before it is checked against the 26 ids. */
function voice(value: unknown): string {
  if (typeof value !== 'string') throw bad('voice must be a string');
  const id = value.trim().toLowerCase();
  if (!isVoiceId(id)) throw bad(`Unknown voice '${value}'; GET /v1/voice/voices lists the 26 voice ids`);
  return id;
}

function greeting(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw bad('greeting must be a string or null');
  if (value.length > LIMITS.greeting) throw bad(`greeting must be at most ${LIMITS.greeting} characters (got ${value.length})`);
  return value;
}

function language(value: unknown): string {
  if (typeof value !== 'string' || value.length < 2 || value.length > 8) throw bad('language must be a string of 2 to 8 characters');
  return value;
}

function temperature(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 2) {
    throw bad('temperature must be a number from 0 to 2, or null');
  }
  return value;
}

function metadata(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('metadata must be a JSON object');
  return value as Record<string, unknown>;
}

function isActive(value: unknown): boolean {
  if (typeof value !== 'boolean') throw bad('is_active must be true or false');
  return value;
}

/** Normalised to {name, description, parameters}; any bad entry fails the whole list. */
export function normaliseTools(value: unknown): VoiceTool[] {
  if (!Array.isArray(value)) throw bad('tools must be an array of tool objects');
  if (value.length > LIMITS.tools) throw bad(`tools accepts at most ${LIMITS.tools} entries (got ${value.length})`);
  const seen = new Set<string>();
  return value.map((entry: unknown, i) => {
    const at = `tools[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(`${at} must be an object`);
    const e = entry as Body;
    if (typeof e.name !== 'string' || !TOOL_NAME.test(e.name)) {
      throw bad(`${at}.name must be 1 to 64 characters of letters, digits, '_' or '-'`);
    }
    if (seen.has(e.name)) throw bad(`${at}.name '${e.name}' is a duplicate; tool names are unique in an agent`);
    seen.add(e.name);
    if (e.description !== undefined && typeof e.description !== 'string') throw bad(`${at}.description must be a string`);
    if (e.parameters !== undefined && (typeof e.parameters !== 'object' || e.parameters === null || Array.isArray(e.parameters))) {
      throw bad(`${at}.parameters must be a JSON Schema object`);
    }
    return {
      name: e.name,
      description: (e.description ?? '').slice(0, LIMITS.toolDescription),
      parameters: (e.parameters as Record<string, unknown> | undefined) ?? { type: 'object', properties: {} },
    };
  });
}

/** POST /v1/voice/agents. `model` is read-only and ignored; `is_active` can be set by PATCH only. */
export function parseCreateAgent(raw: unknown): AgentFields {
  const body = requireObjectBody(raw);
  if (has(body, 'is_active')) throw bad('is_active cannot be set when creating an agent; PATCH the agent to change it');
  return {
    name: requiredText(body, 'name'),
    instructions: requiredText(body, 'instructions'),
    voice: has(body, 'voice') ? voice(body.voice) : DEFAULT_VOICE,
    greeting: has(body, 'greeting') ? greeting(body.greeting) : null,
    language: has(body, 'language') ? language(body.language) : DEFAULT_LANGUAGE,
    tools: has(body, 'tools') ? normaliseTools(body.tools) : [],
    temperature: has(body, 'temperature') ? temperature(body.temperature) : null,
    metadata: has(body, 'metadata') ? metadata(body.metadata) : {},
    is_active: true,
  };
}

/** PATCH /v1/voice/agents/{id}: only the fields present; none at all is a 400. */
export function parsePatchAgent(raw: unknown): Partial<AgentFields> {
  const body = requireObjectBody(raw);
  const out: Partial<AgentFields> = {};
  if (has(body, 'name')) out.name = requiredText(body, 'name');
  if (has(body, 'instructions')) out.instructions = requiredText(body, 'instructions');
  if (has(body, 'voice')) out.voice = voice(body.voice);
  if (has(body, 'greeting')) out.greeting = greeting(body.greeting);
  if (has(body, 'language')) out.language = language(body.language);
  if (has(body, 'tools')) out.tools = normaliseTools(body.tools);
  if (has(body, 'temperature')) out.temperature = temperature(body.temperature);
  if (has(body, 'metadata')) out.metadata = metadata(body.metadata);
  if (has(body, 'is_active')) out.is_active = isActive(body.is_active);
  if (Object.keys(out).length === 0) throw bad('No updatable fields supplied');
  return out;
}

/** POST /v1/voice/sessions (ad hoc): instructions may be empty; nothing is persisted. */
export function parseAdHocSession(raw: unknown): VoiceSessionConfig {
  const body = requireObjectBody(raw);
  let instructions = '';
  if (has(body, 'instructions') && body.instructions !== null) {
    if (typeof body.instructions !== 'string') throw bad('instructions must be a string');
    instructions = body.instructions.trim();
    if (instructions.length > LIMITS.instructions) {
      throw bad(`instructions must be at most ${LIMITS.instructions} characters (got ${instructions.length})`);
    }
  }
  return {
    instructions,
    voice: has(body, 'voice') ? voice(body.voice) : DEFAULT_VOICE,
    greeting: has(body, 'greeting') ? greeting(body.greeting) : null,
    language: has(body, 'language') ? language(body.language) : DEFAULT_LANGUAGE,
    tools: has(body, 'tools') ? normaliseTools(body.tools) : [],
    temperature: has(body, 'temperature') ? temperature(body.temperature) : null,
  };
}

/** paging: limit default 50 clamped to 1..200, offset default 0 with negatives clamped to 0. */
export function parsePaging(query: Record<string, unknown>): { limit: number; offset: number } {
  const int = (v: unknown): number | undefined => {
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s !== 'string' || s.trim() === '') return undefined;
    const n = Number(s);
    return Number.isFinite(n) ? Math.trunc(n) : undefined;
  };
  const limit = Math.min(200, Math.max(1, int(query.limit) ?? 50));
  const offset = Math.max(0, int(query.offset) ?? 0);
  return { limit, offset };
}
