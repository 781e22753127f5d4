import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { contrastRatio, dominantColours, loadImage, luminance } from '../../_lib/render';

const params = z.object({
  image: fileInput('Logo or key visual to take the brand palette from'),
  colours: z.number().int().min(2).max(10).default(5).describe('How many colours to find.'),
});

/** A brand palette with roles, from a logo or key visual. */
export const brandPaletteExtract: NodeDefinition<typeof params> = {
  type: 'brand.palette_extract',
  version: 1,
  category: 'brand',
  subcategory: 'kit',
  name: 'Extract brand palette',
  description: 'Derives a brand palette from a logo or key visual: dominant colours (k-means, transparent pixels ignored) with roles — background (most common light or dark), primary (most common saturated), accent (most distant from primary), text (black or white, whichever contrasts more with the background) — and the WCAG contrast of text on background.',
  tags: ['brand', 'palette', 'colours', 'brand-kit', 'design-system'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [{ name: 'main', description: '{colours, primary, accent, background, text, text_contrast}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const { img } = await loadImage(await ws.input(pickFile(p.image, inputs, 'image'), 'image'));
      const colours = await dominantColours(img, p.colours);
      const sat = (h: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
        return Math.max(r, g, b) - Math.min(r, g, b);
      };
      const neutral = colours.filter((c) => sat(c.hex) < 0.15);
      const vivid = colours.filter((c) => sat(c.hex) >= 0.15);
      const background = (neutral[0] ?? colours[0]!).hex;
      const primary = (vivid[0] ?? colours.find((c) => c.hex !== background) ?? colours[0]!).hex;
      const dist = (a: string, b: string) => [1, 3, 5].reduce((n, i) => n + (parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) ** 2, 0);
      const accent = [...colours].filter((c) => c.hex !== primary && c.hex !== background).sort((a, b) => dist(b.hex, primary) - dist(a.hex, primary))[0]?.hex ?? primary;
      const text = luminance(background) > 0.4 ? '#111111' : '#ffffff';
      return { output: { main: { colours, primary, accent, background, text, text_contrast: contrastRatio(text, background) } } };
    });
  },
};
