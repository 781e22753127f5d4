import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, ffColour, MP4_OUT } from '../../_lib/ffmpeg';

export const videoFade = avNode({
  type: 'video.fade',
  title: 'Fade video in/out',
  description: 'Fades the picture from/to `colour` and the sound from/to silence over `fade_in` and `fade_out` seconds.',
  subcategory: 'edit',
  tags: ['video', 'fade', 'transition'],
  needs: 'video',
  shape: {
    fade_in: z.number().min(0).max(10).default(0.5).describe('Fade-in length in seconds (0 = none).'),
    fade_out: z.number().min(0).max(10).default(0.5).describe('Fade-out length in seconds (0 = none).'),
    colour: z.string().regex(/^#?[0-9a-fA-F]{6}$/).default('#000000').describe('Colour faded from and to.'),
  },
  plan({ info }, p) {
    const d = info.duration_s ?? 0;
    const v: string[] = [];
    const a: string[] = [];
    if (p.fade_in > 0) {
      v.push(`fade=t=in:st=0:d=${p.fade_in}:color=${ffColour(p.colour)}`);
      a.push(`afade=t=in:st=0:d=${p.fade_in}`);
    }
    if (p.fade_out > 0) {
      const st = Math.max(0, d - p.fade_out).toFixed(3);
      v.push(`fade=t=out:st=${st}:d=${p.fade_out}:color=${ffColour(p.colour)}`);
      a.push(`afade=t=out:st=${st}:d=${p.fade_out}`);
    }
    const args = [...(v.length ? ['-vf', v.join(',')] : []), ...(a.length && info.has_audio ? ['-af', a.join(',')] : [])];
    return { args: [...args, ...MP4_OUT, ...AAC_OUT], ext: 'mp4' };
  },
});
