import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

export const imageFlip = imageNode({
  name: 'flip',
  type: 'image.flip',
  title: 'Flip image',
  description: 'Mirrors an image horizontally (left↔right), vertically (top↔bottom) or both.',
  subcategory: 'transform',
  tags: ['image', 'flip', 'mirror'],
  shape: { direction: z.enum(['horizontal', 'vertical', 'both']).default('horizontal').describe('Which way to mirror.') },
  transform({ img }, p) {
    let out = img;
    if (p.direction !== 'vertical') out = out.flop();
    if (p.direction !== 'horizontal') out = out.flip();
    return { img: out };
  },
});
