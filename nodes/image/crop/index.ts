import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { imageNode } from '../../_lib/image-node';

/** Crop a rectangle, or to an aspect ratio around the most interesting region. */
export const imageCrop = imageNode({
  name: 'crop',
  type: 'image.crop',
  title: 'Crop image',
  description: 'Crops the rectangle `left`,`top`,`width`,`height`; or, with `aspect` (e.g. "1:1", "9:16"), the largest region of that ratio placed by `focus` (centre, or `attention`/`entropy`: sharp\'s saliency and detail strategies).',
  subcategory: 'transform',
  tags: ['image', 'crop', 'aspect-ratio', 'smart-crop'],
  shape: {
    left: z.number().int().min(0).optional().describe('Left edge of the rectangle (px).'),
    top: z.number().int().min(0).optional().describe('Top edge of the rectangle (px).'),
    width: z.number().int().min(1).optional().describe('Rectangle width (px).'),
    height: z.number().int().min(1).optional().describe('Rectangle height (px).'),
    aspect: z.string().regex(/^\d+(\.\d+)?:\d+(\.\d+)?$/).optional().describe('Crop to this aspect ratio instead of a rectangle, e.g. "1:1" or "9:16".'),
    focus: z.enum(['centre', 'attention', 'entropy']).default('centre').describe('Where an aspect crop is placed.'),
  },
  transform({ img, width: w, height: h }, p) {
    if (p.aspect) {
      const [a, b] = p.aspect.split(':').map(Number) as [number, number];
      const cw = Math.min(w, Math.round((h * a) / b));
      const ch = Math.min(h, Math.round((w * b) / a));
      const position = p.focus === 'centre' ? 'centre' : p.focus;
      return { img: img.resize(cw, ch, { fit: 'cover', position }) };
    }
    const { left = 0, top = 0 } = p;
    const width = p.width ?? w - left;
    const height = p.height ?? h - top;
    if (left + width > w || top + height > h) throw new NodeError(`crop ${left},${top} ${width}×${height} falls outside the ${w}×${h} image`, { type: 'invalid_params' });
    return { img: img.extract({ left, top, width, height }) };
  },
});
