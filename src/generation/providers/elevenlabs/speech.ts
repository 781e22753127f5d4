// Text-to-speech: the voice is an ElevenLabs voice id passed through (a generic name like
// "alloy" falls back to the route's `voice_id` param, else a stock voice); billed per character.
import type { MediaResult, ProviderSettings, RunHandler, SpeechRequest } from '../types';
import { collect, elevenClient, elevenError, requestOptions } from './api';
import { sniffContentType } from '../../../storage/sniff';

/** ElevenLabs voice ids are 20 letters and digits. */
const VOICE_ID = /^[A-Za-z0-9]{20}$/;
const STOCK_VOICE = '21m00Tcm4TlvDq8ikWAM';

export function elevenSpeech(settings: ProviderSettings): RunHandler<SpeechRequest, MediaResult> {
  return {
    async run(req, ctx) {
      const { voice_id: voiceParam, output_format: format, ...params } = ctx.route.params as { voice_id?: string; output_format?: string };
      const voice = VOICE_ID.test(req.voice) ? req.voice : (voiceParam ?? STOCK_VOICE);
      try {
        const stream = await elevenClient(settings, ctx).textToSpeech.convert(voice, {
          text: req.input,
          modelId: ctx.route.model,
          outputFormat: (format ?? 'mp3_44100_128') as never,
          ...(req.language ? { languageCode: req.language } : {}),
          ...(req.speed !== undefined ? { voiceSettings: { speed: Math.min(1.2, Math.max(0.7, req.speed)) } } : {}),
          ...params,
        }, requestOptions(ctx, settings));
        const data = await collect(stream);
        return { data, mime: sniffContentType(data.subarray(0, 4100)), usage: { characters: req.input.length } };
      } catch (err) {
        throw elevenError(err);
      }
    },
  };
}
