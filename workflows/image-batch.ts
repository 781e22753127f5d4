import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { ImageBatchActivities } from '../activities/image-batch';
import type { ImageBatchInput } from '../src/generation/image-tools/batch';

// One activity per image: a worker lost mid-item (SIGKILL, OOM) is noticed within the heartbeat
// timeout and the item retried elsewhere; items already recorded on the job row are skipped.
const { runImageBatchItem } = proxyActivities<ImageBatchActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2 },
});
const { finishImageBatch, failImageBatchItem } = proxyActivities<ImageBatchActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 10, initialInterval: '1 second' },
});

/** POST /v1/images/batch: workflow id = job id, polled through GET /v1/jobs/{id}. */
export async function imageBatch(input: ImageBatchInput): Promise<{ status: string; completed: number; failed: number }> {
  for (let index = 0; index < input.count; index++) {
    try {
      await runImageBatchItem({ jobId: input.jobId, index });
    } catch (err) {
      const cause = err instanceof ActivityFailure ? err.cause : err;
      const message = cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
      await failImageBatchItem({ jobId: input.jobId, index, error: message });
    }
  }
  return finishImageBatch({ jobId: input.jobId });
}
