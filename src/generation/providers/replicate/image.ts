// Short renders on Replicate — text-to-image, upscaling, background removal — run a prediction
// to the end inside the call and copy its output (checked like any provider URL).
import { fetchOutput } from '../../provider-jobs/fetch-output';
import { ProviderError } from '../errors';
import type { BackgroundRequest, CallContext, ImageRequest, JobHandler, MediaResult, ProviderSettings, RunHandler, UpscaleRequest } from '../types';
import { dataUri, REPLICATE_DEFAULT_BASE_URL } from './api';
import { predictionJob, runPrediction } from './predictions';

async function runToMedia<Req>(settings: ProviderSettings, handler: JobHandler<Req>, req: Req, ctx: CallContext): Promise<MediaResult> {
  const s = await runPrediction(handler, req, ctx);
  if (s.status !== 'succeeded' || !s.output) throw new ProviderError(s.error?.kind ?? 'retryable', `replicate: ${s.error?.message ?? `the prediction ended ${s.status}`}`, { provider: 'replicate' });
  const file = await fetchOutput(s.output, { providerBaseUrls: [settings.baseUrl ?? REPLICATE_DEFAULT_BASE_URL], allowPrivateNetwork: false, signal: ctx.signal });
  return { ...file, usage: s.usage ?? { images: 1 } };
}

export function replicateImage(settings: ProviderSettings): RunHandler<ImageRequest, MediaResult> {
  const job = predictionJob(settings, (req: ImageRequest) => ({ prompt: req.prompt, width: req.width, height: req.height }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}

export function replicateUpscale(settings: ProviderSettings): RunHandler<UpscaleRequest, MediaResult> {
  const job = predictionJob(settings, (req: UpscaleRequest) => ({ image: dataUri(req.image), scale: req.scale }), () => ({ images: 1 }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}

export function replicateRemoveBackground(settings: ProviderSettings): RunHandler<BackgroundRequest, MediaResult> {
  const job = predictionJob(settings, (req: BackgroundRequest) => ({ image: dataUri(req.image) }), () => ({ images: 1 }));
  return { run: (req, ctx) => runToMedia(settings, job, req, ctx) };
}
