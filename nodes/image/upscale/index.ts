import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { imageNode } from '../../_lib/image-node';

/** Upscaling by Lanczos resampling plus a light unsharp mask (no ML super-resolution here). */
export const imageUpscale = imageNode({
  name: 'upscale',
  type: 'image.upscale',
  title: 'Upscale image',
  description: 'Enlarges an image 2×, 3× or 4× with Lanczos-3 resampling followed by a light unsharp mask to restore edge contrast (classical resampling, not ML super-resolution). The result is capped at 8192 px per side.',
  subcategory: 'resize',
  tags: ['image', 'upscale', 'enlarge', 'resolution'],
  shape: {
    factor: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(2).describe('Scale factor: 2, 3 or 4.'),
    sharpen: z.boolean().default(true).describe('Apply the unsharp mask after resampling.'),
  },
  transform({ img, width, height }, p) {
    if (width * p.factor > 8192 || height * p.factor > 8192) throw new NodeError(`upscaled size ${width * p.factor}×${height * p.factor} exceeds 8192 px`, { type: 'invalid_params' });
    let out = img.resize(width * p.factor, height * p.factor, { kernel: 'lanczos3' });
    if (p.sharpen) out = out.sharpen({ sigma: 0.8 });
    return { img: out, meta: { factor: p.factor } };
  },
});
