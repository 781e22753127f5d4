import sharp from 'sharp';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { renderCard, SIZES } from '../../_lib/compose';
import { fileInput, pickText, withWorkspace } from '../../_lib/media';
import { hex, hexColour, storeImage, svgDoc } from '../../_lib/render';

const params = z.object({
  quote: z.string().max(600).optional().describe('What the customer said; when omitted, the text arriving on the input.'),
  name: z.string().min(1).max(80).describe('Customer name.'),
  role: z.string().max(120).default('').describe('Role, company or "Verified buyer".'),
  rating: z.number().int().min(0).max(5).default(5).describe('Stars out of 5 (0 hides them).'),
  avatar: fileInput('Optional customer photo (cropped to a circle)'),
  size: z.enum(['square', 'portrait', 'story', 'landscape']).default('square').describe('Output size.'),
  scale: z.number().min(0.1).max(1).default(1).describe('Render at this fraction of the size.'),
  background: hexColour('Background colour.', '#ffffff'),
  colour: hexColour('Text colour.', '#111827'),
  accent: hexColour('Star colour.', '#f59e0b'),
});

/** A customer testimonial as a shareable image: stars, quote, avatar, name. */
export const ugcTestimonialCard: NodeDefinition<typeof params> = {
  type: 'ugc.testimonial_card',
  version: 1,
  category: 'ugc',
  subcategory: 'social-proof',
  name: 'Testimonial card',
  description: 'Renders a customer testimonial as an image: star rating, the quote sized to fit, an optional round avatar, name and role — in social sizes.',
  tags: ['ugc', 'testimonial', 'review', 'social-proof', 'image'],
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
    const m = Math.round(W * 0.09);
    const star = Math.round(W * 0.06);
    const stars = Array.from({ length: p.rating }, (_, i) => `<text x="${m + i * star * 1.1}" y="${m + star}" font-family="DejaVu Sans" font-size="${star}" fill="${hex(p.accent)}">★</text>`).join('');
    const avatarSize = Math.round(W * 0.14);
    return withWorkspace(ctx, async (ws) => {
      let png = await renderCard({
        width: W, height: H, background: p.background, svg: stars,
        blocks: [
          { text: `“${quote}”`, x: m, y: H * 0.45, width: W - 2 * m, fontSize: Math.round(W * (quote.length > 160 ? 0.045 : 0.06)), colour: p.colour, anchor: 'middle', maxLines: 8, lineHeight: 1.35 },
          { text: p.name, x: m + (p.avatar ? avatarSize + m / 3 : 0), y: H - m - W * 0.05, width: W - 2 * m, fontSize: Math.round(W * 0.045), colour: p.colour, weight: 'bold', anchor: 'bottom' },
          ...(p.role ? [{ text: p.role, x: m + (p.avatar ? avatarSize + m / 3 : 0), y: H - m, width: W - 2 * m, fontSize: Math.round(W * 0.035), colour: p.colour, anchor: 'bottom' as const }] : []),
        ],
      });
      if (p.avatar) {
        const circle = svgDoc(avatarSize, avatarSize, `<circle cx="${avatarSize / 2}" cy="${avatarSize / 2}" r="${avatarSize / 2}" fill="#fff"/>`);
        const face = await sharp(await ws.read(p.avatar, 'avatar')).resize(avatarSize, avatarSize, { fit: 'cover' }).ensureAlpha().composite([{ input: circle, blend: 'dest-in' }]).png().toBuffer();
        png = await sharp(png).composite([{ input: face, left: m, top: H - m - avatarSize }]).png().toBuffer();
      }
      return { output: { main: await storeImage(ws, sharp(png), 'png', { rating: p.rating }) } };
    });
  },
};
