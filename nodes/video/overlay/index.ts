import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { requiredFile } from '../../_lib/media';
import { AAC_OUT, MP4_OUT, probeMedia } from '../../_lib/ffmpeg';

const POS: Record<string, [string, string]> = {
  'top-left': ['M', 'M'], 'top-right': ['W-w-M', 'M'], 'bottom-left': ['M', 'H-h-M'], 'bottom-right': ['W-w-M', 'H-h-M'], center: ['(W-w)/2', '(H-h)/2'],
};

/** An image (logo, sticker) or a second video (picture-in-picture) over a video. */
export const videoOverlay = avNode({
  type: 'video.overlay',
  title: 'Overlay on video',
  description: 'Places an image (logo, sticker) or a second video (picture-in-picture) over the video at `position`, scaled to `scale` of the video width, with `opacity`, from `start` to `end` seconds.',
  subcategory: 'compose',
  tags: ['video', 'overlay', 'logo', 'picture-in-picture', 'watermark'],
  needs: 'video',
  shape: {
    overlay: requiredFile('Image or video to place on top'),
    position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center']).default('top-right').describe('Where the overlay goes.'),
    scale: z.number().min(0.02).max(1).default(0.25).describe('Overlay width as a fraction of the video width.'),
    opacity: z.number().min(0).max(1).default(1).describe('Overlay opacity.'),
    margin: z.number().min(0).max(0.3).default(0.03).describe('Distance from the edges as a fraction of the video width.'),
    start: z.number().min(0).default(0).describe('When the overlay appears (s).'),
    end: z.number().positive().optional().describe('When it disappears (s); end of video when omitted.'),
  },
  async plan({ info }, p, ctx, ws) {
    const over = await ws.input(p.overlay, 'overlay');
    const overInfo = await probeMedia(ctx, over, 'any', 'overlay');
    const isVideo = overInfo.has_video && (overInfo.duration_s ?? 0) > 0.2 && overInfo.video_codec !== 'png' && overInfo.video_codec !== 'mjpeg';
    const W = info.width ?? 640;
    const [x, y] = POS[p.position]!.map((e) => e.replace('M', String(Math.round(W * p.margin))));
    const enable = p.end !== undefined ? `:enable='between(t,${p.start},${p.end})'` : p.start > 0 ? `:enable='gte(t,${p.start})'` : '';
    const filter = `[1:v]scale=${Math.round(W * p.scale)}:-2,format=rgba,colorchannelmixer=aa=${p.opacity}[ov];[0:v][ov]overlay=${x}:${y}:shortest=0:eof_action=pass${enable}[v]`;
    return {
      args: [...(isVideo ? [] : ['-loop', '1']), '-i', over, '-filter_complex', filter, '-map', '[v]', '-map', '0:a?', '-t', String(info.duration_s ?? 1), ...MP4_OUT, ...AAC_OUT],
      ext: 'mp4',
      meta: { overlay_kind: isVideo ? 'video' : 'image' },
    };
  },
});
