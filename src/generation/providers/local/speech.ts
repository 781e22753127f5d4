import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool as runMediaTool } from '../../media-tools';
import type { MediaResult, SpeechRequest } from '../types';
import { runTool } from './exec';

// OpenAI-style voice names mapped onto espeak-ng voices and variants.
const VOICES: Record<string, string> = {
  alloy: 'en-us+m3', echo: 'en-us+m1', fable: 'en-gb+m4', onyx: 'en-us+m7', nova: 'en-us+f2', shimmer: 'en-us+f4',
  ash: 'en-us+m2', coral: 'en-us+f3', sage: 'en-gb+f1', verse: 'en-us+m5', ballad: 'en-gb+m2',
};

/** Narrator presets (Story Studio's voices): espeak-ng variant, pitch and pace. */
export const PRESET_VOICES: Record<string, { variant: string; pitch: number; wpm: number }> = {
  'narrator-male-1': { variant: 'm3', pitch: 42, wpm: 165 },
  'narrator-male-2': { variant: 'm7', pitch: 32, wpm: 160 },
  'narrator-female-1': { variant: 'f2', pitch: 58, wpm: 165 },
  'narrator-female-2': { variant: 'f4', pitch: 66, wpm: 170 },
  'narrator-dramatic': { variant: 'm1', pitch: 28, wpm: 140 },
  'narrator-documentary': { variant: 'm2', pitch: 46, wpm: 155 },
};

/** espeak-ng voice for each language a preset speaks (zh → Mandarin). */
const ESPEAK_LANG: Record<string, string> = {
  en: 'en-us', pl: 'pl', de: 'de', fr: 'fr-fr', es: 'es', it: 'it', pt: 'pt', ja: 'ja', ko: 'ko', zh: 'cmn',
};

export const LOCAL_VOICES = [...Object.keys(VOICES), ...Object.keys(PRESET_VOICES)];

/** Speech as a real WAV file from espeak-ng (text on stdin, WAV on stdout). */
export async function localSpeech(req: SpeechRequest): Promise<MediaResult<'audio/wav'>> {
  const preset = PRESET_VOICES[req.voice];
  if (preset) return presetSpeech(req, preset);
  const voice = VOICES[req.voice] ?? (/^[a-z]{2,3}(-[a-z]{2,})?(\+[a-z0-9]+)?$/i.test(req.voice) ? req.voice : 'en-us');
  const { stdout } = await runTool('espeak-ng', ['-v', voice, '--stdout', '-s', '165'], {
    input: req.input,
    timeoutMs: 60_000,
    signal: req.signal,
  });
  if (stdout.subarray(0, 4).toString() !== 'RIFF') throw new Error('espeak-ng produced no WAV output');
  return { data: fixWavSizes(stdout), mime: 'audio/wav' };
}

/** espeak-ng writing to a pipe cannot seek back, so it leaves the RIFF/data sizes unset; fill them in. */
function fixWavSizes(wav: Buffer): Buffer {
  const out = Buffer.from(wav);
  out.writeUInt32LE(out.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= out.length) {
    const id = out.toString('ascii', offset, offset + 4);
    if (id === 'data') {
      out.writeUInt32LE(out.length - offset - 8, offset + 4);
      break;
    }
    offset += 8 + out.readUInt32LE(offset + 4);
  }
  return out;
}

/** A narrator preset in `language` at `speed`, written by espeak-ng to a file (22.05 kHz mono). */
async function presetSpeech(req: SpeechRequest, preset: { variant: string; pitch: number; wpm: number }): Promise<MediaResult<'audio/wav'>> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-speech-'));
  try {
    const out = join(dir, 'speech.wav');
    await runMediaTool('espeak-ng', [
      '-v', `${ESPEAK_LANG[req.language ?? 'en'] ?? 'en-us'}+${preset.variant}`,
      '-p', String(preset.pitch),
      '-s', String(Math.round(preset.wpm * (req.speed ?? 1))),
      '-w', out,
      '--stdin',
    ], { input: req.input, signal: req.signal });
    return { data: await readFile(out), mime: 'audio/wav' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
