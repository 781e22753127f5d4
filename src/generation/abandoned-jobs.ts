// Synchronous generations (image, speech, chat, …) run inside their HTTP request: charge, provider,
// store, finish. A process that dies in the middle (SIGKILL, OOM, a lost host) leaves the job
// `processing` and its charge taken, and nobody else would ever finish it — the client got no
// answer. This sweep fails such jobs once they are older than any request can be, and refunds them.
// Asynchronous jobs (video, 3D) are not swept: their Temporal workflow retries or fails them.
import { sql } from 'kysely';
import type { Deps } from '../deps';
import { startSweep, sweepInterval } from '../infra/sweep';
import type { OperationType } from './prices';
import { failPrepared } from './pipeline';

const ASYNC_TYPES = ['video', '3d'];

/** Fails (and refunds) synchronous jobs still `processing` after `olderThanS`; returns their ids. */
export async function failAbandonedJobs(deps: Deps, olderThanS: number): Promise<string[]> {
  const stale = await deps.db
    .selectFrom('generation_jobs')
    .select(['id', 'account_id', 'type', 'model', 'charge_operation_id'])
    .where('status', '=', 'processing')
    .where('type', 'not in', ASYNC_TYPES)
    .where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanS})`)
    .limit(500)
    .execute();
  for (const job of stale) {
    // Idempotent against a second sweeper: the refund is keyed by its operation id, finishJob only
    // moves a job out of `processing` once, and only that move emits generation.failed.
    await failPrepared(
      deps,
      { jobId: job.id, accountId: job.account_id, type: job.type as OperationType, model: job.model, chargeOperationId: job.charge_operation_id },
      new Error(`The request serving this job stopped before it finished (no answer after ${olderThanS} s); the charge was refunded.`),
    );
  }
  if (stale.length) deps.logger.warn({ jobs: stale.map((j) => j.id) }, 'failed and refunded abandoned synchronous generation jobs');
  return stale.map((j) => j.id);
}

/** Runs the sweep on every worker, every third of the threshold (at most once a minute). */
export function startAbandonedJobSweep(deps: Deps, olderThanS: number): () => Promise<void> {
  return startSweep(deps.logger, 'abandoned-job sweep', sweepInterval(olderThanS), () => failAbandonedJobs(deps, olderThanS));
}
