import { NodeError } from '../contract/node-error';

/**
 * Largest node result (output, logs and all, as JSON) carried inline, for executions started before
 * results could be stored as blobs: results travel through Temporal (the activity's result, the next
 * nodes' inputs, the run's history), and Temporal refuses payloads past its 2 MB blob limit.
 */
export const MAX_INLINE_NODE_RESULT_BYTES = 1024 * 1024;

/**
 * Largest node result a node may produce once large ports go to the blob store (src/engine/execution/
 * result-refs.ts). The executor serialises a result whole to measure and store it, and the next node
 * loads it whole into memory (a code node's `inputs`, a template's value): 256 MB bounds what one
 * worker holds for one node, well within the 512 MB a worker is sized for once the JSON string and
 * its parsed form are both counted. Larger data belongs in a file (a node emits a file reference).
 */
export const MAX_NODE_RESULT_BYTES = 256 * 1024 * 1024;

/** Fails the node at once (not retryable) when its result is over `limit`, before anything is recorded. */
export function assertNodeResultFits(result: unknown, nodeId: string, limit = MAX_INLINE_NODE_RESULT_BYTES, bytes = Buffer.byteLength(JSON.stringify(result) ?? '', 'utf8')): void {
  if (bytes > limit) {
    throw new NodeError(
      `Node ${nodeId} produced ${bytes} bytes of output; a node result may hold at most ${limit} bytes (${Math.round(limit / 1024 / 1024)} MB). Write large data to a file and pass its reference.`,
      { type: 'output_too_large', retryable: false },
    );
  }
}
