import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, even, MP4_OUT, probeMedia } from '../../_lib/ffmpeg';
import { requiredFile } from '../../_lib/media';

/** A reaction video: the content and the creator's face cam in one vertical frame. */
export const ugcReactionLayout = avNode({
  type: 'ugc.reaction_layout',
  title: 'Reaction layout',
  description: 'Combines the content video with a reaction (face-cam) video in one 9:16 frame: `stacked` (content on top, reaction below, each cover-cropped to half the height) or `pip` (reaction in a rounded-corner-free picture-in-picture over the content). Sound: both mixed, or one of them. Lasts as long as the content.',
  subcategory: 'layouts',
  tags: ['ugc', 'reaction', 'duet', 'picture-in-picture', 'tiktok', 'vertical'],
  needs: 'video',
  shape: {
    reaction: requiredFile('The reaction (face-cam) video'),
    layout: z.enum(['stacked', 'pip']).default('stacked').describe('stacked halves or picture-in-picture.'),
    height: z.number().int().min(128).max(3840).default(1920).describe('Output height; width is 9/16 of it.'),
    audio: z.enum(['mix', 'content', 'reaction']).default('mix').describe('Which sound to keep.'),
  },
  async plan({ info }, p, ctx, ws) {
    const reaction = await ws.input(p.reaction, 'reaction');
    const rInfo = await probeMedia(ctx, reaction, 'video', 'reaction');
    const H = even(p.height);
    const W = even((H * 9) / 16);
    const d = info.duration_s ?? 1;
    const video =
      p.layout === 'stacked'
        ? `[0:v]scale=${W}:${H / 2}:force_original_aspect_ratio=increase,crop=${W}:${H / 2},setsar=1[top];[1:v]scale=${W}:${H / 2}:force_original_aspect_ratio=increase,crop=${W}:${H / 2},setsar=1[bot];[top][bot]vstack=inputs=2[v]`
        : `[0:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1[bg];[1:v]scale=${even(W * 0.38)}:-2,setsar=1[pip];[bg][pip]overlay=W-w-${Math.round(W * 0.04)}:H-h-${Math.round(H * 0.12)}:eof_action=pass[v]`;
    const hasA = info.has_audio;
    const hasB = rInfo.has_audio;
    let audio = '';
    let map: string[] = [];
    if (p.audio === 'mix' && hasA && hasB) {
      audio = ';[0:a][1:a]amix=inputs=2:duration=first:normalize=0[a]';
      map = ['-map', '[a]'];
    } else if ((p.audio === 'reaction' || !hasA) && hasB) map = ['-map', '1:a'];
    else if (hasA) map = ['-map', '0:a'];
    return { args: ['-i', reaction, '-filter_complex', video + audio, '-map', '[v]', ...map, '-t', String(d), ...MP4_OUT, ...AAC_OUT], ext: 'mp4', meta: { layout: p.layout } };
  },
});
