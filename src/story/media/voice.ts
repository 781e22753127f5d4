import { readFile, writeFile } from 'node:fs/promises';
import type { Language, VoicePreset } from '../catalog';
import { runTool } from './exec';

/** espeak-ng voice for each story language (zh → Mandarin). */
const ESPEAK_LANG: Record<Language, string> = {
  en: 'en-us', pl: 'pl', de: 'de', fr: 'fr-fr', es: 'es', it: 'it', pt: 'pt', ja: 'ja', ko: 'ko', zh: 'cmn',
};

/** Seed 001 §2.5 presets mapped to espeak-ng variants, pitch and pace. */
export const PRESET_VOICES: Record<VoicePreset, { variant: string; pitch: number; wpm: number }> = {
  'narrator-male-1': { variant: 'm3', pitch: 42, wpm: 165 },
  'narrator-male-2': { variant: 'm7', pitch: 32, wpm: 160 },
  'narrator-female-1': { variant: 'f2', pitch: 58, wpm: 165 },
  'narrator-female-2': { variant: 'f4', pitch: 66, wpm: 170 },
  'narrator-dramatic': { variant: 'm1', pitch: 28, wpm: 140 },
  'narrator-documentary': { variant: 'm2', pitch: 46, wpm: 155 },
};

export interface Speech {
  path: string;
  duration: number;
}

/** Speaks `text` into a 22.05 kHz mono WAV with espeak-ng. */
export async function speak(text: string, opts: { voice: VoicePreset; language: Language; speed: number; outPath: string }): Promise<Speech> {
  const preset = PRESET_VOICES[opts.voice];
  await runTool('espeak-ng', [
    '-v', `${ESPEAK_LANG[opts.language]}+${preset.variant}`,
    '-p', String(preset.pitch),
    '-s', String(Math.round(preset.wpm * opts.speed)),
    '-w', opts.outPath,
    '--stdin',
  ], { input: text });
  return { path: opts.outPath, duration: wavDuration(await readFile(opts.outPath)) };
}

interface Pcm { sampleRate: number; channels: number; bitsPerSample: number; data: Buffer }

export function parseWav(buf: Buffer): Pcm {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let fmt: Omit<Pcm, 'data'> | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') fmt = { channels: buf.readUInt16LE(body + 2), sampleRate: buf.readUInt32LE(body + 4), bitsPerSample: buf.readUInt16LE(body + 14) };
    if (id === 'data') {
      // espeak-ng streams to files with a placeholder size; trust the file length then.
      if (size === 0 || size === 0xffffffff || body + size > buf.length) size = buf.length - body;
      if (!fmt) throw new Error('WAV data before fmt');
      return { ...fmt, data: buf.subarray(body, body + size) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

export function wavDuration(buf: Buffer): number {
  const pcm = parseWav(buf);
  return pcm.data.length / (pcm.sampleRate * pcm.channels * (pcm.bitsPerSample / 8));
}

function wavHeader(dataBytes: number, sampleRate: number, channels: number, bits: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  h.writeUInt16LE((channels * bits) / 8, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Lays speech clips on a silent track at their start times (same format as espeak's output). */
export async function layTrack(parts: Array<{ path: string; start: number }>, total: number, outPath: string): Promise<void> {
  const pcms = await Promise.all(parts.map(async (p) => ({ start: p.start, pcm: parseWav(await readFile(p.path)) })));
  const first = pcms[0]?.pcm ?? { sampleRate: 22050, channels: 1, bitsPerSample: 16, data: Buffer.alloc(0) };
  const frameBytes = first.channels * (first.bitsPerSample / 8);
  const totalBytes = Math.ceil(total * first.sampleRate) * frameBytes;
  const out = Buffer.alloc(totalBytes);
  for (const { start, pcm } of pcms) {
    const at = Math.round(start * first.sampleRate) * frameBytes;
    pcm.data.copy(out, at, 0, Math.max(0, Math.min(pcm.data.length, totalBytes - at)));
  }
  await writeFile(outPath, Buffer.concat([wavHeader(out.length, first.sampleRate, first.channels, first.bitsPerSample), out]));
}
