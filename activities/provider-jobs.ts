import type { Deps } from '../src/deps';
import type { JobStatus } from '../src/generation/providers/types';
import {
  cancelProviderJob, failProviderJob, planProviderJob, pollProviderJob, storeProviderOutput, submitProviderJob,
} from '../src/generation/provider-jobs/service';
import { whileHeartbeating } from './heartbeat';

/** The durable provider job's steps (workflows/provider-job.ts). */
export function createProviderJobActivities(deps: Deps) {
  return {
    planProviderJob: (input: { jobId: string }) => planProviderJob(deps, input),
    submitProviderJob: (input: { jobId: string }) => whileHeartbeating(() => submitProviderJob(deps, input)),
    pollProviderJob: (input: { jobId: string }) => whileHeartbeating(() => pollProviderJob(deps, input)),
    cancelProviderJob: (input: { jobId: string }) => cancelProviderJob(deps, input),
    // Copying a long clip can take a while: heartbeats let a lost worker's copy restart quickly.
    storeProviderOutput: (input: { jobId: string; status: JobStatus }) => whileHeartbeating(() => storeProviderOutput(deps, input)),
    failProviderJob: (input: { jobId: string; error: string }) => failProviderJob(deps, input),
  };
}

export type ProviderJobActivities = ReturnType<typeof createProviderJobActivities>;
