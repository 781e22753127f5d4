import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { ffmpeg, probeMedia } from '../../_lib/ffmpeg';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';
import sharp from 'sharp';

const params = z.object({
  video: fileInput('Video to take frames from'),
  count: z.number().int().min(1).max(100).default(4).describe('How many frames, evenly spaced over the video (ignored when `fps` is set).'),
  fps: z.number().positive().max(10).optional().describe('Take frames at this rate instead (at most 100 frames).'),
  width: z.number().int().min(16).max(3840).optional().describe('Scale frames to this width.'),
  format: z.enum(['png', 'jpg']).default('jpg').describe('Image format of the frames.'),
});

/** Still frames from a video, each stored as an image file. */
export const videoExtractFrames: NodeDefinition<typeof params> = {
  type: 'video.extract_frames',
  version: 1,
  category: 'video',
  subcategory: 'frames',
  name: 'Extract frames',
  description: 'Takes still frames from a video — `count` evenly spaced, or at `fps` — as PNG or JPEG files (at most 100). `main` = {frames: [file reference with time_s, width, height], count}.',
  tags: ['video', 'frames', 'stills', 'images', 'storyboard'],
  params,
  inputs: [{ name: 'main', description: 'A video file reference' }],
  outputs: [{ name: 'main', description: '{frames: [{url, mime, size, width, height, time_s}], count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.video, inputs, 'video'), 'video');
      const info = await probeMedia(ctx, path, 'video', 'video');
      const d = info.duration_s ?? 1;
      const rate = p.fps ?? p.count / d;
      const outDir = ws.path('frames');
      await (await import('node:fs/promises')).mkdir(outDir);
      const vf = [`fps=${rate}`, ...(p.width ? [`scale=${p.width}:-2`] : [])].join(',');
      await ffmpeg(ctx, ['-i', path, '-vf', vf, '-frames:v', String(p.fps ? 100 : p.count), ...(p.format === 'jpg' ? ['-q:v', '3'] : []), join(outDir, `f%04d.${p.format}`)], { expectedS: d, stage: 'frames' });
      const files = (await readdir(outDir)).sort();
      const frames = [];
      for (const [i, f] of files.entries()) {
        const m = await sharp(join(outDir, f)).metadata();
        frames.push(await ws.store(join(outDir, f), p.format, { width: m.width, height: m.height, time_s: Math.round(((i + 0.5) / rate) * 1000) / 1000 }, `${ctx.nodeId}-${i + 1}`));
      }
      return { output: { main: { frames, count: frames.length } } };
    });
  },
};
