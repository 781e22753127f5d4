import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

export const imageBlur = imageNode({
  name: 'blur',
  type: 'image.blur',
  title: 'Blur image',
  description: 'Gaussian blur with standard deviation `sigma` (px); `pixelate` instead shrinks and re-enlarges into blocks of that size (for hiding faces or plates).',
  subcategory: 'filter',
  tags: ['image', 'blur', 'pixelate', 'privacy'],
  shape: {
    sigma: z.number().min(0.3).max(100).default(4).describe('Blur strength (Gaussian sigma in px) or pixel block size.'),
    pixelate: z.boolean().default(false).describe('Pixelate instead of blurring.'),
  },
  async transform({ img, width, height }, p) {
    if (!p.pixelate) return { img: img.blur(p.sigma) };
    const block = Math.max(2, Math.round(p.sigma));
    const small = await img.resize(Math.max(1, Math.round(width / block)), Math.max(1, Math.round(height / block))).toBuffer();
    const sharp = (await import('sharp')).default;
    return { img: sharp(small).resize(width, height, { kernel: 'nearest' }) };
  },
});
