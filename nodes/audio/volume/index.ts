import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioVolume = avNode({
  type: 'audio.volume',
  title: 'Change volume',
  description: 'Raises or lowers the level by `gain_db` decibels (a limiter keeps peaks under 0 dBFS when raising).',
  subcategory: 'process',
  tags: ['audio', 'volume', 'gain', 'level'],
  needs: 'audio',
  shape: {
    gain_db: z.number().min(-60).max(30).default(-6).describe('Gain in dB (negative = quieter).'),
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
  },
  plan(_input, p) {
    const f = [`volume=${p.gain_db}dB`, ...(p.gain_db > 0 ? ['alimiter=limit=0.97'] : [])];
    return { args: ['-vn', '-af', f.join(','), ...AUDIO_CODECS[p.format]], ext: p.format, meta: { gain_db: p.gain_db } };
  },
});
