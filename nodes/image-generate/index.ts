import { z } from 'zod';
import { NodeError } from '../../src/engine/node-error';
import { nodePriceMicros } from '../../src/engine/node-prices';
import { nodeServices } from '../../src/engine/services';
import type { NodeDefinition } from '../../src/engine/types';

const side = z.number().int().min(64).max(2048);
const params = z.object({
  model: z.string().min(1).default('atelier-local'),
  prompt: z.string().min(1),
  width: side.default(512),
  height: side.default(512),
});

/** Seven days: long enough for a client to fetch a run's artefacts. */
const URL_TTL_S = 7 * 24 * 3600;

/** One image through the provider layer, stored as a blob and returned as a signed URL. */
export const imageGenerate: NodeDefinition<typeof params> = {
  type: 'image.generate',
  version: 1,
  category: 'image',
  name: 'Generate image',
  description: 'Renders `prompt` with `model` through the provider layer (the local provider renders a real PNG), stores it and emits `main` = {url, width, height, model} with a signed URL valid 7 days. Charged $0.02 per image before the provider is called.',
  tags: ['ai', 'image', 'generation'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, width, height, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    const { providers, blobs } = nodeServices(ctx);
    if (!providers?.image) throw new NodeError('No image provider is configured', { type: 'provider_unavailable', retryable: false });
    if (!blobs) throw new NodeError('No blob store is configured', { type: 'blobs_unavailable', retryable: false });
    await ctx.charge(nodePriceMicros('image.generate', p.model), `image.generate:${p.model}`);
    const image = await providers.image({ model: p.model, prompt: p.prompt, width: p.width, height: p.height, signal: ctx.signal });
    const ext = image.mime === 'image/png' ? 'png' : image.mime === 'image/jpeg' ? 'jpg' : image.mime === 'image/webp' ? 'webp' : 'bin';
    const key = blobs.newKey(ctx.accountId, `runs/${ctx.runId}`, `${ctx.nodeId}.${ext}`);
    await blobs.put(key, image.data);
    const { url } = blobs.signedUrl(key, URL_TTL_S);
    return { output: { main: { url, width: p.width, height: p.height, model: p.model } } };
  },
};
