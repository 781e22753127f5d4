import sharp from 'sharp';
import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { imageNode } from '../../_lib/image-node';
import { fileInput } from '../../_lib/media';
import { hexColour, renderSvg, textSvg } from '../../_lib/render';
import { POSITIONS, place } from '../../_lib/layout';

/** A semi-transparent text or logo mark in a corner. */
export const imageWatermark = imageNode({
  name: 'watermark',
  type: 'image.watermark',
  title: 'Watermark image',
  description: 'Adds a semi-transparent watermark: `text` (drawn with DejaVu Sans) or a `mark` image scaled to `scale` of the width, at `position` with `opacity`.',
  subcategory: 'compose',
  tags: ['image', 'watermark', 'copyright', 'branding'],
  shape: {
    text: z.string().max(200).optional().describe('Watermark text (used when no `mark` image is given).'),
    mark: fileInput('Watermark image (e.g. a logo PNG with transparency)'),
    position: z.enum(POSITIONS).default('bottom-right').describe('Where the mark goes.'),
    opacity: z.number().min(0.05).max(1).default(0.5).describe('Mark opacity, 0.05–1.'),
    scale: z.number().min(0.02).max(1).default(0.2).describe('Mark width as a fraction of the image width.'),
    colour: hexColour('Text colour.', '#ffffff'),
  },
  async transform({ img, width, height }, p, _ctx, ws) {
    const markW = Math.max(8, Math.round(width * p.scale));
    let mark: Buffer;
    if (p.mark) {
      mark = await sharp(await ws.read(p.mark, 'mark')).resize({ width: markW }).ensureAlpha().png().toBuffer();
    } else if (p.text) {
      const fontSize = Math.max(8, Math.round(markW / Math.max(4, p.text.length * 0.6)));
      const t = textSvg({ text: p.text, x: 0, y: 0, width: markW, fontSize, colour: p.colour, weight: 'bold', stroke: '#000000', strokeWidth: Math.max(1, fontSize / 16), maxLines: 2 });
      mark = await renderSvg(markW, Math.ceil(t.height + fontSize * 0.4), t.svg);
    } else throw new NodeError('watermark needs `text` or `mark`', { type: 'invalid_params' });
    const faded = await sharp(mark).ensureAlpha().composite([{ input: Buffer.from([255, 255, 255, Math.round(255 * p.opacity)]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }]).png().toBuffer();
    const m = await sharp(faded).metadata();
    const w = Math.min(width, m.width ?? 0);
    const h = Math.min(height, m.height ?? 0);
    const fitted = await sharp(faded).resize(w, h, { fit: 'inside' }).png().toBuffer();
    const { left, top } = place(p.position, width, height, w, h, Math.round(Math.min(width, height) * 0.03));
    return { img: sharp(await img.toBuffer()).composite([{ input: fitted, left, top }]) };
  },
});
