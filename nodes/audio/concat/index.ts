import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { storeMedia } from '../../_lib/av-node';
import { AUDIO_CODECS, ffmpeg, probeMedia } from '../../_lib/ffmpeg';
import { filesInput, pickFiles, withWorkspace } from '../../_lib/media';

const params = z.object({
  tracks: filesInput('Audio files to join'),
  gap: z.number().min(0).max(10).default(0).describe('Silence between tracks (s).'),
  format: z.enum(['wav', 'mp3', 'ogg', 'flac']).default('wav').describe('Output format.'),
});

/** Audio files joined end to end (resampled to one format), with optional gaps. */
export const audioConcat: NodeDefinition<typeof params> = {
  type: 'audio.concat',
  version: 1,
  category: 'audio',
  subcategory: 'edit',
  name: 'Join audio',
  description: 'Joins audio files end to end (each resampled to 44.1 kHz stereo), with `gap` seconds of silence between them.',
  tags: ['audio', 'concat', 'join', 'merge', 'playlist'],
  params,
  inputs: [{ name: 'main', description: 'Audio file references (all inputs, in order)' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, tracks}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 600, heartbeatS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const refs = pickFiles(p.tracks, inputs, 'tracks', 2);
    return withWorkspace(ctx, async (ws) => {
      const paths: string[] = [];
      let total = 0;
      for (const r of refs) {
        const path = await ws.input(r, 'track');
        total += (await probeMedia(ctx, path, 'audio', 'track')).duration_s ?? 0;
        paths.push(path);
      }
      const pad = (i: number) => (p.gap > 0 && i < paths.length - 1 ? `,apad=pad_dur=${p.gap}` : '');
      const parts = paths.map((_, i) => `[${i}:a]aresample=44100,aformat=channel_layouts=stereo${pad(i)}[t${i}]`);
      parts.push(`${paths.map((_, i) => `[t${i}]`).join('')}concat=n=${paths.length}:v=0:a=1[out]`);
      const out = ws.path(`joined.${p.format}`);
      await ffmpeg(ctx, [...paths.flatMap((x) => ['-i', x]), '-filter_complex', parts.join(';'), '-map', '[out]', ...AUDIO_CODECS[p.format], out], { expectedS: total + p.gap * (paths.length - 1), stage: 'concat' });
      return { output: { main: await storeMedia(ctx, ws, out, p.format, { tracks: paths.length }) } };
    });
  },
};
