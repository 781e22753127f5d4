// Speech in the container a caller asked for (OpenAI's `response_format`). A provider's bytes are
// passed through untouched when they already are that format; otherwise ffmpeg converts them.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from './media-tools';

export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

export const MIME_OF: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', wav: 'audio/wav', pcm: 'audio/pcm',
};
const FFMPEG_OUT: Record<SpeechFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'],
  opus: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  aac: ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  // OpenAI's pcm: raw 24 kHz 16-bit signed little-endian mono.
  pcm: ['-ac', '1', '-ar', '24000', '-f', 's16le'],
};

export const EXT_OF_MIME: Record<string, string> = {
  'audio/mpeg': 'mp3', 'audio/ogg': 'opus', 'audio/aac': 'aac', 'audio/flac': 'flac', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/pcm': 'pcm',
};

export async function convertAudio(audio: { data: Buffer; mime: string }, format: SpeechFormat): Promise<{ data: Buffer; mime: string }> {
  if (MIME_OF[format] === audio.mime || (format === 'wav' && audio.mime === 'audio/x-wav')) return audio;
  const dir = await mkdtemp(join(tmpdir(), 'atelier-audio-'));
  try {
    const input = join(dir, 'in');
    const out = join(dir, `out.${format}`);
    await writeFile(input, audio.data);
    await runTool('ffmpeg', ['-v', 'error', '-y', '-i', input, '-map_metadata', '-1', ...FFMPEG_OUT[format], out]);
    return { data: await readFile(out), mime: MIME_OF[format] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
