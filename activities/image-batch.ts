import type { Deps } from '../src/deps';
import { failImageBatchItem, finishImageBatch, runImageBatchItem } from '../src/generation/image-tools/batch';
import { whileHeartbeating } from './heartbeat';

/** POST /v1/images/batch's items (workflows/image-batch.ts). */
export function createImageBatchActivities(deps: Deps) {
  return {
    runImageBatchItem: (input: { jobId: string; index: number }) => whileHeartbeating(() => runImageBatchItem(deps, input)),
    failImageBatchItem: (input: { jobId: string; index: number; error: string }) => failImageBatchItem(deps, input),
    finishImageBatch: (input: { jobId: string }) => finishImageBatch(deps, input),
  };
}

export type ImageBatchActivities = ReturnType<typeof createImageBatchActivities>;
