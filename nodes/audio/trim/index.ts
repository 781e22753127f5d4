import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AUDIO_CODECS } from '../../_lib/ffmpeg';

export const audioTrim = avNode({
  type: 'audio.trim',
  title: 'Trim audio',
  description: 'Keeps the audio from `start` to `end` (or for `duration`) seconds.',
  subcategory: 'edit',
  tags: ['audio', 'trim', 'cut', 'clip'],
  needs: 'audio',
  shape: {
    start: z.number().min(0).default(0).describe('Start time in seconds.'),
    end: z.number().positive().optional().describe('End time in seconds.'),
    duration: z.number().positive().optional().describe('Length to keep in seconds.'),
    format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
  },
  plan({ info }, p) {
    const total = info.duration_s ?? 0;
    const end = Math.min(total, p.end ?? (p.duration !== undefined ? p.start + p.duration : total));
    if (end <= p.start) throw new NodeError(`nothing to keep between ${p.start}s and ${end}s (the audio lasts ${total}s)`, { type: 'invalid_params' });
    return { inputArgs: ['-ss', String(p.start)], args: ['-t', String(end - p.start), ...AUDIO_CODECS[p.format]], ext: p.format, expectedS: end - p.start };
  },
});
