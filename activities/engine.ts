import type { Deps } from '../src/deps';
import { executeNode, type ExecutorRegistry } from '../src/engine/execution/node-executor';
import { finishRun, recordNodeFinished, recordNodesCompleted, recordNodesSettled, recordNodeStarted, type NodesCompletedInput, type NodesSettledInput } from '../src/engine/run/projections';
import type { ExecuteNodeInput, ExecuteNodeResult, FinishRunInput, NodeFinishedInput, NodeStartedInput } from '../src/engine/contract/run-contract';
import { nodeRegistry } from '../nodes/index';
import { resolveNodeParams } from '../src/engine/execution/workflow-node-params';
import { APPROVAL_NODE_TYPE, closeApprovalRequest, openApprovalRequest } from '../src/engine/approvals/service';
import { observedHere } from '../src/engine/events/executions';
import { observingExecutions } from './engine-executions';

export type { NodeFailureDetails } from '../src/engine/contract/run-contract';

/**
 * The engine's activities: `executeNode` runs one planned node through the node registry
 * (src/engine/execution/node-executor.ts); the projection activities write what the workflow
 * decided into runs, run_node_outputs and run_events (src/engine/run/projections.ts). Finishing a run
 * also tells the run's end listener (Deps.runEnd: the analysis, when the workflow has analytics
 * criteria or data points): inside this (retried) projection, so a crash between the two cannot lose it. Each notices the Temporal
 * execution it runs in first, so an operator's reset is recorded (./engine-executions.ts).
 */
export function createEngineActivities(deps: Deps, registry: ExecutorRegistry = nodeRegistry) {
  const { db } = deps;
  // Runs this process starts are observed as they start (src/engine/events/executions.ts).
  observedHere.active = true;
  return observingExecutions(deps, {
    // The run's last node may end the run with its commit (ExecuteNodeInput.endsRun): its analysis
    // starts here then, as finishRun's does.
    executeNode: (input: ExecuteNodeInput): Promise<ExecuteNodeResult> =>
      executeNode(deps, registry, input, (found) => deps.runEnd.ended(deps, { runId: input.runId, status: 'completed' }, found)),
    /** The params of a node the workflow runs itself, with the stored results they reach into read. */
    resolveNodeParams: (input: ExecuteNodeInput): Promise<Record<string, unknown>> => resolveNodeParams(deps, input),
    // An approval node's request exists before its node_started does, so a client that sees the
    // node waiting finds the request; its end closes the request with the outcome it emitted.
    recordNodeStarted: async (input: NodeStartedInput): Promise<void> => {
      if (input.nodeType === APPROVAL_NODE_TYPE) await openApprovalRequest(db, input);
      await recordNodeStarted(db, input);
    },
    recordNodeFinished: async (input: NodeFinishedInput): Promise<void> => {
      await recordNodeFinished(db, input);
      if (input.nodeType === APPROVAL_NODE_TYPE) await closeApprovalRequest(db, input);
    },
    recordNodesSettled: (input: NodesSettledInput): Promise<void> => recordNodesSettled(db, input),
    recordNodesCompleted: (input: NodesCompletedInput): Promise<void> => recordNodesCompleted(db, input),
    finishRun: async (input: FinishRunInput): Promise<void> => {
      const found = await finishRun(db, input, deps.runEnd);
      await deps.runEnd.ended(deps, input, found);
    },
  });
}

export type EngineActivities = ReturnType<typeof createEngineActivities>;
