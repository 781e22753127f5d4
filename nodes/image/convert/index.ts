import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

/** Format conversion (and re-encoding quality) with sharp. */
export const imageConvert = imageNode({
  name: 'convert',
  type: 'image.convert',
  title: 'Convert image',
  description: 'Re-encodes an image as png, jpeg or webp (`format`, default webp), with `quality` for the lossy formats; strips metadata. JPEG output is flattened onto `background` since it has no transparency.',
  subcategory: 'format',
  tags: ['image', 'convert', 'format', 'webp', 'jpeg', 'png', 'compress'],
  format: 'webp',
  shape: {
    quality: z.number().int().min(1).max(100).default(85).describe('Quality for jpeg and webp (1–100).'),
    background: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#ffffff').describe('Colour under transparent areas when converting to jpeg.'),
  },
  transform({ img, hasAlpha }, p) {
    return { img: p.format === 'jpeg' && hasAlpha ? img.flatten({ background: p.background }) : img, meta: { quality: p.quality } };
  },
});
