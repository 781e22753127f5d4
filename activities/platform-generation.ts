import type { Deps } from '../src/deps';
import { failGenerationJob, runGenerationJob, type GenerationJobInput } from '../src/generation/async-jobs';
import { whileHeartbeating } from './heartbeat';

/** Asynchronous generation jobs (workflows/generation-job.ts). */
export function createPlatformGenerationActivities(deps: Deps) {
  return {
    // A render can take minutes: without heartbeats a worker that dies mid-render leaves the job
    // `processing` until the 10-minute start-to-close timeout; with them the retry starts within
    // the heartbeat timeout (30 s) on another worker.
    runGenerationJob: (input: GenerationJobInput) => whileHeartbeating(() => runGenerationJob(deps, input)),
    failGenerationJob: (input: { jobId: string; error: string }) => failGenerationJob(deps, input),
  };
}

export type PlatformGenerationActivities = ReturnType<typeof createPlatformGenerationActivities>;
