import { z } from 'zod';
import { lexiconModeration, MODERATION_LISTS, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const CATEGORIES = Object.keys(MODERATION_LISTS);
const params = z.object({
  text: z.string().max(100_000).optional().describe('Text to check; when omitted, the text arriving on the input.'),
  block_categories: z.array(z.enum(CATEGORIES as [string, ...string[]])).default(CATEGORIES).describe(`Categories that flag the text: ${CATEGORIES.join(', ')}.`),
  model: modelParam(),
});

const Answer = z.object({ categories: z.record(z.string(), z.boolean()) });

/** Content moderation: per-category flags; routes to `flagged` or `clean`. */
export const aiModerate: NodeDefinition<typeof params> = {
  type: 'ai.moderate',
  version: 1,
  category: 'ai',
  subcategory: 'safety',
  name: 'Moderate',
  description: `Checks text for ${CATEGORIES.join(', ')}. Asks the chat model for per-category JSON (charged one chat call); when the answer is not usable, conservative per-category phrase lists decide (\`method: local\`, with the matched phrases). Emits \`main\` and either \`flagged\` or \`clean\`.`,
  tags: ['ai', 'moderation', 'safety', 'text'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'main', description: '{flagged, categories, category_scores, matches, method, text}' },
    { name: 'flagged', description: 'Emitted when a blocked category is hit' },
    { name: 'clean', description: 'Emitted when none is' },
  ],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const local = lexiconModeration(text);
    const r = await structuredTask(
      ctx,
      'ai.moderate',
      { model: p.model, system: `Moderate the text. JSON: {"categories":{${CATEGORIES.map((c) => `"${c}":true|false`).join(',')}}}.`, prompt: text, temperature: 0 },
      Answer,
      () => ({ categories: local.categories }),
    );
    const categories = Object.fromEntries(CATEGORIES.map((c) => [c, Boolean(r.result.categories[c])]));
    const flagged = p.block_categories.some((c) => categories[c]);
    const main = {
      flagged,
      categories,
      category_scores: r.method === 'local' ? local.category_scores : Object.fromEntries(CATEGORIES.map((c) => [c, categories[c] ? 1 : 0])),
      matches: r.method === 'local' ? local.matches : {},
      method: r.method,
      model: r.model,
      text,
    };
    return { output: { main, [flagged ? 'flagged' : 'clean']: main } };
  },
};
