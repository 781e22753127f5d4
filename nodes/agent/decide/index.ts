import { z } from 'zod';
import { lexicalClassify, type NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';

const Option = z.object({
  id: z.string().regex(/^[a-z0-9_]{1,40}$/).describe('Option id (also its output port `option_<id>`).'),
  description: z.string().min(1).max(1000).describe('When this option is the right one.'),
});

const params = z.object({
  situation: z.string().max(20_000).optional().describe('What to decide about; when omitted, the text arriving on the input.'),
  options: z.array(Option).min(2).max(20).describe('The choices, each with an id and when it applies.'),
  model: modelParam(),
});

/** Chooses the next action among options (tool choice) and routes to it. */
export const agentDecide: NodeDefinition<typeof params> = {
  type: 'agent.decide',
  version: 1,
  category: 'agent',
  subcategory: 'routing',
  name: 'Decide next action',
  description: 'Picks one of `options` for a situation — the agent\'s "which tool next?" step — with a reason, by asking the chat model for JSON (charged one chat call); when the answer is not one of the options, the option whose description best matches the situation wins (BM25 + hashed embeddings, `method: local`). Emits `main` and `option_<id>`.',
  tags: ['agent', 'ai', 'routing', 'tool-choice', 'decision'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{choice, reason, scores, method}' }],
  outputsFor: (p) => [{ name: 'main' }, ...p.options.map((o) => ({ name: `option_${o.id}`, description: o.description }))],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const situation = pickText(p.situation, inputs, 'situation');
    const ids = p.options.map((o) => o.id);
    const local = lexicalClassify(situation, p.options.map((o) => ({ label: o.id, description: o.description })));
    const r = await structuredTask(
      ctx,
      'agent.decide',
      { model: p.model, system: `Choose the best next action. Options:\n${p.options.map((o) => `- ${o.id}: ${o.description}`).join('\n')}\nJSON: {"choice":"<id>","reason":"…"}.`, prompt: situation, temperature: 0 },
      z.object({ choice: z.string().refine((c) => ids.includes(c)), reason: z.string().default('') }),
      () => ({ choice: local.label, reason: `closest match to "${p.options.find((o) => o.id === local.label)!.description}"` }),
    );
    const main = { ...r.result, scores: r.method === 'local' ? local.scores : undefined, method: r.method, model: r.model, situation };
    return { output: { main, [`option_${r.result.choice}`]: main } };
  },
};
