import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { probeMedia, runProcess } from '../../_lib/ffmpeg';
import { fileInput, pickFile, withWorkspace } from '../../_lib/media';

const params = z.object({
  audio: fileInput('Audio file to inspect'),
  loudness: z.boolean().default(true).describe('Also measure loudness (integrated LUFS, true peak) and the peak/RMS level with ffmpeg.'),
});

export const audioProbe: NodeDefinition<typeof params> = {
  type: 'audio.probe',
  version: 1,
  category: 'audio',
  subcategory: 'inspect',
  name: 'Probe audio',
  description: 'Reads an audio file with ffprobe (duration, codec, sample rate, channels, bytes) and, with `loudness`, measures integrated loudness (LUFS), true peak (dBTP) and mean volume with ffmpeg\'s ebur128 and volumedetect filters. No file is written.',
  tags: ['audio', 'probe', 'loudness', 'lufs', 'metadata'],
  params,
  inputs: [{ name: 'main', description: 'An audio file reference' }],
  outputs: [{ name: 'main', description: '{duration_s, audio_codec, sample_rate, channels, bytes, lufs, true_peak_db, mean_volume_db, max_volume_db}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p, inputs }) {
    return withWorkspace(ctx, async (ws) => {
      const path = await ws.input(pickFile(p.audio, inputs, 'audio'), 'audio');
      const info = await probeMedia(ctx, path, 'audio', 'audio');
      const out: Record<string, unknown> = { ...info, bytes: (await stat(path)).size };
      if (p.loudness) {
        const { stderr } = await runProcess(ctx, 'ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-af', 'ebur128=peak=true,volumedetect', '-f', 'null', '-']);
        const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
        out.lufs = Number(summary.match(/I:\s+(-?[\d.]+) LUFS/)?.[1] ?? NaN);
        out.true_peak_db = Number(summary.match(/Peak:\s+(-?[\d.]+|-inf) dBFS/)?.[1] ?? NaN);
        out.mean_volume_db = Number(stderr.match(/mean_volume:\s+(-?[\d.]+) dB/)?.[1] ?? NaN);
        out.max_volume_db = Number(stderr.match(/max_volume:\s+(-?[\d.]+) dB/)?.[1] ?? NaN);
        for (const k of ['lufs', 'true_peak_db', 'mean_volume_db', 'max_volume_db']) if (!Number.isFinite(out[k] as number)) out[k] = null;
      }
      return { output: { main: out } };
    });
  },
};
