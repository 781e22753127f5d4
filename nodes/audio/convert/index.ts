import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioConvert = avNode({
  type: 'audio.convert',
  title: 'Convert audio',
  description: 'Re-encodes audio as wav, mp3, ogg (Vorbis) or flac, optionally resampled (`sample_rate`) and down/up-mixed (`channels`). Also takes the sound out of a video file.',
  subcategory: 'format',
  tags: ['audio', 'convert', 'mp3', 'wav', 'ogg', 'flac', 'resample'],
  needs: 'audio',
  shape: {
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('mp3').describe('Output format.'),
    sample_rate: z.union([z.literal(8000), z.literal(16000), z.literal(22050), z.literal(24000), z.literal(44100), z.literal(48000)]).optional().describe('Resample to this rate (Hz).'),
    channels: z.union([z.literal(1), z.literal(2)]).optional().describe('1 = mono, 2 = stereo.'),
  },
  plan(_input, p) {
    return { args: ['-vn', ...(p.sample_rate ? ['-ar', String(p.sample_rate)] : []), ...(p.channels ? ['-ac', String(p.channels)] : []), ...AUDIO_CODECS[p.format]], ext: p.format };
  },
});
