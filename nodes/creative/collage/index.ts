import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { grid } from '../../_lib/compose';
import { filesInput, pickFiles, withWorkspace } from '../../_lib/media';
import { hexColour, storeImage } from '../../_lib/render';

const params = z.object({
  images: filesInput('Images to arrange'),
  columns: z.number().int().min(1).max(10).default(2).describe('Images per row.'),
  cell: z.number().int().min(32).max(2048).default(400).describe('Cell width (px); cells are cover-cropped.'),
  cell_height: z.number().int().min(32).max(2048).optional().describe('Cell height (px); square cells when omitted.'),
  gap: z.number().int().min(0).max(200).default(12).describe('Space between and around cells (px).'),
  background: hexColour('Background colour.', '#ffffff'),
  format: z.enum(['png', 'jpeg', 'webp']).default('jpeg').describe('Output format.'),
});

export const creativeCollage: NodeDefinition<typeof params> = {
  type: 'creative.collage',
  version: 1,
  category: 'creative',
  subcategory: 'layout',
  name: 'Collage',
  description: 'Arranges images in a grid of `columns`, each cover-cropped to `cell`×`cell_height`, with `gap` spacing on a background colour.',
  tags: ['creative', 'collage', 'grid', 'layout', 'image'],
  params,
  inputs: [{ name: 'main', description: 'Image file references (all inputs)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, width, height, format, images}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    const refs = pickFiles(p.images, inputs, 'images', 2);
    return withWorkspace(ctx, async (ws) => {
      const images = await Promise.all(refs.map((r) => ws.read(r, 'image')));
      const img = await grid(images, { columns: p.columns, cell: p.cell, cellHeight: p.cell_height, gap: p.gap, background: p.background });
      return { output: { main: await storeImage(ws, img, p.format, { images: images.length }) } };
    });
  },
};
