import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, even, MP4_OUT } from '../../_lib/ffmpeg';

/** 9:16 for Shorts, Reels and TikTok: a crop window, or the whole frame over a blurred fill. */
export const videoCropVertical = avNode({
  type: 'video.crop_vertical',
  title: 'Crop to vertical 9:16',
  description: 'Makes a 9:16 vertical video of `height` px: `crop` cuts a 9:16 window at `position` (0 = left edge, 0.5 = centre, 1 = right edge); `blur_fill` keeps the whole frame centred over a blurred, zoomed copy of itself.',
  subcategory: 'social-format',
  tags: ['video', 'vertical', '9:16', 'shorts', 'reels', 'tiktok', 'crop'],
  needs: 'video',
  shape: {
    height: z.number().int().min(64).max(3840).default(1920).describe('Output height; width is 9/16 of it.'),
    mode: z.enum(['crop', 'blur_fill']).default('crop').describe('crop: cut a 9:16 window; blur_fill: whole frame over a blurred background.'),
    position: z.number().min(0).max(1).default(0.5).describe('Horizontal position of the crop window (0 left … 1 right).'),
  },
  plan(_input, p) {
    const H = even(p.height);
    const W = even((H * 9) / 16);
    const filter =
      p.mode === 'crop'
        ? `scale=-2:${H},crop=${W}:${H}:(iw-${W})*${p.position}:0,setsar=1`
        : `split[a][b];[a]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},boxblur=20:2[bg];[b]scale=${W}:-2[fg];[bg][fg]overlay=(W-w)/2:(H-h)/2,setsar=1`;
    return { args: ['-filter_complex', filter, ...MP4_OUT, ...AAC_OUT], ext: 'mp4', meta: { aspect: '9:16', mode: p.mode } };
  },
});
