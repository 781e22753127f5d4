import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, structuredTask } from '../../_lib/ai';

const params = z.object({
  product: z.string().min(1).max(200).describe('Product or offer name.'),
  description: z.string().max(2000).default('').describe('What it is and does.'),
  audience: z.string().max(300).default('busy professionals').describe('Who the ad speaks to.'),
  benefits: z.array(z.string().min(1).max(200)).max(10).default([]).describe('Key benefits, most important first.'),
  tone: z.enum(['bold', 'friendly', 'premium', 'playful', 'urgent']).default('friendly').describe('Voice of the copy.'),
  cta: z.string().max(40).default('Try it free').describe('Call to action.'),
  variants: z.number().int().min(1).max(10).default(3).describe('How many headline variants.'),
  model: modelParam(),
});

const Answer = z.object({ headlines: z.array(z.string().min(1)).min(1), primary_text: z.string().min(1), description: z.string().default(''), cta: z.string().min(1) });

const OPENERS: Record<string, string[]> = {
  bold: ['Stop settling.', 'The last {p} you will need.', 'Meet {p}.'],
  friendly: ['Say hello to {p}.', 'Your new favourite: {p}.', 'Make life easier with {p}.'],
  premium: ['{p}. Crafted for the discerning.', 'Elevate every day with {p}.', 'The art of {p}.'],
  playful: ['Psst… {p} is here.', 'Plot twist: {p}.', 'Your {p} era starts now.'],
  urgent: ['Last chance: {p}.', 'Don\'t miss {p}.', '{p} — today only.'],
};

/** Template copy used when the model's answer is not usable. */
export function templateCopy(p: z.output<typeof params>): z.output<typeof Answer> {
  const b = p.benefits.length ? p.benefits : [p.description || `${p.product} works for you`];
  const openers = OPENERS[p.tone]!;
  const headlines = Array.from({ length: p.variants }, (_, i) => {
    if (i < openers.length) return openers[i]!.replace('{p}', p.product);
    const benefit = b[(i - openers.length) % b.length]!;
    return `${benefit.charAt(0).toUpperCase()}${benefit.slice(1).replace(/\.$/, '')}.`;
  });
  const primary = `Built for ${p.audience}: ${p.product}${p.description ? ` — ${p.description.replace(/\.$/, '')}` : ''}. ${b.slice(0, 3).map((x) => `✓ ${x.replace(/\.$/, '')}`).join(' ')} ${p.cta}.`;
  return { headlines, primary_text: primary.replace(/\s+/g, ' ').trim(), description: b[0]!, cta: p.cta };
}

export const creativeAiAdCopy: NodeDefinition<typeof params> = {
  type: 'creative_ai.ad_copy',
  version: 1,
  category: 'creative_ai',
  subcategory: 'copywriting',
  name: 'Ad copy',
  description: 'Writes ad copy for a product — headline variants, primary text, a short description and the call to action — for an audience and tone, by asking the chat model for JSON (charged one chat call). When the answer is not usable, tone-specific templates built from the product, benefits and audience are used (`method: local`).',
  tags: ['creative-ai', 'ads', 'copywriting', 'marketing', 'headlines'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{headlines, primary_text, description, cta, method}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    const r = await structuredTask(
      ctx,
      'creative_ai.ad_copy',
      {
        model: p.model,
        system: `Write ${p.tone} ad copy for ${p.audience}. ${p.variants} headlines under 40 characters. JSON: {"headlines":["…"],"primary_text":"…","description":"…","cta":"${p.cta}"}.`,
        prompt: `Product: ${p.product}\n${p.description}\nBenefits:\n${p.benefits.map((b) => `- ${b}`).join('\n')}`,
        temperature: 0.8,
      },
      Answer,
      () => templateCopy(p),
    );
    return { output: { main: { ...r.result, headlines: r.result.headlines.slice(0, p.variants), method: r.method, model: r.model } } };
  },
};
