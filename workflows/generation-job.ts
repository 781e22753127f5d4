import { ActivityFailure, ApplicationFailure, patched, proxyActivities } from '@temporalio/workflow';
import type { PlatformGenerationActivities } from '../activities/platform-generation';
import type { ProviderJobActivities } from '../activities/provider-jobs';
import { providerJob } from './provider-job';
import type { GenerationJobInput } from '../src/generation/async-jobs';

// Rendering can take minutes; a provider hiccup gets two more tries before the job fails. The
// activity heartbeats every 5 s, so a worker lost mid-render (SIGKILL, OOM) costs 30 s, not the
// whole start-to-close timeout, before another worker retries (bench/chaos.ts found jobs left
// `processing` for 10 minutes after a kill).
const { runGenerationJob } = proxyActivities<PlatformGenerationActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '2 seconds', backoffCoefficient: 2, nonRetryableErrorTypes: ['InvalidJob'] },
});
const { failGenerationJob } = proxyActivities<PlatformGenerationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

const { planProviderJob } = proxyActivities<ProviderJobActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second', nonRetryableErrorTypes: ['InvalidJob'] },
});

/** An asynchronous generation (video, 3D): workflow id = job id, polled through GET /v1/jobs/{id}. */
export async function generationJob(input: GenerationJobInput): Promise<{ status: string; url: string | null; error?: string }> {
  // A model whose first configured route renders as a provider job (Replicate, fal, ComfyUI…)
  // runs durably (provider-job.ts); the local provider keeps the one-activity path. Histories
  // started before this check replay without it.
  if (patched('provider-jobs')) {
    const plan = await planProviderJob(input);
    if (plan) return providerJob(input);
  }
  try {
    return await runGenerationJob(input);
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const message = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
    await failGenerationJob({ jobId: input.jobId, error: message });
    return { status: 'failed', url: null, error: message };
  }
}
