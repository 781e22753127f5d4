import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';
import { svgDoc } from '../../_lib/render';

export const imageRoundCorners = imageNode({
  name: 'round_corners',
  type: 'image.round_corners',
  title: 'Round corners',
  description: 'Rounds the corners with a transparent mask of `radius` (px, or a fraction of the shorter side when ≤ 0.5); `circle` crops to a circle (avatars). Output is PNG with alpha.',
  subcategory: 'transform',
  tags: ['image', 'rounded', 'avatar', 'mask', 'circle'],
  format: 'png',
  shape: {
    radius: z.number().min(0).max(4096).default(0.1).describe('Corner radius in px, or a fraction of the shorter side when ≤ 0.5.'),
    circle: z.boolean().default(false).describe('Crop to a centred circle instead.'),
  },
  async transform({ img, width, height }, p) {
    const side = Math.min(width, height);
    const mask = p.circle
      ? svgDoc(width, height, `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 2}" fill="#fff"/>`)
      : svgDoc(width, height, `<rect width="${width}" height="${height}" rx="${p.radius <= 0.5 ? side * p.radius : p.radius}" fill="#fff"/>`);
    let out = sharp(await img.ensureAlpha().png().toBuffer()).composite([{ input: mask, blend: 'dest-in' }]);
    if (p.circle) out = sharp(await out.png().toBuffer()).extract({ left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2), width: side, height: side });
    return { img: out };
  },
});
