import sharp from 'sharp';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { renderCard, SIZES } from '../../_lib/compose';
import { fileInput, pickText, withWorkspace } from '../../_lib/media';
import { hex, hexColour, storeImage } from '../../_lib/render';

const params = z.object({
  quote: z.string().max(600).optional().describe('The quote; when omitted, the text arriving on the input.'),
  author: z.string().max(120).default('').describe('Who said it.'),
  size: z.enum(['square', 'portrait', 'story', 'landscape']).default('square').describe('square 1080², portrait 1080×1350, story 1080×1920, landscape 1200×675.'),
  scale: z.number().min(0.1).max(1).default(1).describe('Render at this fraction of the size (previews, tests).'),
  background: hexColour('Background colour (gradient start).', '#111827'),
  background2: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Gradient end colour; solid when omitted.'),
  image: fileInput('Optional background picture (darkened under the text)'),
  colour: hexColour('Text colour.', '#ffffff'),
  accent: hexColour('Quote-mark and rule colour.', '#f59e0b'),
});

export const creativeQuoteCard: NodeDefinition<typeof params> = {
  type: 'creative.quote_card',
  version: 1,
  category: 'creative',
  subcategory: 'social-image',
  name: 'Quote card',
  description: 'A shareable quote image: a large accent quote mark, the quote wrapped and sized to fit, a rule and the author, on a solid, gradient or darkened-picture background, in social sizes (square, portrait, story, landscape).',
  tags: ['creative', 'quote', 'card', 'social', 'instagram', 'image'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, width, height, format}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const quote = pickText(p.quote, inputs, 'quote');
    const [W0, H0] = SIZES[p.size];
    const W = Math.round(W0 * p.scale);
    const H = Math.round(H0 * p.scale);
    const m = Math.round(W * 0.1);
    const fontSize = Math.round(W * (quote.length > 200 ? 0.045 : quote.length > 90 ? 0.06 : 0.075));
    return withWorkspace(ctx, async (ws) => {
      const image = p.image ? await ws.read(p.image, 'image') : undefined;
      const png = await renderCard({
        width: W, height: H, background: p.background, background2: p.background2, image, dim: 0.55,
        svg: `<text x="${m}" y="${m + W * 0.12}" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.round(W * 0.2)}" fill="${hex(p.accent)}">“</text><rect x="${m}" y="${H - m - W * 0.09}" width="${W * 0.12}" height="${Math.max(2, W * 0.006)}" fill="${hex(p.accent)}"/>`,
        blocks: [
          { text: quote, x: m, y: H / 2, width: W - 2 * m, fontSize, colour: p.colour, weight: 'bold', anchor: 'middle', maxLines: 9, lineHeight: 1.3 },
          ...(p.author ? [{ text: `— ${p.author}`, x: m, y: H - m - W * 0.02, width: W - 2 * m, fontSize: Math.round(W * 0.035), colour: p.colour, anchor: 'bottom' as const }] : []),
        ],
      });
      return { output: { main: await storeImage(ws, sharp(png), 'png') } };
    });
  },
};
