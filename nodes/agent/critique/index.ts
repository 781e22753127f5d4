import { z } from 'zod';
import { contentWords, type NodeDefinition, sentences, words } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(50_000).optional().describe('Draft to critique; when omitted, the text arriving on the input.'),
  criteria: z.array(z.string().min(1).max(300)).max(20).default([]).describe('Requirements the draft must meet (e.g. "mentions the price", "under 100 words").'),
  pass_score: z.number().min(0).max(10).default(7).describe('Score (0–10) at or above which the draft passes.'),
  model: modelParam(),
});

const Answer = z.object({ score: z.number().min(0).max(10), issues: z.array(z.string()), suggestions: z.array(z.string()).default([]) });

/** Readability and requirement checks used when the model's answer is not usable. */
export function localCritique(text: string, criteria: string[]): z.output<typeof Answer> {
  const issues: string[] = [];
  const suggestions: string[] = [];
  const list = sentences(text);
  const ws = words(text);
  const avg = ws.length / Math.max(1, list.length);
  if (ws.length < 5) issues.push('The draft is very short.');
  if (avg > 25) {
    issues.push(`Sentences average ${Math.round(avg)} words.`);
    suggestions.push('Split long sentences; aim for under 20 words.');
  }
  const passive = text.match(/\b(?:is|are|was|were|been|being|be)\s+\w+ed\b/gi) ?? [];
  if (passive.length > Math.max(1, list.length / 3)) {
    issues.push(`${passive.length} passive constructions.`);
    suggestions.push('Prefer active voice.');
  }
  const counts = new Map<string, number>();
  for (const w of contentWords(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const repeated = [...counts.entries()].filter(([, n]) => n >= 4 && n / Math.max(1, ws.length) > 0.05).map(([w]) => w);
  if (repeated.length) {
    issues.push(`Repeated words: ${repeated.join(', ')}.`);
    suggestions.push('Vary the wording.');
  }
  for (const c of criteria) {
    const limit = c.match(/(?:under|at most|max(?:imum)?|fewer than|less than)\s+(\d+)\s+words/i);
    if (limit) {
      if (ws.length > Number(limit[1])) issues.push(`Not met: "${c}" (${ws.length} words).`);
      continue;
    }
    const need = contentWords(c).filter((w) => !['mention', 'mentions', 'include', 'includes', 'contain', 'contains', 'must', 'should'].includes(w));
    const have = new Set(contentWords(text));
    if (need.length && !need.some((w) => have.has(w) || have.has(w.replace(/s$/, '')))) {
      issues.push(`Not met: "${c}".`);
      suggestions.push(`Address: ${c}.`);
    }
  }
  return { score: Math.max(0, 10 - issues.length * 2), issues, suggestions };
}

/** A reviewer: score, issues and suggestions; routes to `pass` or `revise`. */
export const agentCritique: NodeDefinition<typeof params> = {
  type: 'agent.critique',
  version: 1,
  category: 'agent',
  subcategory: 'reasoning',
  name: 'Critique / reflect',
  description: 'Reviews a draft against `criteria` and general quality: score 0–10, issues, suggestions. Asks the chat model for JSON (charged one chat call); when the answer is not usable, local checks decide (requirements by keyword and word limits, sentence length, passive voice, repetition; `method: local`). Emits `main` and `pass` (score ≥ pass_score) or `revise` — the building block of a reflect-and-retry loop.',
  tags: ['agent', 'ai', 'review', 'reflection', 'quality', 'critique'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'main', description: '{score, passed, issues, suggestions, method, text}' },
    { name: 'pass', description: 'Emitted when the draft passes' },
    { name: 'revise', description: 'Emitted when it needs another round' },
  ],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const r = await structuredTask(
      ctx,
      'agent.critique',
      { model: p.model, system: `Critique the draft. Criteria:\n${p.criteria.map((c) => `- ${c}`).join('\n') || '- clear and correct'}\nJSON: {"score":0-10,"issues":["…"],"suggestions":["…"]}.`, prompt: text, temperature: 0 },
      Answer,
      () => localCritique(text, p.criteria),
    );
    const passed = r.result.score >= p.pass_score;
    const main = { ...r.result, passed, method: r.method, model: r.model, text };
    return { output: { main, [passed ? 'pass' : 'revise']: main } };
  },
};
