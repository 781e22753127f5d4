// Tool use for `atelier-local`, deterministic so an offline agent demo behaves the same every time.
// First turn (no tool results yet since the last user message): call every offered tool whose name
// or description shares a word with the prompt (`required`: at least the best one), with arguments
// filled from the tool's JSON Schema and the prompt. Once tool results are in: answer from them.
import type { ChatMessage, ChatResult, ToolCall, ToolChoice, ToolSpec } from '../types';

const STOP = new Set(
  'a an the and or but if then of to in on at by for with about from as is are was were be been am do does did what which who whom how why when where this that these those it its i you he she we they me my your our their can could would should will shall may might must please tell give show use using tool tools call returns return input output'.split(' '),
);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));
}

const related = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a)));

/** How many of the prompt's words the tool's name (weighted double) and description share. */
export function toolScore(tool: ToolSpec, prompt: string): number {
  const asked = new Set(words(prompt));
  const nameWords = words(tool.name.replace(/[_:.-]+/g, ' '));
  const descWords = new Set(words(tool.description));
  let score = 0;
  for (const w of asked) {
    if (nameWords.some((n) => related(n, w))) score += 2;
    else if ([...descWords].some((d) => related(d, w))) score += 1;
  }
  return score;
}

/** The tools the local model calls on a first turn. */
export function pickTools(tools: ToolSpec[], prompt: string, choice: ToolChoice): ToolSpec[] {
  if (choice === 'none' || !tools.length) return [];
  const scored = tools.map((tool, i) => ({ tool, i, score: toolScore(tool, prompt) }));
  const matching = scored.filter((s) => s.score > 0).map((s) => s.tool);
  if (matching.length || choice !== 'required') return matching;
  const best = [...scored].sort((a, b) => b.score - a.score || a.i - b.i)[0]!;
  return [best.tool];
}

interface Cursor {
  numbers: number[];
  quoted: string[];
}

/** `name: value` or `name=value` in the prompt (the value ends at , ; . a new line or " and "). */
function keyed(prompt: string, key: string): string | undefined {
  const esc = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`\\b${esc}\\s*[:=]\\s*("([^"]*)"|([^,;\\n]+?))(?=\\s+and\\s|[,;\\n]|\\.(?:\\s|$)|$)`, 'i').exec(prompt);
  if (!m) return undefined;
  return (m[2] ?? m[3] ?? '').trim();
}

function argumentFor(name: string, schema: Record<string, unknown>, prompt: string, cursor: Cursor, required: boolean): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const given = keyed(prompt, name);
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (enumValues?.length) {
    const hit = enumValues.find((v) => given === String(v) || new RegExp(`\\b${String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(prompt));
    return hit ?? (required ? enumValues[0] : undefined);
  }
  if (type === 'number' || type === 'integer') {
    const fromKey = given !== undefined ? Number(given) : NaN;
    const n = Number.isFinite(fromKey) ? fromKey : cursor.numbers.shift();
    if (n === undefined) return required ? 0 : undefined;
    return type === 'integer' ? Math.round(n) : n;
  }
  if (type === 'boolean') {
    if (given !== undefined) return /^(true|yes|1|on)$/i.test(given);
    return required ? false : undefined;
  }
  if (type === 'array') return required ? [] : undefined;
  if (type === 'object') return required ? {} : undefined;
  // Strings (and untyped): a keyed value, a URL for URL-ish fields, quoted text, else the prompt.
  if (given !== undefined) return given;
  if (/url|uri|link|href/i.test(name) || schema.format === 'uri') {
    const url = /https?:\/\/[^\s"'<>)]+/.exec(prompt)?.[0];
    if (url) return url;
  }
  if (!required) return undefined;
  return cursor.quoted.shift() ?? prompt.trim().slice(0, 500);
}

/** Arguments for `tool` from its JSON Schema and the prompt: required properties always, others when the prompt names them. */
export function fillArguments(tool: ToolSpec, prompt: string): Record<string, unknown> {
  const props = (tool.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : []);
  const cursor: Cursor = {
    numbers: (prompt.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number),
    quoted: [...prompt.matchAll(/["“']([^"”']{1,500})["”']/g)].map((m) => m[1]!),
  };
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) {
    const value = argumentFor(name, schema ?? {}, prompt, cursor, required.has(name));
    if (value !== undefined) args[name] = value;
  }
  return args;
}

/**
 * The local model's turn when tools are offered, or undefined to answer normally (no tool fits on
 * `auto`, or tool_choice `none`).
 */
export function localToolTurn(messages: ChatMessage[], tools: ToolSpec[], choice: ToolChoice, model: string, count: (t: string) => number): ChatResult | undefined {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const prompt = messages[lastUser]?.content ?? '';
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  const promptTokens = count(messages.map((m) => `${m.role}: ${m.content}${m.tool_calls ? JSON.stringify(m.tool_calls) : ''}`).join('\n'));
  if (results.length) {
    // Answer from what the tools returned, naming each tool.
    const names = new Map<string, string>();
    for (const m of messages.slice(lastUser + 1)) for (const c of m.tool_calls ?? []) names.set(c.id, c.name);
    const lines = results.map((r) => `${names.get(r.tool_call_id ?? '') ?? 'tool'}: ${r.content.trim().slice(0, 2000)}`);
    const text = `Here is what the tools returned.\n${lines.join('\n')}`;
    return { text, usage: { prompt_tokens: promptTokens, completion_tokens: count(text) }, model };
  }
  const picked = pickTools(tools, prompt, choice);
  if (!picked.length) return undefined;
  const toolCalls: ToolCall[] = picked.map((tool, i) => ({ id: `call_${i + 1}`, name: tool.name, arguments: fillArguments(tool, prompt) }));
  return { text: '', toolCalls, usage: { prompt_tokens: promptTokens, completion_tokens: count(JSON.stringify(toolCalls)) }, model };
}
