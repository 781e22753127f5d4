import type { Deps } from '../src/deps';
import { failGenerationJob, runGenerationJob, type GenerationJobInput } from '../src/generation/async-jobs';

/** Asynchronous generation jobs (workflows/generation-job.ts). */
export function createPlatformGenerationActivities(deps: Deps) {
  return {
    runGenerationJob: (input: GenerationJobInput) => runGenerationJob(deps, input),
    failGenerationJob: (input: { jobId: string; error: string }) => failGenerationJob(deps, input),
  };
}

export type PlatformGenerationActivities = ReturnType<typeof createPlatformGenerationActivities>;
