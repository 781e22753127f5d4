// What the API, the engineRun workflow and the engine activities pass each other. Pure types:
// safe to import from workflow code.
import type { NewRunEvent, NodeRowJson } from './run-events';
import type { NodeLog, NodeOutput, PlannedNode, RunPlan, RunStatus } from './types';
import type { DeferredTemplate } from './result-ref';

export type TriggerType = 'manual' | 'schedule' | 'webhook' | 'test';

/** The engineRun workflow's one argument. */
export interface EngineRunInput {
  runId: string;
  accountId: string;
  workflowId: string;
  version: number;
  triggerType: TriggerType;
  sandbox: boolean;
  input: Record<string, unknown>;
  plan: RunPlan;
  /** The run's cap (request usd_cap, else the spec's); null = uncapped. */
  usdCapMicros: number | null;
  /**
   * 0 for a fresh run, +1 per resume. Part of every event's dedupe key, so a resumed node may
   * emit its events again while a retried projection activity may not.
   */
  generation: number;
  /** Resume: outputs of nodes that already succeeded; they are not executed again. */
  completed?: Record<string, NodeOutput>;
  /**
   * The engineRun behaviour the starter asks for (ENGINE_RUN_BEHAVIOUR), carried in the input and
   * so in the history. Executions started without it decide each behaviour with a patch marker, as
   * they always did; one started with it needs no marker (each `patched()` call also writes a search
   * attribute upsert, which costs the Temporal server a visibility write per patch per run).
   */
  behaviour?: number;
}

/**
 * engineRun behaviour 1: a failed node with continue_on_error emits on `error`; pure nodes are
 * evaluated inside the workflow task; local activities run one at a time. These are the
 * `continue-on-error-port`, `inline-pure-nodes` and `serial-local-activities` patches, on from the start.
 * Behaviour 2 adds `continue-on-error-main`: that failure also goes out on `main` unless an edge
 * leaves `error`.
 * Behaviour 3 adds `claim-check-results`: a node result too large to travel through Temporal is
 * stored as a blob by its activity and only a reference (src/engine/contract/result-ref.ts) travels;
 * a pure node whose inputs or templates reach into one runs in its activity, not inline.
 * Behaviour 4 starts the run's deadline timer only when the run first waits on something else
 * than an activity or local node (a node the workflow runs itself, a retry pause); those nodes'
 * calls are bounded by the time the run has left (their schedule-to-close timeout) instead.
 * Behaviour 5: an activity node nothing follows commits itself with the run's end, completed, when
 * it is the last of the run's nodes to succeed (ExecuteNodeInput.endsRun); the workflow then writes
 * no end of its own.
 * Behaviour 6: a control.approval node with approvers, link approvers, a quorum or a form takes only
 * the decision its approval request sends (the payload carries the request's `approval_id`), so no
 * raw approve signal can decide it.
 */
export const ENGINE_RUN_BEHAVIOUR = 6;

/** Node lifecycle as the workflow tracks it and the status query reports it. */
export type NodeState = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';

export interface EngineRunStatus {
  status: RunStatus;
  nodes: Record<string, NodeState>;
  currentNode: string | null;
  usdChargedMicros: number;
  cancelRequested: boolean;
  /** Node ids waiting for an `approve` or `webhook` signal. */
  waitingFor: { approve: string[]; webhook: string[] };
}

export interface EngineRunResult {
  status: RunStatus;
  error: string | null;
  nodesCompleted: number;
  usdChargedMicros: number;
}

/** executeNode's argument: one planned node with its params already resolved. */
export interface ExecuteNodeInput {
  runId: string;
  accountId: string;
  workflowId: string;
  generation: number;
  sandbox: boolean;
  node: Pick<PlannedNode, 'id' | 'type' | 'version' | 'credentials' | 'retry'>;
  /** Params after template resolution. */
  params: Record<string, unknown>;
  /** `{source_node_id: value emitted on the edge's source port}`. */
  inputs: Record<string, unknown>;
  variables: Record<string, unknown>;
  runInput: Record<string, unknown>;
  usdCapMicros: number | null;
  /**
   * Earlier nodes' commits the workflow has not seen confirmed (their executors reported before
   * writing them): every write of this node puts them first (idempotent by their dedupe keys), so
   * the event log keeps cause before effect even when such a write was lost with its worker.
   */
  carry?: NodeCommit[];
  /** The node may report before its own events are committed, returning them as `commit`. */
  deferCommit?: boolean;
  /**
   * A node nothing follows, in a run nothing has failed or stopped (behaviour 5): its executor
   * commits it before answering, and in the same statement writes the run's end (completed, with
   * run_finished) should every node of the run have succeeded with it; it then answers `ended`.
   * Not with deferCommit. A call already cancelled writes no end.
   */
  endsRun?: true;
  /**
   * Set by executions with `claim-check-results`: large result ports go to the blob store as
   * references, and `params`/`inputs` may hold references the executor loads.
   */
  resultRefs?: true;
  /**
   * Param strings whose templates reach into a reference, left unresolved by the workflow (it never
   * loads the bytes): the executor resolves each against `outputs` (the named nodes' emitted ports,
   * references loaded) and the run's variables, and puts it at `at`.
   */
  deferred?: { templates: DeferredTemplate[]; outputs: Record<string, Record<string, unknown>>; variables: Record<string, unknown> };
}

/**
 * A node's completion as its executor writes it: its events and its run_node_outputs row (the run's
 * counters and current node follow from them). Carried by later writes until the workflow knows it
 * is committed.
 */
export interface NodeCommit {
  nodeId: string;
  events: NewRunEvent[];
  node: NodeRowJson;
}

/** A commit's identity in the run's log: its node_completed dedupe key (it names the generation, node and round). */
export const commitKey = (c: NodeCommit): string => c.events.at(-1)?.dedupeKey ?? c.nodeId;

/**
 * executeNode's answer: the node's output and, when its commit was deferred, that commit; with it,
 * `confirmed` names the carried commits (by commitKey) its process knows are committed, so the
 * workflow stops carrying them although this node's own write is still to come. `ended`: the
 * executor wrote the run's end with the node (ExecuteNodeInput.endsRun).
 */
export type ExecuteNodeResult = NodeOutput & { commit?: NodeCommit; confirmed?: string[]; ended?: true };

/** What a failed executeNode carries in its ApplicationFailure details, for the workflow to fill the node's NodeOutput. */
export interface NodeFailureDetails {
  logs: NodeLog[];
  usdChargedMicros: number;
  durationMs: number;
}

export interface NodeStartedInput {
  runId: string;
  generation: number;
  nodeId: string;
  nodeType: string;
  /** Unconfirmed commits of earlier nodes, written first (ExecuteNodeInput.carry). */
  carry?: NodeCommit[];
}

export interface NodeFinishedInput {
  runId: string;
  generation: number;
  nodeId: string;
  nodeType: string;
  output: NodeOutput;
  /** Log lines from nodes the workflow runs itself (it has no clock of its own to stamp them). */
  notes?: string[];
  /** Unconfirmed commits of earlier nodes, written first (ExecuteNodeInput.carry). */
  carry?: NodeCommit[];
}

export interface FinishRunInput {
  runId: string;
  generation: number;
  status: RunStatus;
  error: string | null;
  /**
   * Nodes the workflow evaluated itself whose events are not recorded yet (the last pure nodes of a
   * run): recorded in the same transaction as the run's end, before run_finished.
   */
  nodes?: Array<{ nodeId: string; nodeType: string; output: NodeOutput }>;
  /** Unconfirmed commits of earlier nodes, written first (ExecuteNodeInput.carry). */
  carry?: NodeCommit[];
}
