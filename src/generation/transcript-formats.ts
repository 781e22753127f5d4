// The transcription answer in each of OpenAI's `response_format`s, built from one result.
import type { TranscriptionResult } from './providers/types';

export const TRANSCRIPT_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** ISO 639-1 codes to the language names OpenAI's verbose_json reports. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'english', de: 'german', fr: 'french', es: 'spanish', it: 'italian', pt: 'portuguese', pl: 'polish', nl: 'dutch',
  ja: 'japanese', ko: 'korean', zh: 'chinese', ru: 'russian', uk: 'ukrainian', tr: 'turkish', ar: 'arabic', hi: 'hindi',
};
export const languageName = (code: string | undefined) => (code ? (LANGUAGE_NAMES[code.toLowerCase()] ?? code.toLowerCase()) : 'unknown');

function clock(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

const segmentsOf = (r: TranscriptionResult) => r.segments ?? (r.text ? [{ start: 0, end: r.duration ?? 0, text: r.text }] : []);

export function toSrt(r: TranscriptionResult): string {
  return segmentsOf(r).map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text.trim()}\n`).join('\n');
}

export function toVtt(r: TranscriptionResult): string {
  return `WEBVTT\n\n${segmentsOf(r).map((s) => `${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${s.text.trim()}\n`).join('\n')}`;
}

/** verbose_json: OpenAI's segment fields (the local recogniser reports no token ids or log-probabilities). */
export function toVerbose(r: TranscriptionResult, seconds: number) {
  return {
    task: 'transcribe' as const,
    language: languageName(r.language),
    duration: r.duration ?? seconds,
    text: r.text,
    segments: segmentsOf(r).map((s, id) => ({
      id, seek: 0, start: s.start, end: s.end, text: s.text, tokens: [] as number[], temperature: 0, avg_logprob: 0, compression_ratio: 1, no_speech_prob: 0,
    })),
    usage: { type: 'duration' as const, seconds: Math.ceil(seconds) },
  };
}
