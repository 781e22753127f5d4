import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { hex, hexColour, renderSvg, textSvg } from '../../_lib/render';

/** Text drawn over an image, optionally on a box for legibility. */
export const imageTextOverlay = imageNode({
  name: 'text_overlay',
  type: 'image.text_overlay',
  title: 'Text overlay',
  description: 'Draws wrapped text (DejaVu Sans) over the image at `position` (top, center, bottom), sized as a fraction of the image height, with an outline and an optional translucent box behind it.',
  subcategory: 'text',
  tags: ['image', 'text', 'caption', 'overlay', 'typography'],
  shape: {
    text: z.string().min(1).max(2000).describe('Text to draw (wraps to the image width).'),
    position: z.enum(['top', 'center', 'bottom']).default('bottom').describe('Vertical placement.'),
    font_size: z.number().min(0.02).max(0.3).default(0.08).describe('Font size as a fraction of the image height.'),
    colour: hexColour('Text colour.', '#ffffff'),
    outline: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Outline colour; none when omitted.'),
    box: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Colour of a translucent box behind the text; none when omitted.'),
    bold: z.boolean().default(true).describe('Bold weight.'),
  },
  async transform({ img, width, height }, p) {
    const fontSize = Math.max(8, Math.round(height * p.font_size));
    const margin = Math.round(width * 0.05);
    const y = p.position === 'top' ? margin : p.position === 'center' ? height / 2 : height - margin;
    const anchor = p.position === 'top' ? 'top' : p.position === 'center' ? 'middle' : 'bottom';
    const t = textSvg({ text: p.text, x: margin, y, width: width - 2 * margin, fontSize, colour: p.colour, weight: p.bold ? 'bold' : 'normal', align: 'center', anchor, stroke: p.outline, maxLines: 6 });
    const top = anchor === 'top' ? y : anchor === 'middle' ? y - t.height / 2 : y - t.height;
    const box = p.box ? `<rect x="${margin / 2}" y="${top - fontSize * 0.3}" width="${width - margin}" height="${t.height + fontSize * 0.6}" rx="${fontSize / 4}" fill="${hex(p.box)}" fill-opacity="0.6"/>` : '';
    const overlay = await renderSvg(width, height, box + t.svg);
    return { img: sharp(await img.toBuffer()).composite([{ input: overlay }]), meta: { lines: t.lines.length } };
  },
});
