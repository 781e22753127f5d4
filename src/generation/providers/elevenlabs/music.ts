// Music (POST /v1/music): a prompt and a length in milliseconds, the song back in one answer.
import { sniffContentType } from '../../../storage/sniff';
import type { MediaResult, MusicRequest, ProviderSettings, RunHandler } from '../types';
import { collect, elevenClient, elevenError, requestOptions } from './api';

export function elevenMusic(settings: ProviderSettings): RunHandler<MusicRequest, MediaResult> {
  return {
    async run(req, ctx) {
      // ElevenLabs takes 3 s to 10 min.
      const ms = Math.round(Math.min(600, Math.max(3, req.seconds)) * 1000);
      try {
        const stream = await elevenClient(settings, ctx).music.compose({ prompt: req.prompt, musicLengthMs: ms, modelId: ctx.route.model as never, ...ctx.route.params }, requestOptions(ctx, settings));
        const data = await collect(stream);
        return { data, mime: sniffContentType(data.subarray(0, 4100)), usage: { seconds: ms / 1000 } };
      } catch (err) {
        throw elevenError(err);
      }
    },
  };
}
