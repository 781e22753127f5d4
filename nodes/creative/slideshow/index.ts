import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { slidesToVideo } from '../../_lib/compose';
import { probeMedia } from '../../_lib/ffmpeg';
import { fileInput, filesInput, pickFiles, withWorkspace } from '../../_lib/media';
import { loadImage } from '../../_lib/render';

const params = z.object({
  images: filesInput('Images, one per slide'),
  seconds: z.number().min(0.5).max(30).default(3).describe('Seconds per slide (ignored with `fit_audio`).'),
  audio: fileInput('Optional soundtrack or narration'),
  fit_audio: z.boolean().default(false).describe('Spread the slides evenly over the audio\'s length instead of `seconds` each.'),
  width: z.number().int().min(64).max(3840).default(1080).describe('Video width (px).'),
  height: z.number().int().min(64).max(3840).default(1920).describe('Video height (px); 1080×1920 is vertical 9:16.'),
  motion: z.boolean().default(false).describe('A slow push-in on every slide (Ken Burns); slower to render.'),
});

export const creativeSlideshow: NodeDefinition<typeof params> = {
  type: 'creative.slideshow',
  version: 1,
  category: 'creative',
  subcategory: 'video',
  name: 'Slideshow video',
  description: 'Turns images into an H.264 MP4 slideshow: each image letterboxed to the frame for `seconds` (or spread over the audio with `fit_audio`), optional slow push-in, optional soundtrack.',
  tags: ['creative', 'slideshow', 'video', 'photos', 'montage'],
  params,
  inputs: [{ name: 'main', description: 'Image file references (all inputs)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, slides}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const refs = pickFiles(p.images, inputs, 'images', 1).filter((r) => r !== p.audio);
    return withWorkspace(ctx, async (ws) => {
      const audio = p.audio ? await ws.input(p.audio, 'audio') : undefined;
      const audioS = audio ? (await probeMedia(ctx, audio, 'audio', 'audio')).duration_s ?? 0 : 0;
      const per = p.fit_audio && audioS > 0 ? audioS / refs.length : p.seconds;
      const slides = [];
      for (const r of refs) {
        const path = await ws.input(r, 'image');
        await loadImage(path);
        slides.push({ path, seconds: per });
      }
      const out = await slidesToVideo(ctx, ws, slides, { width: p.width, height: p.height, audio, motion: p.motion });
      return { output: { main: await storeMedia(ctx, ws, out, 'mp4', { slides: slides.length }) } };
    });
  },
};
