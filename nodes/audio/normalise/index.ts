import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioNormalise = avNode({
  type: 'audio.normalise',
  title: 'Normalise loudness',
  description: 'EBU R128 loudness normalisation (ffmpeg loudnorm) to `target_lufs` integrated loudness with a `true_peak` ceiling — −14 LUFS suits streaming platforms, −16 podcasts, −23 broadcast.',
  subcategory: 'process',
  tags: ['audio', 'normalize', 'loudness', 'lufs', 'podcast'],
  needs: 'audio',
  shape: {
    target_lufs: z.number().min(-40).max(-5).default(-16).describe('Integrated loudness target (LUFS).'),
    true_peak: z.number().min(-9).max(0).default(-1.5).describe('Maximum true peak (dBTP).'),
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
  },
  plan(_input, p) {
    return { args: ['-af', `loudnorm=I=${p.target_lufs}:TP=${p.true_peak}:LRA=11`, '-ar', '44100', ...AUDIO_CODECS[p.format]], ext: p.format, meta: { target_lufs: p.target_lufs } };
  },
});
