import type { MediaResult, SpeechRequest } from '../types';
import { runTool } from './exec';

// OpenAI-style voice names mapped onto espeak-ng voices and variants.
const VOICES: Record<string, string> = {
  alloy: 'en-us+m3', echo: 'en-us+m1', fable: 'en-gb+m4', onyx: 'en-us+m7', nova: 'en-us+f2', shimmer: 'en-us+f4',
  ash: 'en-us+m2', coral: 'en-us+f3', sage: 'en-gb+f1', verse: 'en-us+m5', ballad: 'en-gb+m2',
};

export const LOCAL_VOICES = Object.keys(VOICES);

/** Speech as a real WAV file from espeak-ng (text on stdin, WAV on stdout). */
export async function localSpeech(req: SpeechRequest): Promise<MediaResult<'audio/wav'>> {
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
