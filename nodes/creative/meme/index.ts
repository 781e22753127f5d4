import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { renderSvg, textSvg } from '../../_lib/render';

export const creativeMeme = imageNode({
  name: 'meme',
  type: 'creative.meme',
  title: 'Meme',
  description: 'Classic meme captions: `top_text` and `bottom_text` in bold white capitals with a black outline, wrapped to the image width.',
  subcategory: 'social-image',
  tags: ['creative', 'meme', 'image', 'caption', 'humor'],
  shape: {
    top_text: z.string().max(200).default('').describe('Caption at the top.'),
    bottom_text: z.string().max(200).default('').describe('Caption at the bottom.'),
    uppercase: z.boolean().default(true).describe('Set captions in capitals.'),
  },
  async transform({ img, width, height }, p) {
    const fontSize = Math.max(12, Math.round(height / 9));
    const m = Math.round(width * 0.04);
    const up = (s: string) => (p.uppercase ? s.toUpperCase() : s);
    const blocks = [
      p.top_text ? textSvg({ text: up(p.top_text), x: m, y: m, width: width - 2 * m, fontSize, weight: 'bold', align: 'center', stroke: '#000000', strokeWidth: fontSize / 8, maxLines: 3 }).svg : '',
      p.bottom_text ? textSvg({ text: up(p.bottom_text), x: m, y: height - m, width: width - 2 * m, fontSize, weight: 'bold', align: 'center', stroke: '#000000', strokeWidth: fontSize / 8, anchor: 'bottom', maxLines: 3 }).svg : '',
    ].join('');
    return { img: sharp(await img.toBuffer()).composite([{ input: await renderSvg(width, height, blocks) }]) };
  },
});
