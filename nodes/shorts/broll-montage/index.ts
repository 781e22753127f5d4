import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { AAC_OUT, even, ffmpeg, MP4_OUT, probeMedia } from '../../_lib/ffmpeg';
import { fileInput, filesInput, pickFiles, withWorkspace } from '../../_lib/media';

const params = z.object({
  clips: filesInput('B-roll clips'),
  duration: z.number().min(1).max(180).default(15).describe('Length of the montage (s).'),
  segment: z.number().min(0.3).max(10).default(1.5).describe('Length of each cut (s).'),
  width: z.number().int().min(64).max(3840).default(1080).describe('Output width.'),
  height: z.number().int().min(64).max(3840).default(1920).describe('Output height (default vertical 9:16).'),
  music: fileInput('Optional music bed'),
});

/** Fast cuts across b-roll clips, cover-cropped to the frame, with an optional music bed. */
export const shortsBrollMontage: NodeDefinition<typeof params> = {
  type: 'shorts.broll_montage',
  version: 1,
  category: 'shorts',
  subcategory: 'video',
  name: 'B-roll montage',
  description: 'Cuts b-roll clips into `segment`-second shots taken in turn from each clip (advancing through each clip on every pass), cover-cropped to the frame (vertical by default), until `duration`; the clips\' sound is dropped and the optional `music` laid under it.',
  tags: ['shorts', 'b-roll', 'montage', 'video', 'editing'],
  params,
  inputs: [{ name: 'main', description: 'Video file references (all inputs)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, cuts}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const refs = pickFiles(p.clips, inputs, 'clips', 1).filter((r) => r !== p.music);
    return withWorkspace(ctx, async (ws) => {
      const clips = [];
      for (const r of refs) {
        const path = await ws.input(r, 'clip');
        clips.push({ path, d: (await probeMedia(ctx, path, 'video', 'clip')).duration_s ?? 0 });
      }
      const W = even(p.width);
      const H = even(p.height);
      const cuts: { path: string; start: number; len: number }[] = [];
      let total = 0;
      for (let k = 0; total < p.duration - 0.01 && k < 500; k++) {
        const c = clips[k % clips.length]!;
        const len = Math.min(p.segment, p.duration - total, c.d);
        const pass = Math.floor(k / clips.length);
        const start = c.d - len > 0 ? (pass * p.segment) % (c.d - len + 0.001) : 0;
        cuts.push({ path: c.path, start, len });
        total += len;
      }
      const inputs = cuts.flatMap((c) => ['-ss', c.start.toFixed(3), '-t', c.len.toFixed(3), '-i', c.path]);
      const parts = cuts.map((_, i) => `[${i}:v]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,fps=30,format=yuv420p,setpts=PTS-STARTPTS[c${i}]`);
      parts.push(`${cuts.map((_, i) => `[c${i}]`).join('')}concat=n=${cuts.length}:v=1:a=0[v]`);
      const music = p.music ? await ws.input(p.music, 'music') : undefined;
      if (music) parts.push(`[${cuts.length}:a]aresample=44100,afade=t=out:st=${Math.max(0, total - 1).toFixed(3)}:d=1,apad[a]`);
      const out = ws.path('montage.mp4');
      await ffmpeg(ctx, [...inputs, ...(music ? ['-i', music] : []), '-filter_complex', parts.join(';'), '-map', '[v]', ...(music ? ['-map', '[a]', ...AAC_OUT] : []), '-t', total.toFixed(3), ...MP4_OUT, out], { expectedS: total, stage: 'montage' });
      return { output: { main: await storeMedia(ctx, ws, out, 'mp4', { cuts: cuts.length }) } };
    });
  },
};
