// What starting a run takes (startRun, ./service.ts), in a module of its own: canary routing and
// the services that start runs read it without importing the runs service itself.
import type { Database } from '../../infra/db/index';
import type { Run } from '../../infra/db/schema/index';
import type { TriggerType } from '../contract/run-contract';
import type { NodeOutput, RunPlan } from '../contract/types';
import type { RunRules } from '../workflows/service';

export interface StartRunRequest {
  accountId: string;
  sandbox: boolean;
  workflowId: string;
  version: number;
  plan: RunPlan;
  input: Record<string, unknown>;
  triggerType: TriggerType;
  /** Request usd_cap; falls back to the spec's. */
  usdCapMicros?: number | null;
  retriedFrom?: string;
  /** Outputs of nodes not to execute (incident replay, simulation mocks): the resume mechanism. */
  completed?: Record<string, NodeOutput>;
  /** Runs inside the insert transaction, after the run row (satellite rows such as the canary arm). */
  onInsert?: (trx: Database, run: Run) => Promise<void>;
  /** Canary routing applies to runs of the current spec unless this is set. */
  skipCanary?: boolean;
  /** The agent run and node that started this run through a workflow tool. */
  parent?: { runId: string; nodeId: string };
  /**
   * Whether the workflow has a canary rule and a rate policy, when the caller read it with the
   * workflow (resolveWorkflowForRun): a `false` skips that read here. Absent: both are read.
   */
  knownRules?: RunRules;
}
