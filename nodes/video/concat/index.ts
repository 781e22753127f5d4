import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { AAC_OUT, even, ffmpeg, fitFilter, MP4_OUT, probeMedia } from '../../_lib/ffmpeg';
import { filesInput, pickFiles, withWorkspace } from '../../_lib/media';

const params = z.object({
  videos: filesInput('Videos to join'),
  width: z.number().int().min(16).max(3840).optional().describe('Output width; the first clip\'s when omitted.'),
  height: z.number().int().min(16).max(3840).optional().describe('Output height; the first clip\'s when omitted.'),
  fps: z.number().int().min(1).max(60).default(30).describe('Output frame rate.'),
  transition: z.number().min(0).max(2).default(0).describe('Crossfade between clips in seconds (0 = hard cuts).'),
});

/** Clips of any size joined into one MP4 (each fitted to one frame size; silent clips get silence). */
export const videoConcat = avConcat();

function avConcat(): NodeDefinition<typeof params> {
  return {
    type: 'video.concat',
    version: 1,
    category: 'video',
    subcategory: 'edit',
    name: 'Join videos',
    description: 'Joins clips end to end into one H.264/AAC MP4: each clip is letterboxed to one frame size and frame rate, clips without sound get silence, and `transition` > 0 crossfades picture and sound between clips.',
    tags: ['video', 'concat', 'join', 'merge', 'montage'],
    params,
    inputs: [{ name: 'main', description: 'Video file references (all inputs, in order)' }],
    outputs: [{ name: 'main', description: '{url, mime, size, duration_s, width, height, clips}' }],
    execution: 'activity',
    defaults: { maxAttempts: 3, timeoutS: 900, heartbeatS: 30 },
    async execute(ctx, { params: p, inputs }) {
      const refs = pickFiles(p.videos, inputs, 'videos', 2);
      return withWorkspace(ctx, async (ws) => {
        const paths: string[] = [];
        const infos = [];
        for (const r of refs) {
          const path = await ws.input(r, 'video');
          paths.push(path);
          infos.push(await probeMedia(ctx, path, 'video', 'video'));
        }
        const W = even(p.width ?? infos[0]!.width ?? 640);
        const H = even(p.height ?? infos[0]!.height ?? 360);
        const parts: string[] = [];
        infos.forEach((info, i) => {
          parts.push(`[${i}:v]${fitFilter(W, H, 'contain')},fps=${p.fps},format=yuv420p[v${i}]`);
          parts.push(info.has_audio ? `[${i}:a]aresample=44100,aformat=channel_layouts=stereo[a${i}]` : `anullsrc=r=44100:cl=stereo,atrim=0:${info.duration_s}[a${i}]`);
        });
        const total = infos.reduce((n, i) => n + (i.duration_s ?? 0), 0);
        if (p.transition > 0) {
          let v = 'v0';
          let a = 'a0';
          let offset = 0;
          for (let i = 1; i < infos.length; i++) {
            offset += (infos[i - 1]!.duration_s ?? 0) - p.transition;
            parts.push(`[${v}][v${i}]xfade=transition=fade:duration=${p.transition}:offset=${offset.toFixed(3)}[vx${i}]`);
            parts.push(`[${a}][a${i}]acrossfade=d=${p.transition}[ax${i}]`);
            v = `vx${i}`;
            a = `ax${i}`;
          }
          parts.push(`[${v}]null[v];[${a}]anull[a]`);
        } else {
          parts.push(`${infos.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${infos.length}:v=1:a=1[v][a]`);
        }
        const out = ws.path('joined.mp4');
        await ffmpeg(ctx, [...paths.flatMap((x) => ['-i', x]), '-filter_complex', parts.join(';'), '-map', '[v]', '-map', '[a]', ...MP4_OUT, ...AAC_OUT, out], { expectedS: total, stage: 'concat' });
        return { output: { main: await storeMedia(ctx, ws, out, 'mp4', { clips: infos.length }) } };
      });
    },
  };
}
