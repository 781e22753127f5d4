import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, even, fitFilter, MP4_OUT } from '../../_lib/ffmpeg';

export const videoResize = avNode({
  type: 'video.resize',
  title: 'Resize video',
  description: 'Scales a video to `width`×`height` (even numbers; one may be omitted to keep the aspect ratio) with a fit mode: contain (letterbox in `background`), cover (fill and crop) or stretch.',
  subcategory: 'transform',
  tags: ['video', 'resize', 'scale', 'aspect-ratio'],
  needs: 'video',
  shape: {
    width: z.number().int().min(16).max(3840).optional().describe('Output width (px).'),
    height: z.number().int().min(16).max(3840).optional().describe('Output height (px).'),
    fit: z.enum(['contain', 'cover', 'stretch']).default('contain').describe('How the frame fits the new size.'),
    background: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#000000').describe('Letterbox colour for contain.'),
  },
  plan({ info }, p) {
    const w0 = info.width ?? 640;
    const h0 = info.height ?? 360;
    const w = even(p.width ?? ((p.height ?? h0) * w0) / h0);
    const h = even(p.height ?? ((p.width ?? w0) * h0) / w0);
    return { args: ['-vf', fitFilter(w, h, p.fit, p.background), ...MP4_OUT, ...AAC_OUT], ext: 'mp4' };
  },
});
