import { z } from 'zod';
import { extractiveSummary, type NodeDefinition, sentences } from '../../../src/engine/node-sdk';
import { modelParam, textTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const TONES = ['formal', 'casual', 'concise', 'confident', 'friendly'] as const;
const params = z.object({
  text: z.string().max(50_000).optional().describe('Text to rewrite; when omitted, the text arriving on the input.'),
  tone: z.enum(TONES).default('concise').describe('Target tone: formal, casual, concise, confident or friendly.'),
  instructions: z.string().max(2000).default('').describe('Extra guidance for the model (audience, words to keep).'),
  model: modelParam(),
});

const CONTRACTIONS: [string, string][] = [
  ["do not", "don't"], ["does not", "doesn't"], ["did not", "didn't"], ['is not', "isn't"], ['are not', "aren't"], ['cannot', "can't"],
  ['will not', "won't"], ['I am', "I'm"], ['you are', "you're"], ['we are', "we're"], ['it is', "it's"], ['that is', "that's"], ['I will', "I'll"], ['we will', "we'll"],
];
const CASUAL_TO_FORMAL: [RegExp, string][] = [
  [/\bgonna\b/gi, 'going to'], [/\bwanna\b/gi, 'want to'], [/\byeah\b/gi, 'yes'], [/\bhey\b/gi, 'hello'], [/\bkids\b/gi, 'children'],
  [/\bguys\b/gi, 'everyone'], [/\bstuff\b/gi, 'material'], [/\bawesome\b/gi, 'excellent'], [/\bok(ay)?\b/gi, 'acceptable'], [/\blots of\b/gi, 'many'],
];
const FILLERS = /\b(really|very|just|basically|actually|literally|quite|simply|totally|kind of|sort of)\s+/gi;
const HEDGES = /\b(I think|I believe|I guess|maybe|perhaps|probably|hopefully|somewhat|it seems that)\s*,?\s*/gi;

const cap = (s: string) => s.replace(/(^|[.!?]\s+)([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase());
const swap = (text: string, pairs: [string, string][], from: 0 | 1) =>
  pairs.reduce((t, pair) => t.replace(new RegExp(`\\b${pair[from].replace(/'/g, "'")}\\b`, 'gi'), (m) => (m[0] === m[0]!.toUpperCase() ? pair[1 - from]![0]!.toUpperCase() + pair[1 - from]!.slice(1) : pair[1 - from]!)), text);

/** Rule-based rewrite used when the model does not follow the instruction. */
export function ruleRewrite(text: string, tone: (typeof TONES)[number]): string {
  let t = text.replace(/\s+/g, ' ').trim();
  if (tone === 'formal') {
    t = swap(CASUAL_TO_FORMAL.reduce((s, [re, to]) => s.replace(re, to), t), CONTRACTIONS, 1).replace(/!+/g, '.');
  } else if (tone === 'casual' || tone === 'friendly') {
    t = swap(t, CONTRACTIONS, 0);
    if (tone === 'friendly') t = t.replace(/^(hello|dear [^,]+),?\s*/i, '').replace(/^/, 'Hi there! ');
  } else if (tone === 'concise') {
    t = t.replace(FILLERS, '').replace(/\bin order to\b/gi, 'to').replace(/\bdue to the fact that\b/gi, 'because').replace(/\bat this point in time\b/gi, 'now');
    if (sentences(t).length > 3) t = extractiveSummary(t, Math.ceil(sentences(t).length / 2));
  } else if (tone === 'confident') {
    t = t.replace(HEDGES, '').replace(/\bmight\b/gi, 'will').replace(/\bcould\b/gi, 'can').replace(/\btry to\b/gi, '');
  }
  t = cap(t.replace(/\s+([.,!?])/g, '$1').replace(/\s{2,}/g, ' ').trim());
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** Rewrites text in another tone. */
export const aiRewrite: NodeDefinition<typeof params> = {
  type: 'ai.rewrite',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'Rewrite / change tone',
  description: 'Rewrites text in a tone (formal, casual, concise, confident, friendly) with the chat model (charged one chat call). `atelier-local` does not follow style instructions, so with it rule-based rewriting applies (contractions, casual↔formal vocabulary, filler and hedge removal, shortening) — `method: local`.',
  tags: ['ai', 'text', 'rewrite', 'tone', 'copywriting'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, tone, method, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const r = await textTask(
      ctx,
      'ai.rewrite',
      { model: p.model, system: `Rewrite the user's text in a ${p.tone} tone. Keep its meaning. ${p.instructions} Answer with the rewritten text only.`, prompt: text, temperature: 0.4 },
      () => p.model !== 'atelier-local',
      () => ruleRewrite(text, p.tone),
    );
    return { output: { main: { text: r.text, tone: p.tone, method: r.method, model: r.model } } };
  },
};
