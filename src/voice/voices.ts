// The 26 multilingual voice ids (this list is what GET /v1/voice/voices serves).
import { z } from 'zod';

export const FEMININE_VOICES = ['ara', 'carina', 'celeste', 'eve', 'iris', 'luna', 'lux'] as const;
export const MASCULINE_VOICES = [
  'altair', 'atlas', 'castor', 'cosmo', 'helios', 'helix', 'kepler', 'leo', 'lumen', 'naksh', 'orion', 'perseus', 'rex', 'rigel',
  'sal', 'sirius', 'ursa', 'zagan', 'zenith',
] as const;

export const VOICE_IDS: readonly string[] = [...FEMININE_VOICES, ...MASCULINE_VOICES].sort();
export const DEFAULT_VOICE = 'eve';

export function isVoiceId(id: string): boolean {
  return VOICE_IDS.includes(id);
}

/** `{id, name, language}` rows; the name is the id capitalised. */
export const VoiceListView = z.object({ voices: z.array(z.object({ id: z.string(), name: z.string(), language: z.literal('multilingual') })), count: z.number().int() });

export function voiceList(): z.output<typeof VoiceListView> {
  const voices = VOICE_IDS.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1), language: 'multilingual' as const }));
  return { voices, count: voices.length };
}
