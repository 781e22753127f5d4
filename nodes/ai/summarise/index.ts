import { z } from 'zod';
import { extractiveSummary, type NodeDefinition, sentences } from '../../../src/engine/node-sdk';
import { modelParam, textTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const params = z.object({
  text: z.string().max(200_000).optional().describe('Text to summarise; when omitted, the text arriving on the input (a string or an object\'s text/summary/content field).'),
  max_sentences: z.number().int().min(1).max(20).default(3).describe('Longest summary, in sentences.'),
  style: z.enum(['paragraph', 'bullets']).default('paragraph').describe('`paragraph`: prose; `bullets`: one "- " line per point.'),
  model: modelParam(),
});

/** A summary by the chat model (charged one chat call); an extractive summary when the answer is unusable. */
export const aiSummarise: NodeDefinition<typeof params> = {
  type: 'ai.summarise',
  version: 1,
  category: 'ai',
  subcategory: 'text',
  name: 'Summarise',
  description: 'Summarises text in at most `max_sentences` sentences through the chat model (charged one chat call). `atelier-local` answers with an extractive summary (the sentences carrying the most frequent content words); `main` = {summary, sentences, method, model}.',
  tags: ['ai', 'text', 'summarize', 'tldr'],
  params,
  inputs: [{ name: 'main', description: 'Text, or an object with a text field' }],
  outputs: [{ name: 'main', description: '{summary, sentences, method: model|local, model, usage}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const r = await textTask(
      ctx,
      'ai.summarise',
      { model: p.model, system: `Summarise the user's text in at most ${p.max_sentences} sentences. Keep facts, names and numbers.`, prompt: `Summarise: ${text}` },
      (t) => sentences(t).length <= p.max_sentences + 1 && t.length < Math.max(text.length, 40) * 1.2,
      () => extractiveSummary(text, p.max_sentences),
    );
    const list = sentences(r.text);
    const summary = p.style === 'bullets' ? list.map((s) => `- ${s}`).join('\n') : r.text;
    return { output: { main: { summary, text: summary, sentences: list.length, method: r.method, model: r.model, usage: r.usage } } };
  },
};
