import sharp from 'sharp';
import { z } from 'zod';
import { imageNode } from '../../_lib/image-node';

const Layer = z.object({
  image: z.union([z.string().min(1), z.object({ url: z.string().min(1) }).loose()]).describe('Layer image: file reference or URL.'),
  left: z.number().int().default(0).describe('Left offset in px (may be negative).'),
  top: z.number().int().default(0).describe('Top offset in px (may be negative).'),
  width: z.number().int().min(1).max(8192).optional().describe('Scale the layer to this width (keeps aspect).'),
  opacity: z.number().min(0).max(1).default(1).describe('Layer opacity.'),
  blend: z.enum(['over', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'difference']).default('over').describe('Blend mode.'),
});

/** Layers images over a base image. */
export const imageCompose = imageNode({
  name: 'compose',
  type: 'image.compose',
  title: 'Compose images',
  description: 'Layers images over the base image, in order: each at `left`,`top`, optionally scaled to `width`, with `opacity` and a blend mode (over, multiply, screen, overlay, darken, lighten, difference). Layers are clipped to the canvas.',
  subcategory: 'compose',
  tags: ['image', 'compose', 'layers', 'overlay', 'composite'],
  shape: { layers: z.array(Layer).min(1).max(20).describe('Layers drawn over the base image, bottom first.') },
  async transform({ img, width, height }, p, _ctx, ws) {
    const composites = [];
    for (const layer of p.layers) {
      let l = sharp(await ws.read(layer.image, 'layer')).ensureAlpha();
      if (layer.width) l = l.resize({ width: layer.width });
      let buf = await l.png().toBuffer();
      if (layer.opacity < 1) buf = await sharp(buf).composite([{ input: Buffer.from([255, 255, 255, Math.round(255 * layer.opacity)]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }]).png().toBuffer();
      // Clip to the canvas: sharp refuses layers that extend beyond it.
      const m = await sharp(buf).metadata();
      const x0 = Math.max(0, -layer.left);
      const y0 = Math.max(0, -layer.top);
      const w = Math.min(m.width! - x0, width - Math.max(0, layer.left));
      const h = Math.min(m.height! - y0, height - Math.max(0, layer.top));
      if (w <= 0 || h <= 0) continue;
      buf = await sharp(buf).extract({ left: x0, top: y0, width: w, height: h }).png().toBuffer();
      composites.push({ input: buf, left: Math.max(0, layer.left), top: Math.max(0, layer.top), blend: layer.blend });
    }
    return { img: sharp(await img.toBuffer()).composite(composites), meta: { layers: composites.length } };
  },
});
