// Text-to-speech (/audio/speech) and speech-to-text (/audio/transcriptions).
import { toFile } from 'openai';
import { sniffContentType } from '../../../storage/sniff';
import { ProviderError } from '../errors';
import type { CallContext, MediaResult, SpeechRequest, TranscriptionRequest, TranscriptionResult } from '../types';
import { openaiCall, requestOptions, type OpenAiClients } from './api';

export function openaiSpeech(clients: OpenAiClients) {
  return {
    async run(req: SpeechRequest, ctx: CallContext): Promise<MediaResult> {
      const model = clients.model('SPEECH', ctx);
      // WAV unless the catalogue's params ask otherwise: narration is mixed and timed downstream.
      const res = await openaiCall('speech', () => clients.client('SPEECH').audio.speech.create({
        model, input: req.input, voice: req.voice as 'alloy', ...(req.speed !== undefined ? { speed: req.speed } : {}), response_format: 'wav', ...ctx.route.params,
      }, requestOptions(ctx)));
      const data = Buffer.from(await openaiCall('speech', () => res.arrayBuffer()));
      const mime = sniffContentType(data.subarray(0, 64));
      if (!mime.startsWith('audio/')) throw new ProviderError('retryable', `speech: response is ${mime}, not audio`, { provider: 'openai' });
      return { data, mime, usage: { characters: req.input.length } };
    },
  };
}

interface VerboseTranscription {
  text: string;
  language?: string;
  duration?: number;
  segments?: Array<{ start: number; end: number; text: string }>;
  usage?: { type?: string; seconds?: number; input_tokens?: number; output_tokens?: number };
}

export function openaiTranscription(clients: OpenAiClients) {
  return {
    async run(req: TranscriptionRequest, ctx: CallContext): Promise<TranscriptionResult> {
      const model = clients.model('TRANSCRIPTION', ctx);
      // verbose_json (segments, duration) only where the model has it: whisper-1.
      const verbose = req.timestamps === true && model.startsWith('whisper');
      const res = (await openaiCall('transcription', async () => clients.client('TRANSCRIPTION').audio.transcriptions.create({
        model,
        file: await toFile(req.audio, req.filename),
        ...(req.language ? { language: req.language } : {}),
        ...(req.prompt ? { prompt: req.prompt } : {}),
        response_format: verbose ? 'verbose_json' : 'json',
        ...ctx.route.params,
      }, requestOptions(ctx)))) as unknown as VerboseTranscription;
      if (typeof res?.text !== 'string') throw new ProviderError('retryable', 'transcription: response has no text', { provider: 'openai' });
      const seconds = res.duration ?? (res.usage?.type === 'duration' ? res.usage.seconds : undefined);
      return {
        text: res.text,
        ...(res.language ? { language: res.language } : {}),
        ...(seconds !== undefined ? { duration: seconds } : {}),
        ...(res.segments ? { segments: res.segments.map((s) => ({ start: s.start, end: s.end, text: s.text })) } : {}),
        usage: {
          ...(seconds !== undefined ? { seconds, minutes: seconds / 60 } : {}),
          ...(res.usage?.input_tokens !== undefined ? { inputTokens: res.usage.input_tokens, outputTokens: res.usage.output_tokens } : {}),
        },
      };
    },
  };
}
