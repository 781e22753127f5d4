import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { PlatformGenerationActivities } from '../activities/platform-generation';
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

/** An asynchronous generation (video, 3D): workflow id = job id, polled through GET /v1/jobs/{id}. */
export async function generationJob(input: GenerationJobInput): Promise<{ status: string; url: string | null; error?: string }> {
  try {
    return await runGenerationJob(input);
  } catch (err) {
    const cause = err instanceof ActivityFailure ? err.cause : err;
    const message = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
    await failGenerationJob({ jobId: input.jobId, error: message });
    return { status: 'failed', url: null, error: message };
  }
}
