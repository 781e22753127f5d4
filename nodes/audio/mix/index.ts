import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { AUDIO_CODECS, ffmpeg, probeMedia } from '../../_lib/ffmpeg';
import { filesInput, pickFiles, withWorkspace } from '../../_lib/media';

const params = z.object({
  tracks: filesInput('Audio tracks to mix (e.g. voice and music)'),
  volumes: z.array(z.number().min(0).max(4)).max(16).default([]).describe('Volume per track, in order (1 = as is); missing ones are 1.'),
  duration: z.enum(['longest', 'shortest', 'first']).default('longest').describe('Length of the mix: the longest track, the shortest, or the first.'),
  duck: z.boolean().default(false).describe('Lower the other tracks while the first one (the voice) is sounding (sidechain compression).'),
  format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
});

/** Several tracks layered into one (voice over music, optionally ducking the music). */
export const audioMix: NodeDefinition<typeof params> = {
  type: 'audio.mix',
  version: 1,
  category: 'audio',
  subcategory: 'edit',
  name: 'Mix audio',
  description: 'Layers audio tracks into one with per-track `volumes`; `duck` lowers the other tracks under the first one (voice-over on music) with sidechain compression. The mix lasts as long as the longest, the shortest or the first track.',
  tags: ['audio', 'mix', 'music', 'voice-over', 'ducking'],
  params,
  inputs: [{ name: 'main', description: 'Audio file references (all inputs, in order)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, tracks}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 600, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const refs = pickFiles(p.tracks, inputs, 'tracks', 2);
    return withWorkspace(ctx, async (ws) => {
      const paths: string[] = [];
      const durations: number[] = [];
      for (const r of refs) {
        const path = await ws.input(r, 'track');
        durations.push((await probeMedia(ctx, path, 'audio', 'track')).duration_s ?? 0);
        paths.push(path);
      }
      const n = paths.length;
      const parts = paths.map((_, i) => `[${i}:a]aresample=44100,aformat=channel_layouts=stereo,volume=${p.volumes[i] ?? 1}[t${i}]`);
      if (p.duck) {
        parts.push(`[t0]asplit=2[voice][key]`);
        parts.push(`${paths.slice(1).map((_, i) => `[t${i + 1}]`).join('')}amix=inputs=${n - 1}:duration=longest:normalize=0[bed]`);
        parts.push(`[bed][key]sidechaincompress=threshold=0.02:ratio=8:attack=20:release=300[ducked]`);
        parts.push(`[voice][ducked]amix=inputs=2:duration=${p.duration === 'first' ? 'first' : p.duration}:normalize=0[out]`);
      } else {
        parts.push(`${paths.map((_, i) => `[t${i}]`).join('')}amix=inputs=${n}:duration=${p.duration}:normalize=0[out]`);
      }
      const expected = p.duration === 'longest' ? Math.max(...durations) : p.duration === 'shortest' ? Math.min(...durations) : durations[0]!;
      const out = ws.path(`mix.${p.format}`);
      await ffmpeg(ctx, [...paths.flatMap((x) => ['-i', x]), '-filter_complex', parts.join(';'), '-map', '[out]', ...AUDIO_CODECS[p.format], out], { expectedS: expected, stage: 'mix' });
      return { output: { main: await storeMedia(ctx, ws, out, p.format, { tracks: n }) } };
    });
  },
};
