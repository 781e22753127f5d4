import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import { loadImage } from '../../_lib/render';

const params = z.object({ image: fileInput('Image to inspect') });

/** Facts about an image: dimensions, format, size, alpha, EXIF orientation, colour statistics. */
export const imageMetadata: NodeDefinition<typeof params> = {
  type: 'image.metadata',
  version: 1,
  category: 'image',
  subcategory: 'inspect',
  name: 'Image metadata',
  description: 'Reads an image with sharp and emits its facts: width, height (after EXIF orientation), format, bytes, channels, alpha, density, EXIF orientation, colour space, mean brightness (0–1) and whether it is opaque. No file is written.',
  tags: ['image', 'metadata', 'exif', 'inspect', 'dimensions'],
  params,
  inputs: [{ name: 'main', description: 'An image file reference' }],
  outputs: [{ name: 'main', description: '{width, height, format, bytes, channels, has_alpha, density, orientation, space, brightness, opaque, aspect_ratio}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.image, inputs, 'image'), 'image');
      const { width, height, format, hasAlpha } = await loadImage(path);
      const meta = await sharp(path).metadata();
      const stats = await sharp(path).stats();
      const rgb = stats.channels.slice(0, Math.min(3, stats.channels.length));
      const g = (a: number, b: number): number => (b === 0 ? a : g(b, a % b));
      const d = g(width, height);
      return {
        output: {
          main: {
            width, height, format, bytes: (await stat(path)).size, channels: meta.channels, has_alpha: hasAlpha, density: meta.density ?? null,
            orientation: meta.orientation ?? 1, space: meta.space, brightness: Math.round((rgb.reduce((n, c) => n + c.mean, 0) / rgb.length / 255) * 1000) / 1000,
            opaque: stats.isOpaque, aspect_ratio: `${width / d}:${height / d}`,
          },
        },
      };
    });
  },
};
