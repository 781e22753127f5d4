// The shape shared by the one-image-in, one-image-out nodes (resize, crop, blur, …): each node
// folder declares its params and a sharp transform; this builds the NodeDefinition around it.
import type { Sharp } from 'sharp';
import { z } from 'zod';
import type { NodeContext, NodeDefinition } from '../../src/engine/node-sdk';
import { fileInput, pickFile, withWorkspace, type Workspace } from './media';
import { formatFor, loadImage, outputFormat, storeImage } from './render';

export interface ImageIn {
  img: Sharp;
  width: number;
  height: number;
  format: string;
  hasAlpha: boolean;
}

export function imageNode<S extends z.ZodRawShape>(spec: {
  name: string;
  type: string;
  title: string;
  description: string;
  subcategory: string;
  tags: string[];
  shape: S;
  /** Default output format; transparency-making nodes default to png. */
  format?: 'png' | 'jpeg' | 'webp' | 'same';
  transform(input: ImageIn, p: z.output<z.ZodObject<S>> & { format: 'same' | 'png' | 'jpeg' | 'webp' }, ctx: NodeContext, ws: Workspace): Promise<{ img: Sharp; meta?: Record<string, unknown> }> | { img: Sharp; meta?: Record<string, unknown> };
}) {
  const params = z.object({
    image: fileInput('Image to process'),
    ...spec.shape,
    format: outputFormat(spec.format ?? 'same'),
  });
  const def: NodeDefinition<typeof params> = {
    type: spec.type,
    version: 1,
    category: spec.type.split('.')[0]!,
    subcategory: spec.subcategory,
    name: spec.title,
    description: `${spec.description} Emits \`main\` = a file reference {url, mime, size, width, height, format}.`,
    tags: spec.tags,
    params,
    inputs: [{ name: 'main', description: 'An image file reference (or set `image`)' }],
    outputs: [{ name: 'main', description: '{url, mime, size, width, height, format}' }],
    execution: 'activity',
    defaults: { maxAttempts: 3, timeoutS: 120 },
    async execute(ctx, { params, inputs }) {
      const p = params as { image?: string | { url: string }; format: 'same' | 'png' | 'jpeg' | 'webp' };
      return withWorkspace(ctx, async (ws) => {
        const input = await loadImage(await ws.input(pickFile(p.image, inputs, 'image'), 'image'));
        const { img, meta } = await spec.transform(input, params as unknown as z.output<z.ZodObject<S>> & { format: 'same' | 'png' | 'jpeg' | 'webp' }, ctx, ws);
        return { output: { main: await storeImage(ws, img, formatFor(p.format, input.format), meta, typeof meta?.quality === 'number' ? meta.quality : 90) } };
      });
    },
  };
  return def;
}
