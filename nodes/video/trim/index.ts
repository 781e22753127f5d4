import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-sdk';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, MP4_OUT } from '../../_lib/ffmpeg';

export const videoTrim = avNode({
  type: 'video.trim',
  title: 'Trim video',
  description: 'Keeps the part of a video from `start` to `end` (or for `duration`) seconds, re-encoded frame-accurately to H.264/AAC MP4.',
  subcategory: 'edit',
  tags: ['video', 'trim', 'cut', 'clip'],
  needs: 'video',
  shape: {
    start: z.number().min(0).default(0).describe('Start time in seconds.'),
    end: z.number().positive().optional().describe('End time in seconds (exclusive with duration).'),
    duration: z.number().positive().optional().describe('Length to keep in seconds.'),
  },
  plan({ info }, p) {
    const total = info.duration_s ?? 0;
    const end = Math.min(total, p.end ?? (p.duration !== undefined ? p.start + p.duration : total));
    if (p.start >= total) throw new NodeError(`start ${p.start}s is beyond the video's ${total}s`, { type: 'invalid_params' });
    if (end <= p.start) throw new NodeError('end must be after start', { type: 'invalid_params' });
    return { inputArgs: ['-ss', String(p.start)], args: ['-t', String(end - p.start), ...MP4_OUT, ...AAC_OUT], ext: 'mp4', expectedS: end - p.start, meta: { start: p.start, end } };
  },
});
