// The local model's JSON mode with a schema (ChatRequest.responseFormat): it fills the schema from
// the user messages (the evidence) with small, explainable methods, so structured tasks such as run
// analytics work offline and give the same answer for the same evidence:
//   - a bounded number (e.g. a 0..1 score) is the share of the field's description terms the
//     evidence covers (prefix-matched, so "refunds" covers "refund"), scaled to the bounds;
//   - `name: value` / `"name": value` in the evidence answers a field of that name;
//   - an enum is the value the evidence names most often; a boolean is whether the evidence covers
//     the field's terms; a string is the evidence sentence that covers them best;
//   - nothing found is null (when the schema allows it) or the type's empty value.
import type { JsonSchema } from '../types';

const STOP = new Set(
  ('a an the and or but if then of to in on at by for with about from as is are was were be been am do does did have has had this that these ' +
    'those it its i you he she we they me my your our their can could would should will shall may might must not no yes any all each ' +
    'what which who whom how why when where there here than too very just also only into over under more most some such').split(' '),
);
// Words that describe the judging task rather than the thing judged.
const TASK_WORDS = new Set(
  ('output outputs run runs response responses answer answers result results mention mentions mentioned contain contains includes include ' +
    'including whether value field score rate rated criterion criteria given provide provides provided says state states stated user workflow node nodes ' +
    'data point extract extracted text give gives given confirm confirms confirmed explicit explicitly clearly').split(' '),
);

const stem = (w: string) => w.slice(0, 5);

function terms(text: string): string[] {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (w.length < 3 || STOP.has(w) || TASK_WORDS.has(w)) continue;
    out.add(stem(w));
  }
  return [...out];
}

function sentencesOf(text: string): string[] {
  return (text.replace(/\\n/g, '\n').match(/[^.!?\n]+[.!?]?/g) ?? []).map((s) => s.replace(/^[\s"'{[,:]+|[\s"'}\],]+$/g, '').trim()).filter((s) => s.length > 2);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name: value`, `name = value`, `"name": "value"` or `name is value` in the evidence. */
function labelled(evidence: string, name: string): string | undefined {
  if (!name) return undefined;
  const label = name.split(/[_\s-]+/).filter(Boolean).map(escape).join('[ _-]?');
  const m = evidence.match(new RegExp(`["']?\\b${label}\\b["']?\\s*(?::|=|\\bis\\b|\\bwas\\b)\\s*["']?([^"'\\n,;}\\]]+)`, 'i'));
  const value = m?.[1]?.trim().replace(/[.]$/, '');
  return value ? value : undefined;
}

interface Evidence {
  text: string;
  stems: Set<string>;
  sentences: string[];
}

function coverage(ev: Evidence, wanted: string[]): number {
  if (wanted.length === 0) return 0.5;
  return wanted.filter((t) => ev.stems.has(t)).length / wanted.length;
}

function bestSentence(ev: Evidence, wanted: string[]): string | undefined {
  let best: { s: string; hits: number } | undefined;
  for (const s of ev.sentences) {
    const st = new Set(terms(s));
    const hits = wanted.filter((t) => st.has(t)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { s, hits };
  }
  return best?.s.slice(0, 300);
}

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

function fill(schema: JsonSchema, name: string, ev: Evidence): unknown {
  const types = typesOf(schema);
  const nullable = types.includes('null');
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : schema.enum ? 'enum' : 'string');
  const none = nullable ? null : type === 'number' || type === 'integer' ? (schema.minimum ?? 0) : type === 'boolean' ? false : type === 'array' ? [] : '';
  const wanted = terms(`${name.replace(/[_-]+/g, ' ')} ${schema.description ?? ''}`);
  const said = labelled(ev.text, name);

  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = fill(sub, key, ev);
    return out;
  }
  if (schema.enum) {
    const values = schema.enum.filter((v) => v !== null);
    if (said) {
      const hit = values.find((v) => String(v).toLowerCase() === said.toLowerCase());
      if (hit !== undefined) return hit;
    }
    let best: { v: unknown; n: number } | undefined;
    for (const v of values) {
      const n = ev.text.match(new RegExp(`\\b${escape(String(v))}\\b`, 'gi'))?.length ?? 0;
      if (n > 0 && (!best || n > best.n)) best = { v, n };
    }
    return best ? best.v : nullable ? null : (values[0] ?? null);
  }
  if (type === 'number' || type === 'integer') {
    const round = (x: number) => (type === 'integer' ? Math.round(x) : Math.round(x * 100) / 100);
    if (schema.minimum !== undefined && schema.maximum !== undefined) {
      // A bounded number is a rating: how much of what the field asks about the evidence covers.
      return round(schema.minimum + coverage(ev, wanted) * (schema.maximum - schema.minimum));
    }
    const from = said ?? bestSentence(ev, wanted);
    const m = from?.match(/-?\d+(?:[.,]\d+)?/);
    return m ? round(Number(m[0].replace(',', '.'))) : none;
  }
  if (type === 'boolean') {
    if (said) {
      if (/^(yes|true|y|1)\b/i.test(said)) return true;
      if (/^(no|false|n|0)\b/i.test(said)) return false;
    }
    const sentence = bestSentence(ev, wanted);
    if (!sentence) return false;
    return !/\b(not|no|never|without|n't)\b/i.test(sentence) && coverage(ev, wanted) >= 0.5;
  }
  if (type === 'array') return said ? said.split(/\s*(?:,|;| and )\s*/).filter(Boolean) : [];
  return said ?? bestSentence(ev, wanted) ?? none;
}

/** An object matching `schema`, read from `evidence`. */
export function localStructured(schema: JsonSchema, evidence: string): unknown {
  const ev: Evidence = { text: evidence, stems: new Set(terms(evidence)), sentences: sentencesOf(evidence) };
  return fill(schema, '', ev);
}
