import { z } from 'zod';
import { lexicalClassify, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const Label = z.union([
  z.string().min(1).max(100),
  z.object({ label: z.string().min(1).max(100).describe('The label.'), description: z.string().max(1000).optional().describe('What belongs under it (helps the model and the local method).') }),
]);

const params = z.object({
  text: z.string().max(100_000).optional().describe('Text to classify; when omitted, the text arriving on the input.'),
  labels: z.array(Label).min(2).max(50).describe('Candidate labels: strings or {label, description}. Each label is also an output port.'),
  model: modelParam(),
});

const norm = (labels: z.output<typeof params>['labels']) => labels.map((l) => (typeof l === 'string' ? { label: l } : l));
const port = (label: string) => `label_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;

/** Picks one of the given labels and routes the item to that label's port. */
export const aiClassify: NodeDefinition<typeof params> = {
  type: 'ai.classify',
  version: 1,
  category: 'ai',
  subcategory: 'analysis',
  name: 'Classify',
  description: 'Classifies text into one of `labels`. Asks the chat model for JSON (charged one chat call); when the answer is not one of the labels, a lexical classifier (BM25 plus hashed-embedding similarity against each label and its description) decides (`method: local`). Emits `main` and the chosen label\'s port `label_<name>`.',
  tags: ['ai', 'text', 'classification', 'routing'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{label, scores, method, model, text}' }],
  outputsFor: (p) => [{ name: 'main' }, ...norm(p.labels).map((l) => ({ name: port(l.label), description: `Emitted when the label is "${l.label}"` }))],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const labels = norm(p.labels);
    const names = labels.map((l) => l.label);
    const local = lexicalClassify(text, labels);
    const r = await structuredTask(
      ctx,
      'ai.classify',
      {
        model: p.model,
        system: `Classify the text into exactly one label. Labels:\n${labels.map((l) => `- ${l.label}${l.description ? `: ${l.description}` : ''}`).join('\n')}\nJSON: {"label":"<one label>"}.`,
        prompt: text,
        temperature: 0,
      },
      z.object({ label: z.string().refine((l) => names.includes(l)) }),
      () => ({ label: local.label }),
    );
    const main = { label: r.result.label, scores: r.method === 'local' ? local.scores : Object.fromEntries(names.map((n) => [n, n === r.result.label ? 1 : 0])), method: r.method, model: r.model, text };
    return { output: { main, [port(r.result.label)]: main } };
  },
};
