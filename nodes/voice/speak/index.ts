import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { speechCall } from '../../_lib/ai';
import { storeMedia } from '../../_lib/av-node';
import { atempoChain, AUDIO_CODECS, ffmpeg } from '../../_lib/ffmpeg';
import { pickText, withWorkspace } from '../../_lib/media';

const params = z.object({
  text: z.string().max(20_000).optional().describe('Text to speak; when omitted, the text arriving on the input.'),
  voice: z.string().min(1).max(40).default('nova').describe('Voice id from voice.list_voices (a named voice like `nova`, or a language voice like `fr`).'),
  speed: z.number().min(0.5).max(2).default(1).describe('Speaking rate (1 = normal), pitch preserved.'),
  pitch: z.number().min(-12).max(12).default(0).describe('Pitch shift in semitones, tempo preserved.'),
  format: z.enum(['wav', 'mp3', 'ogg']).default('mp3').describe('Output format.'),
  model: z.string().min(1).default('atelier-tts-v1').describe('Speech model.'),
});

/** Speech in a chosen voice, with rate and pitch shaping. */
export const voiceSpeak: NodeDefinition<typeof params> = {
  type: 'voice.speak',
  version: 1,
  category: 'voice',
  subcategory: 'speech',
  name: 'Speak with a voice',
  description: 'Speaks text in a chosen voice through the speech provider (charged per 1,000 characters), then shapes it with ffmpeg: `speed` (tempo, pitch kept) and `pitch` (semitones, tempo kept); wav, mp3 or ogg.',
  tags: ['voice', 'tts', 'speech', 'voice-over'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, duration_s, voice, speed, pitch}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p, inputs }) {
    const text = pickText(p.text, inputs);
    const wav = await speechCall(ctx, 'voice.speak', { model: p.model, input: text, voice: p.voice });
    return withWorkspace(ctx, async (ws) => {
      const raw = ws.path('raw.wav');
      await writeFile(raw, wav);
      const filters: string[] = [];
      if (p.pitch !== 0) {
        const ratio = 2 ** (p.pitch / 12);
        filters.push(`asetrate=22050*${ratio.toFixed(5)}`, 'aresample=22050', atempoChain(1 / ratio));
      }
      if (p.speed !== 1) filters.push(atempoChain(p.speed));
      const out = ws.path(`speech.${p.format}`);
      await ffmpeg(ctx, ['-i', raw, ...(filters.length ? ['-af', filters.join(',')] : []), ...AUDIO_CODECS[p.format], out], { stage: 'shape' });
      return { output: { main: await storeMedia(ctx, ws, out, p.format, { voice: p.voice, speed: p.speed, pitch: p.pitch, characters: text.length }) } };
    });
  },
};
