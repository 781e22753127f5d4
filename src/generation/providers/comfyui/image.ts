// Images from an operator's ComfyUI workflow, run to the end inside the call.
import { fetchOutput } from '../../provider-jobs/fetch-output';
import { ProviderError } from '../errors';
import type { ImageRequest, MediaResult, ProviderSettings, RunHandler } from '../types';
import { authHeaders } from './api';
import { promptJob } from './prompts';
import { seedOf } from './video';

export function comfyImage(settings: ProviderSettings): RunHandler<ImageRequest, MediaResult> {
  const job = promptJob(settings, (req: ImageRequest) => ({ prompt: req.prompt, seed: seedOf(req.prompt), width: req.width, height: req.height }), () => ({ images: 1 }));
  return {
    async run(req, ctx) {
      const { jobId } = await job.submit(req, ctx);
      const deadline = Date.now() + (ctx.timeoutMs || 120_000);
      for (;;) {
        const s = await job.poll(jobId, ctx);
        if (s.status === 'succeeded' && s.output) {
          const file = await fetchOutput(s.output, { providerBaseUrls: [settings.baseUrl], allowPrivateNetwork: false, headers: authHeaders(settings), signal: ctx.signal });
          return { ...file, usage: { images: 1 } };
        }
        if (s.status === 'failed' || s.status === 'canceled') throw new ProviderError(s.error?.kind ?? 'retryable', s.error?.message ?? 'comfyui: the prompt was canceled', { provider: 'comfyui' });
        if (Date.now() > deadline) {
          await job.cancel(jobId, ctx).catch(() => undefined);
          throw new ProviderError('retryable', 'comfyui: the workflow did not finish in time', { provider: 'comfyui' });
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    },
  };
}
