import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { generateImage, grid } from '../../_lib/compose';
import { pickText, withWorkspace } from '../../_lib/media';
import { dominantColours, hexColour, storeImage } from '../../_lib/render';
import sharp from 'sharp';

const params = z.object({
  theme: z.string().max(500).optional().describe('Theme of the board; when omitted, the text arriving on the input.'),
  facets: z.array(z.string().min(1).max(100)).min(2).max(9).default(['texture', 'colour palette', 'lighting', 'setting']).describe('One generated tile per facet ("<theme>, <facet>").'),
  tile: z.number().int().min(64).max(768).default(256).describe('Tile size (px).'),
  background: hexColour('Board background.', '#f5f5f4'),
  model: z.string().min(1).default('atelier-image-v1').describe('Image model.'),
});

export const creativeAiMoodboard: NodeDefinition<typeof params> = {
  type: 'creative_ai.moodboard',
  version: 1,
  category: 'creative_ai',
  subcategory: 'ideation',
  name: 'Moodboard',
  description: 'Generates one image per facet of a theme with the image provider (charged per image), lays them out as a board with a swatch row of the board\'s dominant colours, and returns the board, the tiles and the palette.',
  tags: ['creative-ai', 'moodboard', 'ideation', 'design', 'image-generation'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{board, tiles, palette: [{hex, share}]}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const theme = pickText(p.theme, inputs, 'theme');
    return withWorkspace(ctx, async (ws) => {
      const images: Buffer[] = [];
      for (const [i, facet] of p.facets.entries()) {
        images.push(await generateImage(ctx, 'creative_ai.moodboard', { prompt: `${theme}, ${facet}`, width: p.tile, height: p.tile, model: p.model }));
        ctx.heartbeat({ stage: 'tiles', progress: (i + 1) / p.facets.length });
      }
      const cols = Math.ceil(Math.sqrt(images.length));
      const board = sharp(await (await grid(images, { columns: cols, cell: p.tile, gap: Math.round(p.tile / 16), background: p.background })).png().toBuffer());
      const palette = await dominantColours(board.clone(), 5);
      const meta = await board.metadata();
      const sw = Math.round(p.tile / 3);
      const strip = await sharp({ create: { width: meta.width!, height: sw, channels: 4, background: p.background } })
        .composite(palette.map((c, i) => ({ input: { create: { width: sw, height: sw, channels: 4 as const, background: c.hex } }, left: Math.round(p.tile / 16) + i * (sw + 8), top: 0 })))
        .png().toBuffer();
      const full = sharp({ create: { width: meta.width!, height: meta.height! + sw + Math.round(p.tile / 16), channels: 4, background: p.background } })
        .composite([{ input: await board.png().toBuffer(), left: 0, top: 0 }, { input: strip, left: 0, top: meta.height! }]);
      const tiles = [];
      for (const [i, img] of images.entries()) tiles.push(await ws.store(img, 'png', { facet: p.facets[i] }, `${ctx.nodeId}-tile-${i + 1}`));
      return { output: { main: { board: await storeImage(ws, full, 'png'), tiles, palette, theme } } };
    });
  },
};
