import { z } from 'zod';
import { lexiconSentiment, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(100_000).optional().describe('Text to score; when omitted, the text arriving on the input.'),
  model: modelParam(),
});

const Answer = z.object({ label: z.enum(['positive', 'negative', 'neutral']), score: z.number().min(-1).max(1) });

/** Sentiment label and score; the model's JSON when it gives one, else a valence lexicon with negation. */
export const aiSentiment: NodeDefinition<typeof params> = {
  type: 'ai.sentiment',
  version: 1,
  category: 'ai',
  subcategory: 'analysis',
  name: 'Sentiment',
  description: 'Scores the sentiment of text from −1 (negative) to 1 (positive) with a label. Asks the chat model for JSON (charged one chat call); when the answer is not usable a valence lexicon with negation handling decides (`method: local`). Emits `main` always and `positive`, `negative` or `neutral` for routing.',
  tags: ['ai', 'text', 'sentiment', 'classification'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'main', description: '{label, score, method, model, text}' },
    { name: 'positive', description: 'Emitted when the label is positive' },
    { name: 'negative', description: 'Emitted when the label is negative' },
    { name: 'neutral', description: 'Emitted when the label is neutral' },
  ],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const r = await structuredTask(
      ctx,
      'ai.sentiment',
      { model: p.model, system: 'Rate the sentiment of the text. JSON: {"label":"positive|negative|neutral","score":-1..1}.', prompt: text, temperature: 0 },
      Answer,
      () => {
        const s = lexiconSentiment(text);
        return { label: s.label, score: s.score };
      },
    );
    const main = { ...r.result, method: r.method, model: r.model, text };
    return { output: { main, [r.result.label]: main } };
  },
};
