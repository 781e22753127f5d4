import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { deltaE, dominantColours, hex, loadImage } from '../../_lib/render';

const params = z.object({
  image: fileInput('Creative to check'),
  brand_colours: z.array(z.string().regex(/^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)).min(1).max(20).describe('The brand palette (hex).'),
  neutrals_allowed: z.boolean().default(true).describe('Count white, black and greys as on-brand.'),
  tolerance: z.number().min(1).max(50).default(12).describe('Largest colour difference (CIE76 ΔE) still counted as a brand colour.'),
  min_on_brand: z.number().min(0).max(1).default(0.8).describe('Share of the image that must be on-brand to pass.'),
});

/** How much of a creative uses the brand palette; routes to `pass` or `fail`. */
export const brandColoursCheck: NodeDefinition<typeof params> = {
  type: 'brand.colours_check',
  version: 1,
  category: 'brand',
  subcategory: 'compliance',
  name: 'Brand colours check',
  description: 'Checks a creative against the brand palette: its dominant colours (k-means, 8 clusters) are matched to the nearest brand colour by CIE76 ΔE; the share of the image within `tolerance` (plus neutrals when allowed) must reach `min_on_brand`. Emits `main` with the off-brand colours, and `pass` or `fail`.',
  tags: ['brand', 'compliance', 'colours', 'qa', 'brand-kit'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [
    { name: 'main', description: '{passed, on_brand_share, colours: [{hex, share, nearest, delta_e, on_brand}], off_brand}' },
    { name: 'pass', description: 'Emitted when the creative passes' },
    { name: 'fail', description: 'Emitted when it does not' },
  ],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const { img } = await loadImage(await ws.input(pickFile(p.image, inputs, 'image'), 'image'));
      const brand = p.brand_colours.map(hex);
      const isNeutral = (c: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
        return Math.max(r!, g!, b!) - Math.min(r!, g!, b!) < 20;
      };
      const colours = (await dominantColours(img, 8)).map((c) => {
        const nearest = brand.map((b) => ({ b, d: deltaE(c.hex, b) })).sort((x, y) => x.d - y.d)[0]!;
        const onBrand = nearest.d <= p.tolerance || (p.neutrals_allowed && isNeutral(c.hex));
        return { ...c, nearest: nearest.b, delta_e: nearest.d, on_brand: onBrand };
      });
      const share = Math.round(colours.filter((c) => c.on_brand).reduce((n, c) => n + c.share, 0) * 1000) / 1000;
      const passed = share >= p.min_on_brand;
      const main = { passed, on_brand_share: share, colours, off_brand: colours.filter((c) => !c.on_brand).map((c) => c.hex) };
      return { output: { main, [passed ? 'pass' : 'fail']: main } };
    });
  },
};
