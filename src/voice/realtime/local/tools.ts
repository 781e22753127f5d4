import type { VoiceTool } from '../../../infra/db/schema/voice-agents';

export interface ToolCallPlan {
  name: string;
  arguments: Record<string, unknown>;
}

const STOP = new Set(
  'about above after again also been before being below between both call calls could does doing down during each from further have having here into itself just more most once only other over same should some such than that their theirs them then there these they this those through under until very were what when where which while will with would your yours tool function returns return given user'.split(' '),
);
// Verbs that open many tool names (get_, find_, create_…) say nothing about which tool is meant.
const NAME_VERBS = new Set(
  'find fetch make create list show send update delete check lookup look search query read write post build compute calculate handle process'.split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The local engine's deterministic rule for calling a tool on a user's message (README, Voice):
 * 1. a tool is called when the message names it — `get_weather`, or `get weather` with `_`/`-` read
 *    as spaces (case-insensitive); the first tool named wins;
 * 2. otherwise the first tool one of whose name words the message contains — a word of 4+ letters
 *    that is not a generic verb: `weather` in `get_weather`, `booking` in `cancel-booking`;
 * 3. otherwise the tool whose description shares the most keywords (words of 4+ letters, common
 *    words left out) with the message, if it shares at least two;
 * 4. otherwise no tool is called and the model answers in words.
 */
export function planToolCall(message: string, tools: readonly VoiceTool[]): ToolCallPlan | null {
  const text = ` ${words(message).join(' ')} `;
  const named = tools.find((t) => text.includes(` ${words(t.name).join(' ')} `) || message.toLowerCase().includes(t.name.toLowerCase()));
  const said = new Set(words(message));
  let chosen = named ?? tools.find((t) => nameWords(t.name).some((w) => said.has(w)));
  if (!chosen) {
    let best = 0;
    for (const t of tools) {
      const keys = new Set(words(t.description).filter((w) => w.length >= 4 && !STOP.has(w)));
      const hits = [...keys].filter((k) => said.has(k)).length;
      if (hits >= 2 && hits > best) {
        best = hits;
        chosen = t;
      }
    }
  }
  return chosen ? { name: chosen.name, arguments: toolArguments(message, chosen) } : null;
}

/** `getWeatherNow` / `get_weather-now` → get, weather, now; only the telling ones are kept. */
function nameWords(name: string): string[] {
  return words(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')).filter((w) => w.length >= 4 && !STOP.has(w) && !NAME_VERBS.has(w));
}

/**
 * Arguments from the message, by the tool's JSON Schema `properties`: `name: value`, `name = value`
 * or `name is value` sets a property; an enum takes the first of its values the message mentions; a
 * number takes the message's first number; the first string property otherwise takes the words after
 * the last "in", "for", "at", "about", "to" or "of"; a required string still unset takes the message.
 */
export function toolArguments(message: string, tool: VoiceTool): Record<string, unknown> {
  const props = (tool.parameters.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown }>;
  const required = Array.isArray(tool.parameters.required) ? (tool.parameters.required as unknown[]) : [];
  const args: Record<string, unknown> = {};
  let freeStringUsed = false;
  for (const [prop, schema] of Object.entries(props)) {
    const type = typeof schema?.type === 'string' ? schema.type : 'string';
    const escaped = prop.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/_/g, '[_ ]');
    const explicit = message.match(new RegExp(`\\b${escaped}\\s*(?:=|:|\\bis\\b)\\s*(?:"([^"]*)"|([^,;!?\\n]+?))(?=$|[,;!?\\n]|\\.(?:\\s|$))`, 'i'));
    const raw = explicit ? (explicit[1] ?? explicit[2] ?? '').trim() : undefined;
    if (Array.isArray(schema?.enum)) {
      const options = schema.enum.filter((o): o is string | number => typeof o === 'string' || typeof o === 'number');
      const hit = options.find((o) => (raw ?? message).toLowerCase().includes(String(o).toLowerCase()));
      if (hit !== undefined) args[prop] = hit;
      continue;
    }
    if (type === 'number' || type === 'integer') {
      const n = (raw ?? message).match(/-?\d+(?:\.\d+)?/);
      if (n) args[prop] = type === 'integer' ? Math.trunc(Number(n[0])) : Number(n[0]);
      continue;
    }
    if (type === 'boolean') {
      if (raw !== undefined && /^(true|false|yes|no)$/i.test(raw)) args[prop] = /^(true|yes)$/i.test(raw);
      continue;
    }
    if (type !== 'string') continue;
    if (raw !== undefined) {
      args[prop] = raw;
    } else if (!freeStringUsed) {
      const tail = message.match(/.*\b(?:in|for|at|about|to|of)\s+([^,;!?]+?)\s*[.!?]*\s*$/i);
      if (tail) {
        args[prop] = tail[1]!.trim();
        freeStringUsed = true;
      }
    }
    if (args[prop] === undefined && required.includes(prop)) args[prop] = message.trim();
  }
  return args;
}
