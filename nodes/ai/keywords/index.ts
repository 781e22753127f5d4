import { z } from 'zod';
import { keywords, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(200_000).optional().describe('Text to extract keywords from; when omitted, the text arriving on the input.'),
  count: z.number().int().min(1).max(50).default(8).describe('How many keywords to return.'),
  model: modelParam(),
});

const Answer = z.object({ terms: z.array(z.string().min(1)).min(1) });

/** Keywords and key phrases of a text. */
export const aiKeywords: NodeDefinition<typeof params> = {
  type: 'ai.keywords',
  version: 1,
  category: 'ai',
  subcategory: 'analysis',
  name: 'Keywords',
  description: 'Extracts the `count` most important keywords and two-word phrases. Asks the chat model for JSON (charged one chat call); when the answer is not usable, term frequency without stopwords ranks them (`method: local`, with a 0–1 score).',
  tags: ['ai', 'text', 'keywords', 'seo'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{keywords: string[], scored: [{keyword, score}], method}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const local = keywords(text, p.count);
    const r = await structuredTask(
      ctx,
      'ai.keywords',
      { model: p.model, system: `List the ${p.count} most important keywords of the text. JSON: {"terms":["…"]}.`, prompt: text, temperature: 0 },
      Answer,
      () => ({ terms: local.map((k) => k.keyword) }),
    );
    const terms = r.result.terms.slice(0, p.count);
    const scored = r.method === 'local' ? local : terms.map((keyword, i) => ({ keyword, score: Math.round((1 - i / terms.length) * 1000) / 1000 }));
    return { output: { main: { keywords: terms, scored, method: r.method, model: r.model } } };
  },
};
