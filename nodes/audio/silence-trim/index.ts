import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioSilenceTrim = avNode({
  type: 'audio.silence_trim',
  title: 'Trim silence',
  description: 'Removes leading and trailing silence (below `threshold_db` for at least `min_silence` seconds) with ffmpeg silenceremove; `inner` also shortens long pauses inside to `min_silence`.',
  subcategory: 'process',
  tags: ['audio', 'silence', 'trim', 'podcast', 'cleanup'],
  needs: 'audio',
  shape: {
    threshold_db: z.number().min(-90).max(-10).default(-45).describe('Level under which audio counts as silence (dB).'),
    min_silence: z.number().min(0.05).max(10).default(0.2).describe('Shortest stretch treated as silence (s).'),
    inner: z.boolean().default(false).describe('Also shorten pauses inside the audio.'),
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
  },
  plan({ info }, p) {
    const edge = `silenceremove=start_periods=1:start_duration=0:start_threshold=${p.threshold_db}dB:start_silence=0.05`;
    const filters = [edge, 'areverse', edge, 'areverse'];
    if (p.inner) filters.push(`silenceremove=stop_periods=-1:stop_duration=${p.min_silence}:stop_threshold=${p.threshold_db}dB:stop_silence=${p.min_silence}`);
    return { args: ['-vn', '-af', filters.join(','), ...AUDIO_CODECS[p.format]], ext: p.format, meta: { original_duration_s: info.duration_s } };
  },
});
