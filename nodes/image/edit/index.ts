import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

/** Brightness, saturation, hue, contrast and gamma adjustments with sharp. */
export const imageEdit = imageNode({
  name: 'edit',
  type: 'image.edit',
  title: 'Adjust image',
  description: 'Adjusts brightness, saturation and contrast (multipliers, 1 = unchanged), rotates hue (degrees) and applies gamma, with sharp.',
  subcategory: 'adjust',
  tags: ['image', 'edit', 'brightness', 'contrast', 'saturation', 'color'],
  shape: {
    brightness: z.number().min(0).max(4).default(1).describe('Brightness multiplier (1 = unchanged, 1.2 = 20 % brighter).'),
    saturation: z.number().min(0).max(4).default(1).describe('Saturation multiplier (0 = greyscale).'),
    hue: z.number().min(-360).max(360).default(0).describe('Hue rotation in degrees.'),
    contrast: z.number().min(0).max(4).default(1).describe('Contrast multiplier around mid-grey.'),
    gamma: z.number().min(1).max(3).default(1).optional().describe('Gamma correction (1–3); omitted = none.'),
  },
  transform({ img }, p) {
    let out = img.modulate({ brightness: p.brightness, saturation: p.saturation, hue: Math.round(p.hue) });
    if (p.contrast !== 1) out = out.linear(p.contrast, 128 * (1 - p.contrast));
    if (p.gamma && p.gamma !== 1) out = out.gamma(p.gamma);
    return { img: out };
  },
});
