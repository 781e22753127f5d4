import type { ChatMessage, ChatRequest, ChatResult } from '../types';
import { seededRandom } from './exec';
import { localToolTurn } from './tools';
import { localStructured } from './structured';
import { localTranslate, LOCAL_LANGUAGES } from './translate';

/**
 * `atelier-local`: a deterministic small chat "model" of our own. It answers from the messages —
 * arithmetic, echo, translation, extractive summaries, JSON when asked — and otherwise composes a
 * reply with a word-level Markov chain trained on the conversation, seeded by the prompt, so the
 * same conversation always gets the same answer and different ones get different answers.
 */
export function localChat(req: ChatRequest): ChatResult {
  if (req.tools?.length && req.toolChoice !== 'none') {
    const turn = localToolTurn(req.messages, req.tools, req.toolChoice ?? 'auto', req.model, countTokens);
    if (turn) return turn;
  }
  const messages = req.messages.filter((m) => typeof m.content === 'string');
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  const schema = req.responseFormat?.schema;
  let text = schema ? '' : answer(lastUser, messages, req.temperature ?? 0.7);
  if (schema) {
    text = JSON.stringify(localStructured(schema, messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n')));
  } else if (req.responseFormat || /\bjson\b/i.test(system) || /\b(in|as) json\b/i.test(lastUser)) {
    text = JSON.stringify({ response: text, keywords: keywords(lastUser, 5) });
  }
  // A JSON answer is never cut mid-object (it would no longer parse).
  if (req.maxTokens !== undefined && !schema) text = countAndCut(text, req.maxTokens);
  return {
    text,
    usage: { prompt_tokens: countTokens(messages.map((m) => `${m.role}: ${m.content}`).join('\n')), completion_tokens: countTokens(text) },
    model: req.model,
  };
}

function answer(prompt: string, messages: ChatMessage[], temperature: number): string {
  const trimmed = prompt.trim();
  if (!trimmed) return 'I did not receive a question. What would you like to know?';

  const arithmetic = trimmed.match(/(-?\d+(?:\.\d+)?(?:\s*[-+*/x×]\s*-?\d+(?:\.\d+)?)+)/);
  if (arithmetic && /\d\s*[-+*/x×]\s*-?\d/.test(arithmetic[1]!)) {
    const value = evaluate(arithmetic[1]!);
    if (value !== undefined) return `${arithmetic[1]!.replace(/\s+/g, ' ').trim()} = ${value}`;
  }

  const echo = trimmed.match(/^(?:repeat|echo|say)(?: after me)?\s*[:,-]?\s*([\s\S]+)$/i);
  if (echo) return echo[1]!.trim().replace(/^["']|["']$/g, '');

  const translate = trimmed.match(/^translate\s+(?:to|into)\s+([a-z]{2})\s*[:,-]\s*([\s\S]+)$/i);
  if (translate && (LOCAL_LANGUAGES as readonly string[]).includes(translate[1]!.toLowerCase())) {
    return localTranslate(translate[2]!, translate[1]!.toLowerCase()).text;
  }

  const summary = trimmed.match(/^(?:summari[sz]e|tl;?dr)\s*[:,-]?\s*([\s\S]+)$/i);
  if (summary) return summarise(summary[1]!);

  if (/^(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(trimmed)) {
    return `Hello! I am the local Atelier model. You said: "${trimmed.slice(0, 120)}". How can I help?`;
  }

  const topics = keywords(trimmed, 3);
  const lead = topics.length ? `On ${topics.join(', ')}: ` : '';
  return lead + markov(messages.map((m) => m.content).join(' '), trimmed, temperature);
}

const STOP = new Set(
  'a an the and or but if then of to in on at by for with about from as is are was were be been am do does did what which who whom how why when where this that these those it its i you he she we they me my your our their can could would should will shall may might must please tell me give show write explain'.split(' '),
);

function keywords(text: string, n: number): string[] {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) {
    if (w.length < 3 || STOP.has(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([w]) => w);
}

function summarise(text: string): string {
  const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((s) => s.trim()).filter(Boolean) ?? [text];
  if (sentences.length <= 2) return sentences.join(' ');
  const top = new Set(keywords(text, 8));
  const scored = sentences.map((s, i) => ({ s, i, score: (s.toLowerCase().match(/[\p{L}']+/gu) ?? []).filter((w) => top.has(w)).length }));
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).slice(0, 2).sort((a, b) => a.i - b.i).map((x) => x.s).join(' ');
}

function markov(corpus: string, seed: string, temperature: number): string {
  const words = corpus.match(/[\p{L}\p{N}'.,!?-]+/gu) ?? [];
  if (words.length < 2) return `you asked "${seed.slice(0, 200)}". That is all I know about it so far.`;
  const next = new Map<string, string[]>();
  for (let i = 0; i < words.length - 1; i++) {
    const key = words[i]!.toLowerCase();
    const list = next.get(key) ?? [];
    list.push(words[i + 1]!);
    next.set(key, list);
  }
  const rand = seededRandom(`chat:${corpus}`);
  const starts = words.filter((w) => /^[A-Z]/.test(w));
  let word = (starts.length ? starts : words)[Math.floor(rand() * (starts.length || words.length))]!;
  const out = [word];
  for (let i = 0; i < 40; i++) {
    const options = next.get(word.toLowerCase());
    if (!options?.length) break;
    word = temperature <= 0 ? mostCommon(options) : options[Math.floor(rand() * options.length)]!;
    out.push(word);
    if (/[.!?]$/.test(word) && out.length > 8) break;
  }
  let sentence = out.join(' ');
  if (!/[.!?]$/.test(sentence)) sentence += '.';
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function mostCommon(options: string[]): string {
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/** A tiny recursive-descent evaluator for + - * / and parentheses-free expressions. */
function evaluate(expr: string): number | undefined {
  const tokens = expr.replace(/[x×]/g, '*').match(/-?\d+(?:\.\d+)?|[-+*/]/g);
  if (!tokens) return undefined;
  // Split into terms by + and -, respecting * and / precedence.
  const values: number[] = [];
  const ops: string[] = [];
  let expectNumber = true;
  for (const t of tokens) {
    if (expectNumber) {
      const n = Number(t);
      if (!Number.isFinite(n)) return undefined;
      values.push(n);
    } else ops.push(t);
    expectNumber = !expectNumber;
  }
  if (values.length !== ops.length + 1) return undefined;
  const terms: number[] = [values[0]!];
  const signs: string[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const v = values[i + 1]!;
    if (op === '*') terms[terms.length - 1]! *= v;
    else if (op === '/') {
      if (v === 0) return undefined;
      terms[terms.length - 1]! /= v;
    } else {
      signs.push(op);
      terms.push(v);
    }
  }
  let total = terms[0]!;
  signs.forEach((s, i) => (total = s === '+' ? total + terms[i + 1]! : total - terms[i + 1]!));
  return Math.round(total * 1e9) / 1e9;
}

/** Rough GPT-style token count: words and punctuation, long words counted per 4 characters. */
export function countTokens(text: string): number {
  return (text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []).reduce((n, t) => n + Math.max(1, Math.ceil(t.length / 4)), 0);
}

function countAndCut(text: string, maxTokens: number): string {
  const parts = text.match(/\S+\s*/g) ?? [];
  let out = '';
  let used = 0;
  for (const p of parts) {
    used += countTokens(p);
    if (used > maxTokens) break;
    out += p;
  }
  return out.trimEnd();
}
