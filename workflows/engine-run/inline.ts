// Pure nodes evaluated inside the workflow task (no activity), since `inline-pure-nodes`: the node
// type's handler at the plan's version (pureNodeHandlers) computes the result right here.
import { containsResultRef, deferredTemplates } from '../../src/engine/contract/result-ref';
import { resolveTemplates } from '../../src/engine/contract/templates';
import type { NodeOutput, PlannedNode } from '../../src/engine/contract/types';
import { pureNodeHandlers } from '../workflow-nodes';

/** The activity's result limit (src/engine/catalogue/node-output-size.ts, 1 MB): larger results go through the activity, which checks it. */
const MAX_INLINE_RESULT_BYTES = 1024 * 1024;
/**
 * With `claim-check-results`: the default result size past which an activity stores ports as blobs
 * (ATELIER_RESULT_INLINE_MAX_BYTES). A larger inline result goes through the activity instead, which
 * stores it; workflow code cannot read the setting, so it uses the default.
 */
const CLAIM_CHECK_INLINE_RESULT_BYTES = 128 * 1024;

/**
 * A pure node's result, or undefined when it must run in its activity: the node type has no
 * handler at this version, the handler declines, or the result is too large to be sure it fits.
 */
export function evaluateInline(
  node: PlannedNode,
  inputs: Record<string, unknown>,
  run: { emitted: Record<string, Record<string, unknown>>; variables: Record<string, unknown>; input: Record<string, unknown>; claimCheck?: boolean },
): NodeOutput | undefined {
  const handler = pureNodeHandlers[`${node.type}@${node.version}`];
  if (!handler) return undefined;
  const scope = { outputs: run.emitted, variables: run.variables };
  // The bytes behind a reference are read by activities only: such a node runs in its activity.
  if (run.claimCheck && (containsResultRef(inputs) || deferredTemplates(node.params, scope).length > 0)) return undefined;
  let result;
  try {
    const params = resolveTemplates(node.params, scope);
    result = handler(params, inputs, { input: run.input, variables: run.variables });
  } catch {
    return undefined;
  }
  if (!result) return undefined;
  // UTF-16 length × 3 bounds the UTF-8 size: below that the activity's size check would pass too.
  if ((JSON.stringify(result.output) ?? '').length * 3 > (run.claimCheck ? CLAIM_CHECK_INLINE_RESULT_BYTES : MAX_INLINE_RESULT_BYTES)) return undefined;
  return { ok: true, output: result.output, usd_charged: 0, error: null, logs: [], duration_ms: 0 };
}
