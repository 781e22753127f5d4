import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioFade = avNode({
  type: 'audio.fade',
  title: 'Fade audio in/out',
  description: 'Fades audio in from silence and out to silence over `fade_in` and `fade_out` seconds (curve `curve`).',
  subcategory: 'edit',
  tags: ['audio', 'fade', 'transition'],
  needs: 'audio',
  shape: {
    fade_in: z.number().min(0).max(30).default(1).describe('Fade-in length (s).'),
    fade_out: z.number().min(0).max(30).default(1).describe('Fade-out length (s).'),
    curve: z.enum(['tri', 'qsin', 'exp', 'log']).default('tri').describe('Fade curve (ffmpeg afade): tri (linear), qsin, exp, log.'),
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
  },
  plan({ info }, p) {
    const d = info.duration_s ?? 0;
    const f = [
      ...(p.fade_in > 0 ? [`afade=t=in:st=0:d=${p.fade_in}:curve=${p.curve}`] : []),
      ...(p.fade_out > 0 ? [`afade=t=out:st=${Math.max(0, d - p.fade_out).toFixed(3)}:d=${p.fade_out}:curve=${p.curve}`] : []),
    ];
    return { args: ['-vn', ...(f.length ? ['-af', f.join(',')] : []), ...AUDIO_CODECS[p.format]], ext: p.format };
  },
});
