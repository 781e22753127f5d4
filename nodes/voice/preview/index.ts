import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { speechCall } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { withWorkspace } from '../../_lib/media';

const params = z.object({
  voices: z.array(z.string().min(1).max(40)).min(1).max(12).default(['nova', 'onyx']).describe('Voices to audition.'),
  sample: z.string().min(1).max(300).default('Hi, I am {voice}. This is how I sound reading your script.').describe('Sentence each voice reads; `{voice}` is replaced by the voice id.'),
  model: z.string().min(1).default('atelier-tts-v1').describe('Speech model.'),
});

/** A short sample per voice, to choose one by ear before a long voice-over. */
export const voicePreview: NodeDefinition<typeof params> = {
  type: 'voice.preview',
  version: 1,
  category: 'voice',
  subcategory: 'speech',
  name: 'Voice preview',
  description: 'Renders the same short sample sentence in each of `voices` (charged per 1,000 characters each) so a voice can be chosen by ear. `main` = {previews: [{voice, url, mime, size, duration_s}]}.',
  tags: ['voice', 'tts', 'preview', 'audition'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{previews: [file reference with voice]}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    return withWorkspace(ctx, async (ws) => {
      const previews = [];
      for (const [i, voice] of p.voices.entries()) {
        const wav = await speechCall(ctx, `voice.preview:${voice}`, { model: p.model, input: p.sample.replaceAll('{voice}', voice), voice });
        const path = ws.path(`${voice}.wav`);
        await writeFile(path, wav);
        previews.push(await storeMedia(ctx, ws, path, 'wav', { voice }));
        ctx.heartbeat({ stage: 'preview', progress: (i + 1) / p.voices.length });
      }
      return { output: { main: { previews } } };
    });
  },
};
