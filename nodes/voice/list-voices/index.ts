import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { runProcess } from '../../_lib/ffmpeg';

// The named voices of the speech provider (OpenAI-style names); offline each is an espeak-ng voice
// and variant (src/generation/providers/local/speech.ts).
export const NAMED_VOICES: { id: string; gender: 'female' | 'male'; accent: 'en-us' | 'en-gb'; style: string }[] = [
  { id: 'alloy', gender: 'male', accent: 'en-us', style: 'neutral, balanced' },
  { id: 'ash', gender: 'male', accent: 'en-us', style: 'clear, direct' },
  { id: 'ballad', gender: 'male', accent: 'en-gb', style: 'warm, storytelling' },
  { id: 'coral', gender: 'female', accent: 'en-us', style: 'bright, friendly' },
  { id: 'echo', gender: 'male', accent: 'en-us', style: 'calm, low' },
  { id: 'fable', gender: 'male', accent: 'en-gb', style: 'expressive, narrative' },
  { id: 'nova', gender: 'female', accent: 'en-us', style: 'energetic, youthful' },
  { id: 'onyx', gender: 'male', accent: 'en-us', style: 'deep, authoritative' },
  { id: 'sage', gender: 'female', accent: 'en-gb', style: 'measured, thoughtful' },
  { id: 'shimmer', gender: 'female', accent: 'en-us', style: 'soft, gentle' },
  { id: 'verse', gender: 'male', accent: 'en-us', style: 'versatile, conversational' },
];

const params = z.object({
  language: z.string().regex(/^[a-z]{2,3}(-[a-z0-9-]+)?$/i).optional().describe('Only voices for this language (e.g. `en`, `fr`, `pt-br`).'),
  include_languages: z.boolean().default(true).describe('Also list the language voices of the offline engine (espeak-ng), usable as `voice` in audio.tts and voice.speak.'),
});

/** The voices audio.tts and voice.speak accept. */
export const voiceListVoices: NodeDefinition<typeof params> = {
  type: 'voice.list_voices',
  version: 1,
  category: 'voice',
  subcategory: 'catalogue',
  name: 'List voices',
  description: 'Lists the voices the speech nodes accept: the named voices (alloy, nova, …, with gender, accent and style) and — with `include_languages` — every language voice of the offline engine, read from `espeak-ng --voices`. Filter with `language`.',
  tags: ['voice', 'tts', 'voices', 'catalogue', 'languages'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{voices: [{id, kind, language, gender?, style?}], count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 2, timeoutS: 30 },
  async execute(ctx, { params: p }) {
    const voices: Record<string, unknown>[] = NAMED_VOICES.map((v) => ({ id: v.id, kind: 'named', language: v.accent, gender: v.gender, style: v.style }));
    if (p.include_languages) {
      const { stdout } = await runProcess(ctx, 'espeak-ng', ['--voices']);
      for (const line of stdout.toString().split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols.length < 4) continue;
        voices.push({ id: cols[1]!, kind: 'language', language: cols[1]!, name: cols[3]!.replace(/_/g, ' ') });
      }
    }
    const lang = p.language?.toLowerCase();
    const list = lang ? voices.filter((v) => String(v.language).toLowerCase() === lang || String(v.language).toLowerCase().startsWith(`${lang}-`)) : voices;
    return { output: { main: { voices: list, count: list.length } } };
  },
};
