// The node types the engineRun workflow runs itself (execution: 'workflow'), by type. Each
// handler lives with its node (nodes/<category>/<name>/workflow.ts) and is deterministic workflow
// code; the node's index.ts (zod, descriptions) stays out of the workflow bundle.
import type { WorkflowNodeHandler } from '../src/engine/workflow-node';
import { runAgent } from '../nodes/agent/run/workflow';
import { runApproval } from '../nodes/control/approval/workflow';
import { runDelay } from '../nodes/control/delay/workflow';
import { runWaitWebhook } from '../nodes/control/wait-webhook/workflow';

export const workflowNodeHandlers: Readonly<Record<string, WorkflowNodeHandler>> = {
  'agent.run': runAgent,
  'control.approval': runApproval,
  'control.delay': runDelay,
  'control.wait_webhook': runWaitWebhook,
};
