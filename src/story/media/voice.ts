// WAV handling for the voice-over: durations, and the full track laid from the spoken scenes
// (speech itself comes from the provider layer, src/story/steps/generate.ts).
import { readFile, writeFile } from 'node:fs/promises';

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
