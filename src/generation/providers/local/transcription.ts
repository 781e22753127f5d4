// Local speech-to-text: any audio ffmpeg can read is decoded to the recogniser's input (PCM16 mono
// 24 kHz), cut into utterances where the speaker pauses (the realtime engine's energy VAD), and
// each utterance is recognised by the same pocketsphinx runner the realtime voice engine uses
// (src/voice/realtime/local/hearing.ts). An utterance's start and end come from the VAD, so
// segments carry real timings. The shipped acoustic model is US English only.
import { ApiError, detail } from '../../../infra/http/errors';
import { runTool } from './exec';
import { BYTES_PER_SECOND, INPUT_SAMPLE_RATE, TranscriptionError, transcribePcm16 } from '../../../voice/realtime/local/hearing';
import { EnergyVad } from '../../../voice/realtime/local/vad';
import type { TranscriptionRequest, TranscriptionResult, TranscriptSegment } from '../types';

export const LOCAL_TRANSCRIPTION_MODEL = 'atelier-stt-v1';
/** Languages the local recogniser knows (its model is US English). */
export const LOCAL_TRANSCRIPTION_LANGUAGES = ['en'];

/** Pauses shorter than this stay inside one segment. */
const PAUSE_MS = 600;
/** Longer speech is cut into pieces of at most this (the recogniser's search grows with length). */
const MAX_SEGMENT_S = 30;
/** Audio kept on both sides of an utterance, so first and last words are not clipped. */
const PAD_S = 0.2;

/** Decodes any container/codec ffmpeg reads to PCM16 mono at the recogniser's rate. */
async function decode(audio: Buffer, signal?: AbortSignal): Promise<Buffer> {
  try {
    const { stdout } = await runTool('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-vn', '-ac', '1', '-ar', String(INPUT_SAMPLE_RATE), '-f', 's16le', 'pipe:1'], {
      input: audio, signal, timeoutMs: 120_000,
    });
    return stdout;
  } catch (err) {
    if (signal?.aborted) throw err;
    throw detail(400, 'The file could not be read as audio. Send a supported audio file (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm).');
  }
}

/** Where speech is, in samples: VAD utterances, padded, with long ones split. */
export function speechSpans(pcm: Buffer): Array<[number, number]> {
  const total = pcm.length / 2;
  const vad = new EnergyVad({ type: 'server_vad', threshold: 0.5, prefix_padding_ms: 0, silence_duration_ms: PAUSE_MS, create_response: false, interrupt_response: false });
  const spans: Array<[number, number]> = [];
  let open: number | null = null;
  for (const t of vad.push(pcm)) {
    if (t.type === 'start') open = t.sample;
    else if (open !== null) {
      // The VAD reports the stop after the pause: the speech ended a pause earlier.
      spans.push([open, Math.max(open + 1, t.sample - Math.round((PAUSE_MS / 1000) * INPUT_SAMPLE_RATE))]);
      open = null;
    }
  }
  if (open !== null) spans.push([open, total]);
  const pad = Math.round(PAD_S * INPUT_SAMPLE_RATE);
  const max = MAX_SEGMENT_S * INPUT_SAMPLE_RATE;
  const out: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const s = Math.max(0, a - pad);
    const e = Math.min(total, b + pad);
    for (let x = s; x < e; x += max) out.push([x, Math.min(e, x + max)]);
  }
  return out;
}

/** Text, language, duration and timed segments of the speech in `req.audio`. */
export async function localTranscription(req: TranscriptionRequest): Promise<TranscriptionResult> {
  const language = req.language?.toLowerCase().split(/[-_]/)[0];
  if (language && !LOCAL_TRANSCRIPTION_LANGUAGES.includes(language)) {
    throw detail(400, `The local recogniser knows ${LOCAL_TRANSCRIPTION_LANGUAGES.join(', ')} only; '${req.language}' is not available on this server.`);
  }
  const pcm = await decode(req.audio, req.signal);
  const duration = Math.round((pcm.length / BYTES_PER_SECOND) * 1000) / 1000;
  const spans = speechSpans(pcm);
  let texts: string[];
  try {
    texts = await Promise.all(spans.map(([a, b]) => transcribePcm16(pcm.subarray(a * 2, b * 2), { timeoutMs: 120_000, signal: req.signal })));
  } catch (err) {
    if (err instanceof TranscriptionError) {
      throw err.code === 'transcription_unavailable' ? new ApiError(503, { detail: err.message }) : new Error(err.message);
    }
    throw err;
  }
  const segments: TranscriptSegment[] = [];
  spans.forEach(([a, b], i) => {
    const text = texts[i]!.trim();
    if (text) segments.push({ start: round(a / INPUT_SAMPLE_RATE), end: round(b / INPUT_SAMPLE_RATE), text });
  });
  return {
    text: segments.map((s) => s.text).join(' '),
    language: 'en',
    duration,
    segments,
    usage: { seconds: duration, minutes: duration / 60 },
  };
}

const round = (s: number) => Math.round(s * 100) / 100;
