// The node types the engineRun workflow runs itself (execution: 'workflow'), by type. Each
// handler lives with its node (nodes/<category>/<name>/workflow.ts) and is deterministic workflow
// code; the node's index.ts (zod, descriptions) stays out of the workflow bundle.
import type { PureNodeHandler, WorkflowNodeHandler } from '../src/engine/workflows/workflow-node';
import { runAgent } from '../nodes/agent/run/workflow';
import { runApproval } from '../nodes/control/approval/workflow';
import { runDelay } from '../nodes/control/delay/workflow';
import { runWaitWebhook } from '../nodes/control/wait-webhook/workflow';
import { evaluateIoSet } from '../nodes/io/set/workflow';
import { evaluateLogicIf } from '../nodes/logic/if/workflow';
import { evaluateLogicMerge } from '../nodes/logic/merge/workflow';
import { evaluateLogicNoop } from '../nodes/logic/noop/workflow';
import { evaluateTriggerManual } from '../nodes/trigger/manual/workflow';

export const workflowNodeHandlers: Readonly<Record<string, WorkflowNodeHandler>> = {
  'agent.run': runAgent,
  'control.approval': runApproval,
  'control.delay': runDelay,
  'control.wait_webhook': runWaitWebhook,
};

/**
 * Pure nodes the engineRun workflow evaluates inside its own workflow task (no activity), by
 * `type@version`: the version their handler reproduces. Any other version, or a case a handler
 * declines, runs in the node's local activity as before.
 */
export const pureNodeHandlers: Readonly<Record<string, PureNodeHandler>> = {
  'trigger.manual@1': evaluateTriggerManual,
  'io.set@1': evaluateIoSet,
  'logic.if@1': evaluateLogicIf,
  'logic.merge@1': evaluateLogicMerge,
  'logic.noop@1': evaluateLogicNoop,
};
