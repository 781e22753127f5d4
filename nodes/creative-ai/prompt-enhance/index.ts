import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { modelParam, textTask } from '../../_lib/ai';
import { pickText } from '../../_lib/media';
import { STYLES, templateEnhance } from '../../_lib/prompts';

const params = z.object({
  prompt: z.string().max(2000).optional().describe('The idea to expand; when omitted, the text arriving on the input.'),
  style: z.enum(Object.keys(STYLES) as [string, ...string[]]).default('photo').describe(`Visual style: ${Object.keys(STYLES).join(', ')}.`),
  aspect: z.enum(['1:1', '9:16', '16:9', '4:5']).default('1:1').describe('Intended aspect ratio (named in the prompt for composition).'),
  negative: z.boolean().default(true).describe('Also return a negative prompt (what to avoid).'),
  model: modelParam(),
});

export const creativeAiPromptEnhance: NodeDefinition<typeof params> = {
  type: 'creative_ai.prompt_enhance',
  version: 1,
  category: 'creative_ai',
  subcategory: 'prompting',
  name: 'Enhance image prompt',
  description: 'Expands a short idea into a detailed image-generation prompt in a style (photo, cinematic, illustration, anime, 3d, watercolor, minimal, product) and aspect, plus a negative prompt. Uses the chat model (charged one chat call); `atelier-local` does not write prompts, so with it a style template composes subject, style vocabulary, framing and quality terms (`method: local`).',
  tags: ['creative-ai', 'prompt', 'image-generation', 'prompt-engineering'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{prompt, negative_prompt, style, aspect, method}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const idea = pickText(p.prompt, inputs, 'prompt');
    const r = await textTask(
      ctx,
      'creative_ai.prompt_enhance',
      { model: p.model, system: `Rewrite the idea as one detailed image-generation prompt in this style: ${STYLES[p.style]}; aspect ${p.aspect}. One line, comma-separated descriptors, no preamble.`, prompt: idea, temperature: 0.7 },
      () => p.model !== 'atelier-local',
      () => templateEnhance(idea, p.style, p.aspect),
    );
    const negative = p.negative ? 'blurry, low resolution, distorted anatomy, extra fingers, watermark, text artifacts, oversaturated, jpeg artifacts' : null;
    return { output: { main: { prompt: r.text, text: r.text, negative_prompt: negative, style: p.style, aspect: p.aspect, method: r.method, model: r.model } } };
  },
};
