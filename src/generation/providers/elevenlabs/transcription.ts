// Speech-to-text (Scribe): the audio uploaded as multipart, words with timings back; segments are
// built from the words (a new one at a sentence end or a pause), billed by the audio's length.
import type { ProviderSettings, RunHandler, TranscriptionRequest, TranscriptionResult, TranscriptSegment } from '../types';
import { elevenClient, elevenError, requestOptions } from './api';

interface Word { text: string; start?: number; end?: number; type?: string }

export function segmentsOf(words: Word[]): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  let current: TranscriptSegment | undefined;
  for (const w of words) {
    if (w.type === 'spacing' || w.type === 'audio_event') {
      if (current && w.type === 'spacing') current.text += w.text;
      continue;
    }
    const start = w.start ?? current?.end ?? 0;
    if (!current || start - current.end > 1) {
      if (current) out.push({ ...current, text: current.text.trim() });
      current = { start, end: w.end ?? start, text: '' };
    }
    current.text += w.text;
    current.end = w.end ?? current.end;
    if (/[.!?]$/.test(w.text)) {
      out.push({ ...current, text: current.text.trim() });
      current = undefined;
    }
  }
  if (current && current.text.trim()) out.push({ ...current, text: current.text.trim() });
  return out;
}

export function elevenTranscription(settings: ProviderSettings): RunHandler<TranscriptionRequest, TranscriptionResult> {
  return {
    async run(req, ctx) {
      try {
        const res = (await elevenClient(settings, ctx).speechToText.convert({
          file: { data: req.audio, filename: req.filename } as never,
          modelId: ctx.route.model,
          ...(req.language ? { languageCode: req.language } : {}),
          timestampsGranularity: 'word',
          ...ctx.route.params,
        }, requestOptions(ctx, settings))) as { text: string; languageCode?: string; words?: Word[]; audioDurationSecs?: number };
        const words = res.words ?? [];
        const duration = res.audioDurationSecs ?? words.reduce((m, w) => Math.max(m, w.end ?? 0), 0);
        return {
          text: res.text,
          language: res.languageCode,
          duration,
          ...(req.timestamps ? { segments: segmentsOf(words) } : {}),
          usage: { seconds: duration, minutes: duration / 60 },
        };
      } catch (err) {
        throw elevenError(err);
      }
    },
  };
}
