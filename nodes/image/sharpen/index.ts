import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

export const imageSharpen = imageNode({
  name: 'sharpen',
  type: 'image.sharpen',
  title: 'Sharpen image',
  description: 'Unsharp mask on the lightness channel: `sigma` sets the radius, `amount` how strongly edges are boosted.',
  subcategory: 'filter',
  tags: ['image', 'sharpen', 'detail'],
  shape: {
    sigma: z.number().min(0.3).max(10).default(1).describe('Radius of the mask (Gaussian sigma).'),
    amount: z.number().min(0).max(10).default(2).describe('Sharpening of jagged areas (sharp `m2`).'),
  },
  transform({ img }, p) {
    return { img: img.sharpen({ sigma: p.sigma, m1: 1, m2: p.amount }) };
  },
});
