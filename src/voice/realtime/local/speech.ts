import { runTool } from '../../../generation/providers/local/exec';
import { FEMININE_VOICES, MASCULINE_VOICES } from '../../voices';

/** OpenAI Realtime's `pcm16` output: 16-bit little-endian mono at 24 kHz. */
export const OUTPUT_SAMPLE_RATE = 24_000;

// One espeak-ng variant (and pitch) per voice id, so each of the 26 voices sounds different.
const FEMININE_VARIANTS = ['f1', 'f2', 'f3', 'f4', 'f5', 'Annie', 'linda'];
const MASCULINE_VARIANTS = [
  'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'adam', 'Alex', 'Andy', 'boris', 'david', 'ed', 'john', 'max', 'paul', 'robert', 'norbert',
];
const VARIANTS = new Map<string, { variant: string; pitch: number }>([
  ...FEMININE_VOICES.map((id, i) => [id, { variant: FEMININE_VARIANTS[i]!, pitch: 55 + (i % 4) * 5 }] as const),
  ...MASCULINE_VOICES.map((id, i) => [id, { variant: MASCULINE_VARIANTS[i]!, pitch: 35 + (i % 5) * 4 }] as const),
]);

let languages: Promise<Set<string>> | undefined;

/** The languages this espeak-ng knows (`pl`, `en-us`, `fr-fr`…), read once. */
function knownLanguages(): Promise<Set<string>> {
  languages ??= runTool('espeak-ng', ['--voices'], { timeoutMs: 10_000 }).then(
    ({ stdout }) => new Set(stdout.toString().split('\n').slice(1).map((l) => l.trim().split(/\s+/)[1]?.toLowerCase()).filter((l): l is string => !!l)),
    () => new Set<string>(),
  );
  return languages;
}

/** The espeak-ng voice for an agent's language and voice id: `pl+f4`; unknown languages speak English. */
export async function espeakVoice(voiceId: string, language: string): Promise<{ voice: string; pitch: number }> {
  const known = await knownLanguages();
  const lang = language.toLowerCase().replace(/_/g, '-');
  const base = lang.split('-')[0]!;
  const pick = [lang, base, `${base}-${base}`].find((l) => known.has(l)) ?? (base === 'en' ? 'en-us' : 'en');
  const v = VARIANTS.get(voiceId) ?? { variant: 'f4', pitch: 55 };
  return { voice: `${pick}+${v.variant}`, pitch: v.pitch };
}

/** Speaks `text` with espeak-ng and returns raw PCM16 mono at 24 kHz. */
export async function synthesizePcm16(text: string, voiceId: string, language: string, signal?: AbortSignal): Promise<Buffer> {
  const { voice, pitch } = await espeakVoice(voiceId, language);
  const { stdout } = await runTool('espeak-ng', ['-v', voice, '-p', String(pitch), '-s', '165', '--stdout'], { input: text, timeoutMs: 30_000, signal });
  const { samples, rate } = readWav(stdout);
  return resample(samples, rate, OUTPUT_SAMPLE_RATE);
}

/** The PCM16 samples of a mono WAV from espeak-ng (its header sizes are unset when written to a pipe). */
function readWav(wav: Buffer): { samples: Int16Array; rate: number } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF') throw new Error('espeak-ng produced no WAV output');
  let offset = 12;
  let rate = 22_050;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') rate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      const data = wav.subarray(offset + 8);
      const samples = new Int16Array(Math.floor(data.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { samples, rate };
    }
    offset += 8 + size;
  }
  throw new Error('espeak-ng WAV has no data chunk');
}

/** Linear-interpolation resampling to little-endian PCM16 bytes. */
function resample(input: Int16Array, from: number, to: number): Buffer {
  const length = Math.floor((input.length * to) / from);
  const out = Buffer.alloc(length * 2);
  for (let i = 0; i < length; i++) {
    const pos = (i * from) / to;
    const j = Math.floor(pos);
    const a = input[j] ?? 0;
    const b = input[j + 1] ?? a;
    out.writeInt16LE(Math.round(a + (b - a) * (pos - j)), i * 2);
  }
  return out;
}
