// Videos (Sora) as a provider job: create returns the video id, retrieve reads its status and
// progress, the content route downloads the MP4 once completed; cancel deletes it.
import { toFile } from 'openai';
import { ProviderError } from '../errors';
import type { CallContext, JobHandler, JobStatus, VideoRequest } from '../types';
import { openaiCall, requestOptions, type OpenAiClients } from './api';

/** Sora takes 4, 8 or 12 seconds: the nearest at or above the ask (12 at most). */
export const soraSeconds = (s: number | undefined): '4' | '8' | '12' => ((s ?? 4) <= 4 ? '4' : (s ?? 4) <= 8 ? '8' : '12');

export function openaiVideo(clients: OpenAiClients): JobHandler<VideoRequest> {
  return {
    async submit(req, ctx) {
      const model = clients.model('VIDEO', ctx);
      const size = req.width && req.height ? `${req.width}x${req.height}` : undefined;
      const video = await openaiCall('video', async () => clients.client('VIDEO').videos.create({
        model: model as 'sora-2', prompt: req.prompt, seconds: soraSeconds(req.seconds),
        ...(size ? { size: size as '1280x720' } : {}),
        ...(req.still ? { input_reference: await toFile(req.still.image, 'reference.png') } : {}),
        ...ctx.route.params,
      }, requestOptions(ctx)));
      return { jobId: video.id };
    },
    async poll(jobId: string, ctx: CallContext): Promise<JobStatus> {
      const client = clients.client('VIDEO');
      const v = await openaiCall('video', () => client.videos.retrieve(jobId, requestOptions(ctx)));
      if (v.status === 'failed') {
        const message = v.error?.message ?? 'the render failed';
        return { status: 'failed', error: { kind: /moderation|policy|safety/i.test(`${v.error?.code ?? ''} ${message}`) ? 'content_refused' : 'retryable', message } };
      }
      if (v.status !== 'completed') return { status: v.status === 'queued' ? 'queued' : 'running', progress: (v.progress ?? 0) / 100 };
      const res = await openaiCall('video download', () => client.videos.downloadContent(jobId, { variant: 'video' }, requestOptions(ctx)));
      const data = Buffer.from(await res.arrayBuffer());
      if (!data.length) throw new ProviderError('retryable', `video ${jobId}: empty download`, { provider: 'openai' });
      return { status: 'succeeded', progress: 1, output: { data, mime: 'video/mp4' }, usage: { seconds: Number(v.seconds) } };
    },
    async cancel(jobId, ctx) {
      await openaiCall('video cancel', () => clients.client('VIDEO').videos.delete(jobId, requestOptions(ctx)));
    },
  };
}
