// Params of a node the workflow runs itself (control.delay, control.approval, control.wait_webhook,
// agent.run) that reach into a stored result: the workflow cannot read blobs, so it asks this
// activity for the params with those templates resolved and references loaded. Only such nodes
// take the detour; the others keep the params the workflow resolved.
import { ApplicationFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import { isNodeError, NodeError } from '../contract/node-error';
import type { ExecuteNodeInput } from '../contract/run-contract';
import { materialize } from './result-refs';

/**
 * The node's params with references loaded. They travel back through the workflow's history, so
 * past ATELIER_RESULT_INLINE_MAX_BYTES of JSON the node fails (`result_ref_too_large`): such a node
 * may read fields of a stored result, not carry the whole of it.
 */
export async function resolveNodeParams(deps: Pick<Deps, 'blobs' | 'config'>, input: ExecuteNodeInput): Promise<Record<string, unknown>> {
  try {
    const { params } = await materialize(deps.blobs, input);
    const bytes = Buffer.byteLength(JSON.stringify(params), 'utf8');
    const max = deps.config.engine.resultInlineMaxBytes;
    if (bytes > max) {
      throw new NodeError(
        `node ${input.node.id} (${input.node.type}) runs inside the workflow, so its params must stay under ${max} bytes of JSON once stored results are read into them; they are ${bytes}. Read the fields it needs ({{node.output.main.field}}), or pass the value through a node that runs as an activity.`,
        { type: 'result_ref_too_large', retryable: false },
      );
    }
    return params;
  } catch (err) {
    if (isNodeError(err)) throw ApplicationFailure.create({ type: err.type, message: err.message, nonRetryable: !err.retryable });
    throw err;
  }
}
