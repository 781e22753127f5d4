import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { speechCall } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { pickText, withWorkspace } from '../../_lib/media';

const params = z.object({
  text: z.string().max(20_000).optional().describe('Text to speak; when omitted, the text arriving on the input (a string or an object\'s text/summary/script field).'),
  voice: z.string().min(1).max(40).default('alloy').describe('Voice: alloy, echo, fable, onyx, nova, shimmer, ash, coral, sage, verse, ballad (voice.list_voices lists them), or an espeak-ng voice such as `fr` or `de+f3` with the local provider.'),
  model: z.string().min(1).default('atelier-tts-v1').describe('Speech model: `atelier-tts-v1` (offline espeak-ng) or a configured one like `tts-1`.'),
});

/** Text to speech through the provider layer. */
export const audioTts: NodeDefinition<typeof params> = {
  type: 'audio.tts',
  version: 1,
  category: 'audio',
  subcategory: 'speech',
  name: 'Text to speech',
  description: 'Speaks text through the speech provider (offline: espeak-ng, a real WAV), charged per 1,000 characters at the published speech price before the provider is called. Emits a WAV file reference with its duration.',
  tags: ['ai', 'audio', 'tts', 'speech', 'voice-over'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, sample_rate, channels, voice, characters}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const wav = await speechCall(ctx, 'audio.tts', { model: p.model, input: text, voice: p.voice });
    return withWorkspace(ctx, async (ws) => {
      const path = ws.path('speech.wav');
      await writeFile(path, wav);
      return { output: { main: await storeMedia(ctx, ws, path, 'wav', { voice: p.voice, model: p.model, characters: text.length, text }) } };
    });
  },
};
