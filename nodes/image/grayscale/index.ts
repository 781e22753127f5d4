import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

export const imageGrayscale = imageNode({
  name: 'grayscale',
  type: 'image.grayscale',
  title: 'Greyscale image',
  description: 'Converts to greyscale; `tint` colours it instead (duotone-like sepia or brand tint).',
  subcategory: 'filter',
  tags: ['image', 'grayscale', 'greyscale', 'black-and-white', 'sepia'],
  shape: { tint: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Optional tint colour, e.g. #704214 for sepia.') },
  transform({ img }, p) {
    return { img: p.tint ? img.grayscale().tint(p.tint.startsWith('#') ? p.tint : `#${p.tint}`) : img.grayscale() };
  },
});
