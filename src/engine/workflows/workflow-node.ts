// Nodes the engineRun workflow runs itself (execution: 'workflow'): durable timers and waits for
// signals. Each such node folder has a `workflow.ts` exporting a WorkflowNodeHandler, and
// workflows/workflow-nodes.ts maps node types to them. Handlers are workflow code: deterministic,
// no I/O, no clock or randomness of their own — everything durable goes through the api.
// Pure types: safe to import from workflow code.
import type { NodeResult } from '../contract/types';

/** The run signals a workflow-run node can wait for (POST /v1/runs/{id}/signals/{name}). */
export type WaitableSignal = 'approve' | 'webhook';

export interface WorkflowNodeApi {
  readonly nodeId: string;
  /** The run the node belongs to. */
  readonly run: { runId: string; accountId: string; workflowId: string; generation: number; sandbox: boolean; behaviour: number };
  /**
   * Runs a child workflow, given by its typed reference (e.g. agentRun from src/engine/contract/agent.ts;
   * see src/infra/temporal/workflow-ref.ts), on the run's task queue and returns its result; it is
   * cancelled with the run. A child that fails rethrows its failure, which fails the node with the
   * child's message (and what its ApplicationFailure details say it charged).
   */
  executeChild<A, R>(workflow: (arg: A) => Promise<R>, arg: A, opts: { id: string; summary: string }): Promise<R>;
  /** A durable Temporal timer. */
  sleep(ms: number): Promise<void>;
  /** Temporal's condition(): resolves true once `fn` is true, or false when `timeoutMs` passes first. */
  condition(fn: () => boolean, timeoutMs?: number): Promise<boolean>;
  /**
   * Waits for a `signal` addressed to this node (its `payload.node_id` absent or this node's id)
   * and takes it from the run's buffer, so a signal sent before the node started counts. The run's
   * status query lists the node under `waitingFor` meanwhile. Resolves undefined when `timeoutS`
   * passes first; without `timeoutS` it waits for ever (bounded by max_execution_time_s). With
   * `accept`, only a payload it accepts counts (others stay buffered for other nodes).
   */
  waitForSignal(signal: WaitableSignal, timeoutS?: number, accept?: (payload: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined>;
  /** A line in the node's logs (stamped when the node's end is recorded: workflows keep no clock). */
  log(message: string): void;
}

/**
 * A workflow-run node's behaviour. `params` are the node's params after templates (not parsed by
 * its zod schema: validate what you read); `inputs` are keyed by source node id. Throw a NodeError
 * to fail the node (it fails at once: workflow-run nodes are not retried by an activity policy).
 */
export type WorkflowNodeHandler = (api: WorkflowNodeApi, params: Record<string, unknown>, inputs: Record<string, unknown>) => Promise<WorkflowNodeResult>;

/** A workflow-run node's result; `usdChargedMicros` is what its activities charged (the node's usd_charged). */
export interface WorkflowNodeResult extends NodeResult {
  usdChargedMicros?: number;
}

/** What a pure node may read besides its params and inputs. */
export interface PureNodeRun {
  /** The run's input (POST /v1/runs `input`). */
  input: Record<string, unknown>;
  variables: Record<string, unknown>;
}

/**
 * A pure node (execution `local`) evaluated inside the engineRun workflow task itself, with no
 * activity: the same result as the node's `execute` for the same params and inputs, computed by
 * deterministic code with no I/O, clock or randomness. Lives in the node's `workflow.ts`, beside
 * its index.ts (which may reuse it). `params` are after templates but not parsed by the node's zod
 * schema: a handler checks what it reads and answers `undefined` for anything it does not fully
 * understand (params its schema might refuse or transform, a result it would rather not carry) —
 * the node then runs in its local activity as before, where the schema decides. It never throws.
 */
export type PureNodeHandler = (params: Record<string, unknown>, inputs: Record<string, unknown>, run: PureNodeRun) => NodeResult | undefined;
