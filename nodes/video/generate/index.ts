import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { operationPriceMicros, providerError, providersOf } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { withWorkspace } from '../../_lib/media';
import { writeFile } from 'node:fs/promises';

const params = z.object({
  prompt: z.string().min(1).max(4000).describe('What the clip shows.'),
  seconds: z.number().int().min(1).max(10).default(3).describe('Clip length in seconds (1–10).'),
  width: z.number().int().min(64).max(1920).default(640).describe('Frame width (px, even).'),
  height: z.number().int().min(64).max(1920).default(360).describe('Frame height (px, even).'),
  model: z.string().min(1).default('atelier-video-v1').describe('Video model; `atelier-video-v1` is the offline provider (an ffmpeg-rendered animated gradient with the prompt as a title).'),
});

/** A clip from the video provider, charged per second at the published video price. */
export const videoGenerate: NodeDefinition<typeof params> = {
  type: 'video.generate',
  version: 1,
  category: 'video',
  subcategory: 'generate',
  name: 'Generate video',
  description: 'Generates a clip from a prompt through the video provider (offline: an ffmpeg-rendered H.264 animated gradient whose colours come from the prompt, with the prompt drawn on it), charged per second at the published video price before the provider is called. Emits a file reference with its ffprobe facts.',
  tags: ['ai', 'video', 'generation', 'text-to-video'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, video_codec, model}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 600, heartbeatS: 30 },
  async execute(ctx, { params: p }) {
    const providers = providersOf(ctx);
    if (typeof providers.video !== 'function') throw new NodeError('No video provider is configured', { type: 'provider_unavailable' });
    await ctx.charge(operationPriceMicros('video', p.model, { generation: p.seconds }), `video.generate:${p.model}`);
    ctx.heartbeat({ stage: 'generate', progress: 0 });
    let clip;
    try {
      clip = await providers.video({ model: p.model, prompt: p.prompt, seconds: p.seconds, width: p.width, height: p.height, signal: ctx.signal });
    } catch (err) {
      throw providerError('video', err);
    }
    return withWorkspace(ctx, async (ws) => {
      const path = ws.path('clip.mp4');
      await writeFile(path, clip.data);
      return { output: { main: await storeMedia(ctx, ws, path, 'mp4', { model: p.model, prompt: p.prompt }) } };
    });
  },
};
