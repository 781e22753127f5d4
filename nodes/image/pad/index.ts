import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { hexColour } from '../../_lib/render';

export const imagePad = imageNode({
  name: 'pad',
  type: 'image.pad',
  title: 'Pad / border image',
  description: 'Adds a border of `size` px (or per side) in `colour`; `to_aspect` instead pads the shorter side to reach an aspect ratio such as "1:1" or "9:16" without cropping.',
  subcategory: 'transform',
  tags: ['image', 'pad', 'border', 'frame', 'letterbox'],
  shape: {
    size: z.number().int().min(0).max(2000).default(16).describe('Border on every side (px).'),
    colour: hexColour('Border colour.', '#ffffff'),
    to_aspect: z.string().regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/).optional().describe('Pad to this aspect ratio instead of a fixed border.'),
  },
  transform({ img, width, height }, p) {
    if (p.to_aspect) {
      const [a, b] = p.to_aspect.split(':').map(Number) as [number, number];
      const targetW = Math.max(width, Math.round((height * a) / b));
      const targetH = Math.max(height, Math.round((width * b) / a));
      const dx = targetW - width;
      const dy = targetH - height;
      return { img: img.extend({ left: Math.floor(dx / 2), right: Math.ceil(dx / 2), top: Math.floor(dy / 2), bottom: Math.ceil(dy / 2), background: p.colour }) };
    }
    return { img: img.extend({ top: p.size, bottom: p.size, left: p.size, right: p.size, background: p.colour }) };
  },
});
