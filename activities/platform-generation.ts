import { Context } from '@temporalio/activity';
import type { Deps } from '../src/deps';
import { failGenerationJob, runGenerationJob, type GenerationJobInput } from '../src/generation/async-jobs';

/** How often a running job tells Temporal its worker is alive (the workflow's heartbeat timeout is 30 s). */
const HEARTBEAT_MS = 5_000;

/** Asynchronous generation jobs (workflows/generation-job.ts). */
export function createPlatformGenerationActivities(deps: Deps) {
  return {
    async runGenerationJob(input: GenerationJobInput) {
      // A render can take minutes: without heartbeats a worker that dies mid-render leaves the job
      // `processing` until the 10-minute start-to-close timeout; with them the retry starts
      // within the heartbeat timeout on another worker.
      const ctx = Context.current();
      const ticker = setInterval(() => ctx.heartbeat(), HEARTBEAT_MS);
      try {
        return await runGenerationJob(deps, input);
      } finally {
        clearInterval(ticker);
      }
    },
    failGenerationJob: (input: { jobId: string; error: string }) => failGenerationJob(deps, input),
  };
}

export type PlatformGenerationActivities = ReturnType<typeof createPlatformGenerationActivities>;
