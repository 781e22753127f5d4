import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { rgbOf } from '../../_lib/render';

/**
 * A colour-key matte: pixels close to the background colour (the median of the border pixels, or
 * `key_colour`) become transparent, with a soft ramp between `tolerance` and `tolerance + softness`.
 * It works for product shots and graphics on plain backgrounds — not for busy photos.
 */
export const imageRemoveBackground = imageNode({
  name: 'remove_background',
  type: 'image.remove_background',
  title: 'Remove background',
  description: 'Makes the background transparent with a colour-key matte: the key is `key_colour` or, by default, the median colour of the border pixels; pixels within `tolerance` (RGB distance) of it become transparent, with a `softness` ramp for smooth edges. Suits plain or studio backgrounds (product shots, logos, screenshots), not busy photos. Output is PNG with alpha plus `transparent_share`.',
  subcategory: 'matte',
  tags: ['image', 'background-removal', 'transparent', 'cutout', 'chroma-key'],
  format: 'png',
  shape: {
    key_colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).optional().describe('Background colour to key out; default: the median colour of the image border.'),
    tolerance: z.number().min(0).max(441).default(40).describe('RGB distance under which a pixel is background.'),
    softness: z.number().min(0).max(200).default(50).describe('Width of the partial-transparency ramp beyond the tolerance.'),
  },
  async transform({ img }, p) {
    const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    let key: number[];
    if (p.key_colour) key = rgbOf(p.key_colour);
    else {
      const border: number[][] = [[], [], []];
      const sample = (x: number, y: number) => {
        const i = (y * width + x) * channels;
        for (let c = 0; c < 3; c++) border[c]!.push(data[i + c]!);
      };
      for (let x = 0; x < width; x++) [0, height - 1].forEach((y) => sample(x, y));
      for (let y = 0; y < height; y++) [0, width - 1].forEach((x) => sample(x, y));
      key = border.map((v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0);
    }
    let cleared = 0;
    for (let i = 0; i < width * height; i++) {
      const o = i * channels;
      const d = Math.hypot(data[o]! - key[0]!, data[o + 1]! - key[1]!, data[o + 2]! - key[2]!);
      const keep = d <= p.tolerance ? 0 : p.softness === 0 || d >= p.tolerance + p.softness ? 1 : (d - p.tolerance) / p.softness;
      data[o + 3] = Math.round(data[o + 3]! * keep);
      if (keep === 0) cleared++;
    }
    const hexKey = `#${key.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    return { img: sharp(data, { raw: { width, height, channels } }), meta: { key_colour: hexKey, transparent_share: Math.round((cleared / (width * height)) * 1000) / 1000 } };
  },
});
