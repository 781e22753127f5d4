import { z } from 'zod';
import { avNode } from '../../_lib/av-node';

export const videoThumbnail = avNode({
  type: 'video.thumbnail',
  title: 'Video thumbnail',
  description: 'Grabs one frame as a PNG or JPEG thumbnail at `at` seconds (default: 10 % into the video), scaled to `width`.',
  subcategory: 'frames',
  tags: ['video', 'thumbnail', 'poster', 'frame', 'image'],
  needs: 'video',
  shape: {
    at: z.number().min(0).optional().describe('Time of the frame in seconds; default 10 % of the duration.'),
    width: z.number().int().min(16).max(3840).optional().describe('Thumbnail width (px); the video\'s own width when omitted.'),
    format: z.enum(['png', 'jpg']).default('jpg').describe('Image format.'),
  },
  plan({ info }, p) {
    const d = info.duration_s ?? 0;
    const at = Math.min(p.at ?? d * 0.1, Math.max(0, d - 0.05));
    return { inputArgs: ['-ss', at.toFixed(3)], args: ['-frames:v', '1', ...(p.width ? ['-vf', `scale=${p.width}:-2`] : []), ...(p.format === 'jpg' ? ['-q:v', '3'] : [])], ext: p.format, expectedS: 0, meta: { at } };
  },
});
