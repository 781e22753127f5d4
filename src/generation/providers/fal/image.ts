// Short renders on fal's queue — text-to-image, upscaling, background removal — run to the end
// inside the call; the output is copied like any provider URL.
import { fetchOutput } from '../../provider-jobs/fetch-output';
import { ProviderError } from '../errors';
import type { BackgroundRequest, CallContext, ImageRequest, JobHandler, MediaResult, ProviderSettings, RunHandler, UpscaleRequest } from '../types';
import { dataUri, FAL_QUEUE_URL } from './api';
import { queueJob, runQueued } from './queue';

async function runToMedia<Req>(settings: ProviderSettings, handler: JobHandler<Req>, req: Req, ctx: CallContext): Promise<MediaResult> {
  const s = await runQueued(handler, req, ctx);
  if (s.status !== 'succeeded' || !s.output) throw new ProviderError(s.error?.kind ?? 'retryable', s.error?.message ?? `fal: the request ended ${s.status}`, { provider: 'fal' });
  const file = await fetchOutput(s.output, { providerBaseUrls: [settings.baseUrl ?? FAL_QUEUE_URL], allowPrivateNetwork: false, signal: ctx.signal });
  return { ...file, usage: { images: 1 } };
}

export function falImage(settings: ProviderSettings): RunHandler<ImageRequest, MediaResult> {
  const job = queueJob(settings, (req: ImageRequest) => ({ prompt: req.prompt, image_size: { width: req.width, height: req.height }, num_images: 1 }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}

export function falUpscale(settings: ProviderSettings): RunHandler<UpscaleRequest, MediaResult> {
  const job = queueJob(settings, (req: UpscaleRequest) => ({ image_url: dataUri(req.image), scale: req.scale }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}

export function falRemoveBackground(settings: ProviderSettings): RunHandler<BackgroundRequest, MediaResult> {
  const job = queueJob(settings, (req: BackgroundRequest) => ({ image_url: dataUri(req.image) }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}
