import sharp from 'sharp';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { renderCard, SIZES } from '../../_lib/compose';
import { withWorkspace } from '../../_lib/media';
import { hex, hexColour, storeImage } from '../../_lib/render';

const SlideSpec = z.object({
  title: z.string().min(1).max(150).describe('Slide headline.'),
  body: z.string().max(600).default('').describe('Slide text.'),
});

const params = z.object({
  slides: z.array(SlideSpec).min(1).max(20).describe('Slides in order: {title, body}.'),
  size: z.enum(['square', 'portrait']).default('portrait').describe('square 1080² or portrait 1080×1350 (Instagram/LinkedIn carousels).'),
  scale: z.number().min(0.1).max(1).default(1).describe('Render at this fraction of the size.'),
  background: hexColour('Background colour.', '#0f172a'),
  colour: hexColour('Text colour.', '#f8fafc'),
  accent: hexColour('Accent colour (bar, counter).', '#38bdf8'),
  handle: z.string().max(60).default('').describe('Account handle shown in the footer of every slide.'),
});

/** A consistent set of carousel slides (one PNG each). */
export const creativeCarousel: NodeDefinition<typeof params> = {
  type: 'creative.carousel',
  version: 1,
  category: 'creative',
  subcategory: 'social-image',
  name: 'Carousel slides',
  description: 'Renders a swipeable carousel: one PNG per slide in one style — accent bar, headline, body, "n/N" counter and an optional handle — for Instagram or LinkedIn document posts. `main` = {slides: [file reference], count}.',
  tags: ['creative', 'carousel', 'instagram', 'linkedin', 'slides', 'image'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{slides: [{url, mime, size, width, height, index}], count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    const [W0, H0] = SIZES[p.size];
    const W = Math.round(W0 * p.scale);
    const H = Math.round(H0 * p.scale);
    const m = Math.round(W * 0.08);
    return withWorkspace(ctx, async (ws) => {
      const slides = [];
      for (const [i, s] of p.slides.entries()) {
        const png = await renderCard({
          width: W, height: H, background: p.background,
          svg: `<rect x="${m}" y="${m}" width="${W * 0.1}" height="${Math.max(3, W * 0.012)}" fill="${hex(p.accent)}"/>`,
          blocks: [
            { text: s.title, x: m, y: m + W * 0.05, width: W - 2 * m, fontSize: Math.round(W * 0.07), colour: p.colour, weight: 'bold', maxLines: 4 },
            { text: s.body, x: m, y: m + W * 0.05 + W * 0.07 * 1.25 * Math.min(4, Math.ceil(s.title.length / 22)) + W * 0.05, width: W - 2 * m, fontSize: Math.round(W * 0.042), colour: p.colour, maxLines: 12, lineHeight: 1.4 },
            { text: `${i + 1}/${p.slides.length}`, x: m, y: H - m, width: W - 2 * m, fontSize: Math.round(W * 0.035), colour: p.accent, align: 'right', anchor: 'bottom' },
            ...(p.handle ? [{ text: p.handle, x: m, y: H - m, width: W - 2 * m, fontSize: Math.round(W * 0.035), colour: p.colour, anchor: 'bottom' as const }] : []),
          ],
        });
        slides.push({ ...(await storeImage(ws, sharp(png), 'png')), index: i + 1 });
      }
      return { output: { main: { slides, count: slides.length } } };
    });
  },
};
