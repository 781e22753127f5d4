import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { dominantColours, loadImage, renderSvg, storeImage } from '../../_lib/render';
import sharp from 'sharp';

const params = z.object({
  image: fileInput('Image to take colours from'),
  colours: z.number().int().min(1).max(16).default(5).describe('How many dominant colours.'),
  swatch: z.boolean().default(true).describe('Also render a PNG swatch strip (each colour\'s width proportional to its share).'),
});

/** Dominant colours by k-means, with an optional swatch image. */
export const imagePalette: NodeDefinition<typeof params> = {
  type: 'image.palette',
  version: 1,
  category: 'image',
  subcategory: 'inspect',
  name: 'Colour palette',
  description: 'Finds the dominant colours of an image (k-means over a 64 px thumbnail, transparent pixels ignored), ordered by share of pixels; optionally renders a swatch PNG. `main` = {colours: [{hex, share}], swatch}.',
  tags: ['image', 'palette', 'colors', 'colours', 'design'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [{ name: 'main', description: '{colours: [{hex, share}], swatch: file reference | null}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const { img } = await loadImage(await ws.input(pickFile(p.image, inputs, 'image'), 'image'));
      const colours = await dominantColours(img, p.colours);
      let swatch = null;
      if (p.swatch && colours.length) {
        const W = 400;
        let x = 0;
        const rects = colours.map((c, i) => {
          const w = i === colours.length - 1 ? W - x : Math.round(c.share * W);
          const r = `<rect x="${x}" y="0" width="${w}" height="80" fill="${c.hex}"/>`;
          x += w;
          return r;
        });
        swatch = await storeImage(ws, sharp(await renderSvg(W, 80, rects.join(''))), 'png');
      }
      return { output: { main: { colours, swatch } } };
    });
  },
};
