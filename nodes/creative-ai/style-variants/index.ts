import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { generateImage } from '../../_lib/compose';
import { pickText, withWorkspace } from '../../_lib/media';
import { STYLES, templateEnhance } from '../../_lib/prompts';

const params = z.object({
  prompt: z.string().max(2000).optional().describe('Subject to render; when omitted, the text arriving on the input.'),
  styles: z.array(z.enum(Object.keys(STYLES) as [string, ...string[]])).min(1).max(8).default(['photo', 'illustration', 'watercolor']).describe(`Styles to render: ${Object.keys(STYLES).join(', ')}.`),
  width: z.number().int().min(64).max(1536).default(512).describe('Image width (px).'),
  height: z.number().int().min(64).max(1536).default(512).describe('Image height (px).'),
  model: z.string().min(1).default('atelier-image-v1').describe('Image model.'),
});

export const creativeAiStyleVariants: NodeDefinition<typeof params> = {
  type: 'creative_ai.style_variants',
  version: 1,
  category: 'creative_ai',
  subcategory: 'ideation',
  name: 'Style variants',
  description: 'Renders the same subject in several styles with the image provider (one image per style, each charged at the image price), each prompt built from the subject and the style\'s vocabulary. `main` = {variants: [file reference with style and prompt]}.',
  tags: ['creative-ai', 'image-generation', 'styles', 'variations', 'a-b-testing'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{variants: [{style, prompt, url, mime, size, width, height}]}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const subject = pickText(p.prompt, inputs, 'prompt');
    return withWorkspace(ctx, async (ws) => {
      const variants = [];
      for (const [i, style] of p.styles.entries()) {
        const prompt = templateEnhance(subject, style, p.width > p.height ? '16:9' : p.width < p.height ? '9:16' : '1:1');
        const png = await generateImage(ctx, 'creative_ai.style_variants', { prompt, width: p.width, height: p.height, model: p.model });
        variants.push(await ws.store(png, 'png', { style, prompt, width: p.width, height: p.height }, `${ctx.nodeId}-${style}`));
        ctx.heartbeat({ stage: 'variants', progress: (i + 1) / p.styles.length });
      }
      return { output: { main: { variants, count: variants.length } } };
    });
  },
};
