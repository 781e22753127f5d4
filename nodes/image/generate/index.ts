import { z } from 'zod';
import { chargeOperation, DEFAULT_MODELS, type NodeDefinition, NodeError, operation, UnsupportedModelError } from '../../../src/engine/node-sdk';

const side = z.number().int().min(64).max(2048);
const params = z.object({
  model: z.string().min(1).default(DEFAULT_MODELS.image).describe('Image model id from the price table'),
  prompt: z.string().min(1).describe('What to draw'),
  width: side.default(512).describe('Width in pixels'),
  height: side.default(512).describe('Height in pixels'),
});

/** Seven days: long enough for a client to fetch a run's artefacts. */
const URL_TTL_S = 7 * 24 * 3600;

/** `atelier-local` was this node's default before it priced from the table; it names the local image model. */
const modelOf = (model: string) => (model === 'atelier-local' ? DEFAULT_MODELS.image : model);

/** One image through the provider layer, stored as a blob and returned as a signed URL. */
export const imageGenerate: NodeDefinition<typeof params> = {
  type: 'image.generate',
  version: 1,
  category: 'image',
  name: 'Generate image',
  description: `Renders \`prompt\` with \`model\` (\`${DEFAULT_MODELS.image}\`, the local provider's real PNG, by default) through the provider layer, stores it and emits \`main\` = {url, width, height, model} with a signed URL valid 7 days. Charged the published per-image price of the model (GET /v1/pricing, the same as POST /v1/ai/generate/image) before the provider is called.`,
  tags: ['ai', 'image', 'generation'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, width, height, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    const { providers, blobs } = ctx;
    if (!providers?.image) throw new NodeError('No image provider is configured', { type: 'provider_unavailable', retryable: false });
    if (!blobs) throw new NodeError('No blob store is configured', { type: 'blobs_unavailable', retryable: false });
    let op;
    try {
      op = operation('image', modelOf(p.model));
    } catch (err) {
      if (err instanceof UnsupportedModelError) throw new NodeError(err.message, { type: 'invalid_params', retryable: false });
      throw err;
    }
    await chargeOperation(ctx, op, `image.generate:${op.model}`);
    const image = await providers.image({ model: op.model, prompt: p.prompt, width: p.width, height: p.height, signal: ctx.signal });
    const ext = image.mime === 'image/png' ? 'png' : image.mime === 'image/jpeg' ? 'jpg' : image.mime === 'image/webp' ? 'webp' : 'bin';
    const key = blobs.newKey(ctx.accountId, `runs/${ctx.runId}`, `${ctx.nodeId}.${ext}`);
    await blobs.put(key, image.data);
    const { url } = blobs.signedUrl(key, URL_TTL_S);
    return { output: { main: { url, width: p.width, height: p.height, model: op.model } } };
  },
};
