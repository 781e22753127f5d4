import { NodeError } from './contract/node-error';

/**
 * Largest node result (output, logs and all, as JSON) the engine carries. Results travel through
 * Temporal (the activity's result, the next nodes' inputs, the run's history) and into Postgres and
 * SSE; Temporal refuses payloads past its blob limit, and a refused result used to be retried for
 * half a minute while the event log already said `node_completed ok:true`. Larger data belongs in a
 * file (a node emits a file reference, as image and video nodes do).
 */
export const MAX_NODE_RESULT_BYTES = 1024 * 1024;

/** Fails the node at once (not retryable) when its result is over the limit, before anything is recorded. */
export function assertNodeResultFits(result: unknown, nodeId: string): void {
  const bytes = Buffer.byteLength(JSON.stringify(result) ?? '', 'utf8');
  if (bytes > MAX_NODE_RESULT_BYTES) {
    throw new NodeError(
      `Node ${nodeId} produced ${bytes} bytes of output; a node result may hold at most ${MAX_NODE_RESULT_BYTES} bytes (1 MB). Write large data to a file and pass its reference.`,
      { type: 'output_too_large', retryable: false },
    );
  }
}
