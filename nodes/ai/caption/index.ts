import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { operationPriceMicros, providersOf } from '../../_lib/ai';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { dominantColours, loadImage, rgbOf } from '../../_lib/render';

const params = z.object({
  image: fileInput('Image to describe'),
  read_text: z.boolean().default(true).describe('Also read text in the image with the OCR provider (charged at the OCR price) and quote it in the caption.'),
});

const NAMED: [string, [number, number, number]][] = [
  ['black', [0, 0, 0]], ['white', [255, 255, 255]], ['grey', [128, 128, 128]], ['red', [200, 30, 30]], ['orange', [240, 140, 30]],
  ['yellow', [240, 220, 40]], ['green', [40, 160, 60]], ['teal', [0, 128, 128]], ['blue', [40, 80, 200]], ['navy', [20, 30, 90]],
  ['purple', [120, 50, 160]], ['pink', [240, 130, 180]], ['brown', [120, 70, 30]], ['beige', [225, 205, 165]], ['light blue', [140, 190, 240]],
];

export function colourName(hexColour: string): string {
  const [r, g, b] = rgbOf(hexColour);
  return NAMED.map(([n, [x, y, z]]) => ({ n, d: (r - x) ** 2 + (g - y) ** 2 + (b - z) ** 2 })).sort((a, c) => a.d - c.d)[0]!.n;
}

/**
 * A factual caption from what can be measured offline — shape, brightness, dominant colours and
 * any text in the image. There is no vision-language model in this deployment; the node says so
 * in its output (`method: analysis`).
 */
export const aiCaption: NodeDefinition<typeof params> = {
  type: 'ai.caption',
  version: 1,
  category: 'ai',
  subcategory: 'vision',
  name: 'Caption image',
  description: 'Describes an image from measurable facts: orientation, size, brightness, its dominant colours (k-means) and — with `read_text` — the text in it via the OCR provider (charged at the OCR price). `main` = {caption, alt_text, colours, brightness, orientation, text, method: "analysis"}; no vision-language model is involved.',
  tags: ['ai', 'vision', 'caption', 'alt-text', 'accessibility'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [{ name: 'main', description: '{caption, alt_text, colours, brightness, orientation, width, height, text}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.image, inputs, 'image'), 'image');
      const { img, width, height } = await loadImage(path);
      const stats = await img.clone().stats();
      const brightness = Math.round((stats.channels.slice(0, 3).reduce((n: number, c: { mean: number }) => n + c.mean, 0) / Math.min(3, stats.channels.length) / 255) * 1000) / 1000;
      const colours = (await dominantColours(img, 4)).map((c) => ({ ...c, name: colourName(c.hex) }));
      const orientation = width > height * 1.1 ? 'landscape' : height > width * 1.1 ? 'portrait' : 'square';
      let text = '';
      const providers = providersOf(ctx);
      if (p.read_text && typeof providers.ocr === 'function') {
        await ctx.charge(operationPriceMicros('ocr', undefined), 'ai.caption:ocr');
        text = (await providers.ocr({ image: await readFile(path), signal: ctx.signal })).text.replace(/\s+/g, ' ').trim();
      }
      const names = [...new Set(colours.filter((c) => c.share >= 0.1).map((c) => c.name))];
      const tone = brightness < 0.3 ? 'dark' : brightness > 0.7 ? 'bright' : 'mid-toned';
      const palette = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'mixed');
      const caption = `A ${tone} ${orientation} image (${width}×${height}) in mostly ${palette}${text ? ` with the text "${text.slice(0, 120)}"` : ''}.`;
      return {
        output: { main: { caption, alt_text: caption.replace(/ \(\d+×\d+\)/, ''), colours, brightness, orientation, width, height, text, method: 'analysis' } },
      };
    });
  },
};
