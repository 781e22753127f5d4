// A generation job rendered by a provider (Replicate, fal, ComfyUI…), durably: submit once (the
// provider's id is recorded before the step returns), then wait for the provider's webhook
// (delivered as the `providerJobUpdate` signal) or poll, whichever comes first; polling alone
// finishes the job when no webhook can reach Atelier. Cancelling the workflow (the job's cancel
// route) cancels the provider job and refunds. A worker lost at any point resumes from history:
// nothing is submitted or charged again.
import { CancellationScope, condition, defineSignal, isCancellation, proxyActivities, setHandler, ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import type { ProviderJobActivities } from '../activities/provider-jobs';
import type { GenerationJobInput } from '../src/generation/async-jobs';
import type { JobStatus } from '../src/generation/providers/types';
import type { PolledStatus } from '../src/generation/provider-jobs/service';

export interface ProviderJobUpdate {
  providerJobId: string;
  status: JobStatus;
}

export const providerJobUpdate = defineSignal<[ProviderJobUpdate]>('providerJobUpdate');

const { submitProviderJob } = proxyActivities<ProviderJobActivities>({
  // The submit holds the job's row while the provider answers: a short step, retried while every
  // route is only temporarily refusing (429, 5xx), never resubmitted once recorded.
  startToCloseTimeout: '3 minutes',
  // Heartbeats: a worker lost mid-submit releases the row (its connection drops) and the retry
  // starts within 30 s; the retry finds the recorded id if the first attempt got that far.
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 8, initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', nonRetryableErrorTypes: ['InvalidJob', 'ProviderRejected', 'ContentRefused'] },
});
const { cancelProviderJob } = proxyActivities<ProviderJobActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', nonRetryableErrorTypes: ['InvalidJob'] },
});
// A poll that finds the output as bytes stores it in the same step, so it may take a while.
const { pollProviderJob } = proxyActivities<ProviderJobActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 10, initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', nonRetryableErrorTypes: ['InvalidJob'] },
});
const { storeProviderOutput } = proxyActivities<ProviderJobActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 5, initialInterval: '2 seconds', backoffCoefficient: 2, nonRetryableErrorTypes: ['InvalidJob', 'OutputRefused', 'ProviderJobFailed'] },
});
const { failProviderJob } = proxyActivities<ProviderJobActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** Waits between polls: quick at first (short renders), then every 15 s (webhooks cut it short). */
const POLL_MS = [1000, 2000, 3000, 5000, 10_000, 15_000];
/** A render that has not finished in a day is abandoned (cancelled upstream and refunded). */
const MAX_WAIT_MS = 24 * 3600 * 1000;

const finished = (s: JobStatus) => s.status === 'succeeded' || s.status === 'failed' || s.status === 'canceled';

function messageOf(err: unknown): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
}

export async function providerJob(input: GenerationJobInput): Promise<{ status: string; url: string | null; error?: string }> {
  let update: JobStatus | undefined;
  let providerJobId: string | undefined;
  // Deliveries about another provider job (or before ours is known) are ignored; polling stands.
  setHandler(providerJobUpdate, (u) => {
    if (providerJobId !== undefined && u.providerJobId === providerJobId) update = u.status;
  });
  let submitted = false;
  try {
    const record = await submitProviderJob(input);
    providerJobId = record.id;
    submitted = true;
    let status: PolledStatus | undefined;
    const started = Date.now();
    for (let i = 0; ; i++) {
      await condition(() => update !== undefined && finished(update), POLL_MS[Math.min(i, POLL_MS.length - 1)]!);
      status = update !== undefined && finished(update) ? update : await pollProviderJob(input);
      if (finished(status)) break;
      if (Date.now() - started > MAX_WAIT_MS) {
        await cancelProviderJob(input);
        status = { status: 'failed', error: { kind: 'retryable', message: 'the provider did not finish the render within a day' } };
        break;
      }
    }
    // Bytes were stored by the poll itself (history carries no media); URLs are copied here.
    if (status.status === 'succeeded') return status.stored ?? (await storeProviderOutput({ jobId: input.jobId, status }));
    const error = status.status === 'canceled' ? 'the provider canceled the job' : `the provider failed the job: ${status.error?.message ?? 'no reason given'}`;
    await failProviderJob({ jobId: input.jobId, error });
    return { status: 'failed', url: null, error };
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(async () => {
        if (submitted) await cancelProviderJob(input).catch(() => undefined);
        await failProviderJob({ jobId: input.jobId, error: 'The job was canceled; the charge was refunded.' });
      });
      throw err;
    }
    const error = messageOf(err);
    await failProviderJob({ jobId: input.jobId, error });
    return { status: 'failed', url: null, error };
  }
}
