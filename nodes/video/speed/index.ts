import { z } from 'zod';
import { avNode } from '../../_lib/av-node';
import { AAC_OUT, atempoChain, MP4_OUT } from '../../_lib/ffmpeg';

export const videoSpeed = avNode({
  type: 'video.speed',
  title: 'Change video speed',
  description: 'Speeds a video up or slows it down by `factor` (0.25–4); audio follows with pitch preserved (atempo).',
  subcategory: 'edit',
  tags: ['video', 'speed', 'timelapse', 'slow-motion'],
  needs: 'video',
  shape: { factor: z.number().min(0.25).max(4).default(2).describe('Speed factor: 2 = twice as fast, 0.5 = half speed.') },
  plan({ info }, p) {
    const args = info.has_audio
      ? ['-filter_complex', `[0:v]setpts=PTS/${p.factor}[v];[0:a]${atempoChain(p.factor)}[a]`, '-map', '[v]', '-map', '[a]']
      : ['-vf', `setpts=PTS/${p.factor}`];
    return { args: [...args, ...MP4_OUT, ...AAC_OUT], ext: 'mp4', expectedS: (info.duration_s ?? 0) / p.factor, meta: { factor: p.factor } };
  },
});
