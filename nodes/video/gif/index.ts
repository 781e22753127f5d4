import { z } from 'zod';
import { avNode } from '../../_lib/av-node';

export const videoGif = avNode({
  type: 'video.gif',
  title: 'Video to GIF',
  description: 'Turns a stretch of video into an animated GIF with a generated palette (palettegen/paletteuse, Bayer dithering): `start`, `duration`, `fps`, `width`.',
  subcategory: 'convert',
  tags: ['video', 'gif', 'animation', 'convert'],
  needs: 'video',
  shape: {
    start: z.number().min(0).default(0).describe('Start time in seconds.'),
    duration: z.number().positive().max(30).default(3).describe('Length in seconds (≤ 30).'),
    fps: z.number().int().min(1).max(30).default(10).describe('Frames per second.'),
    width: z.number().int().min(16).max(1280).default(320).describe('Width in px (height keeps the aspect).'),
  },
  plan(_input, p) {
    return {
      inputArgs: ['-ss', String(p.start), '-t', String(p.duration)],
      args: ['-filter_complex', `fps=${p.fps},scale=${p.width}:-2:flags=lanczos,split[a][b];[a]palettegen=max_colors=128[pal];[b][pal]paletteuse=dither=bayer`, '-loop', '0'],
      ext: 'gif',
      expectedS: p.duration,
    };
  },
});
