import { stat } from 'node:fs/promises';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { z } from 'zod';
import { probeMedia } from '../../_lib/ffmpeg';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';

const params = z.object({ media: fileInput('Video or audio file to inspect') });

export const videoProbe: NodeDefinition<typeof params> = {
  type: 'video.probe',
  version: 1,
  category: 'video',
  subcategory: 'inspect',
  name: 'Probe media',
  description: 'Reads a video (or audio) file with ffprobe: duration, container, dimensions, codecs, frame rate, sample rate, channels, bit rate and bytes. No file is written.',
  tags: ['video', 'probe', 'ffprobe', 'metadata', 'inspect'],
  params,
  inputs: [{ name: 'main', description: 'A media file reference' }],
  outputs: [{ name: 'main', description: '{duration_s, format, width, height, video_codec, fps, audio_codec, sample_rate, channels, has_audio, has_video, bit_rate, bytes}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.media, inputs, 'media'), 'media');
      const info = await probeMedia(ctx, path, 'any', 'media');
      return { output: { main: { ...info, bytes: (await stat(path)).size } } };
    });
  },
};
