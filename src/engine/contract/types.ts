// The contract between the engine's planner (spec → plan), its node catalogue and its executor
// (the engineRun workflow + the executeNode activity). Pure types: safe to import from workflows.
import type { z } from 'zod';
import type { ValidationIssue } from '../../infra/http/errors';
import type { ItemStreams, NodeCapabilities } from './node-capabilities';

export type ErrorHandler = 'stop' | 'continue' | 'retry';
export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'timed_out' | 'cancelled';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface NodeLog {
  level: LogLevel;
  message: string;
  /** ISO 8601 */
  ts: string;
}

/** NodeOutput, as stored and returned by GET /v1/runs/{id}. */
export interface NodeOutput {
  ok: boolean;
  /** `{port: value}`; only ports the node emitted. */
  output: Record<string, unknown>;
  usd_charged: number;
  error: string | null;
  logs: NodeLog[];
  duration_ms: number;
  /** Present and true when a branch not taken skipped the node. */
  skipped?: boolean;
}

/**
 * How the executor runs a node type:
 * - `activity`: `execute` runs inside the executeNode activity (I/O allowed), with the node's retry
 *   policy and timeout_s as start-to-close.
 * - `local`: pure and quick; `execute` runs in a local activity (no server round trip per node).
 * - `workflow`: the engineRun workflow runs it through the handler in the node's `workflow.ts`
 *   (durable timers and signals: control.delay, control.approval, control.wait_webhook; see
 *   src/engine/workflows/workflow-node.ts); `execute` is not called.
 */
export type NodeExecution = 'activity' | 'local' | 'workflow';

export interface PortSpec {
  name: string;
  description?: string;
}

/** A node execution's context; what it may reach of the process are its capabilities (NodeCapabilities). */
export interface NodeContext extends NodeCapabilities {
  runId: string;
  accountId: string;
  workflowId: string;
  nodeId: string;
  /** Attempt number of this node's activity, 1-based. */
  attempt: number;
  sandbox: boolean;
  variables: Record<string, unknown>;
  /** Appends to the node's `logs`. */
  log(level: LogLevel, message: string): void;
  /** Long nodes report progress; the last value comes back as `checkpoint` on a retry. */
  heartbeat(details?: unknown): void;
  checkpoint: unknown;
  /** Aborted when the run is cancelled or the activity times out. */
  signal: AbortSignal;
  /**
   * Charges the wallet for this node (idempotent per run/node/attempt-independent key),
   * refusing with insufficient funds or when the run's usd_cap would be exceeded.
   */
  charge(amountMicros: number, operation: string): Promise<void>;
  /** The run's input (POST /v1/runs `input`); trigger nodes emit it. */
  runInput?: Record<string, unknown>;
  /**
   * Output lists written item by item (nodes with `streams`): a long list goes to the blob store as
   * it is written. Absent when the run carries no stored results (runs started before them, tests).
   */
  items?: ItemStreams;
}

export interface NodeResult {
  /** Values by output port; a port left out is "not emitted", which skips its downstream nodes. */
  output: Record<string, unknown>;
}

export interface NodeDefinition<P extends z.ZodType = z.ZodType> {
  /** `category.name`, e.g. `logic.if`. */
  type: string;
  version: number;
  category: string;
  subcategory?: string;
  name: string;
  description: string;
  tags?: string[];
  params: P;
  inputs: PortSpec[];
  /** Static output ports; `outputsFor` overrides for nodes whose ports depend on params (switch). */
  outputs: PortSpec[];
  outputsFor?(params: z.output<P>): PortSpec[];
  execution: NodeExecution;
  /**
   * What of the run's context `execute` reads (`ctx.runInput`, `ctx.variables`). Only these travel
   * with the node's activity: every activity input stays in the run's Temporal history, so a large
   * run input sent to every node would multiply the history by the node count. Undeclared, the
   * node sees `{}` for both.
   */
  reads?: RunContextPart[];
  /**
   * `execute` reads long lists as they come: a list stored one item per line reaches it as its
   * reference (on an input, or a param that is one whole template naming it) instead of an array
   * loaded whole, read through `ctx.items.read`; it may write its lists through `ctx.items` too.
   */
  streams?: true;
  /** Default retry/timeout when the NodeSpec gives none. */
  defaults?: { maxAttempts?: number; timeoutS?: number; heartbeatS?: number };
  execute?(ctx: NodeContext, input: { params: z.output<P>; inputs: Record<string, unknown> }): Promise<NodeResult>;
}

/** The parts of a run's context a node can read (see NodeDefinition.reads). */
export type RunContextPart = 'runInput' | 'variables';

/** One incoming edge of a planned node. */
export interface PlannedEdge {
  id: string;
  source: string;
  sourcePort: string;
  target: string;
  targetPort: string;
}

export interface PlannedNode {
  id: string;
  type: string;
  version: number;
  execution: NodeExecution;
  /** The run context its activity gets (NodeDefinition.reads); absent in plans made before it existed: all of it. */
  reads?: RunContextPart[];
  /** Raw params from the spec (templates unresolved); validated against the node's schema at plan time. */
  params: Record<string, unknown>;
  credentials: Record<string, string>;
  retry: { maxAttempts: number; backoff: 'fixed' | 'exponential'; initialIntervalMs: number };
  timeoutS: number;
  continueOnError: boolean;
  disabled: boolean;
  incoming: PlannedEdge[];
  outgoing: PlannedEdge[];
  /** Output port names this node can emit (for skip propagation). */
  outputPorts: string[];
}

/** What the engineRun workflow receives: serialisable, no graphlib inside. */
export interface RunPlan {
  /** Nodes keyed by id. */
  nodes: Record<string, PlannedNode>;
  /** A topological order of node ids. */
  order: string[];
  variables: Record<string, unknown>;
  maxExecutionTimeS: number;
  maxSteps: number;
  usdCapMicros: number | null;
  errorHandler: ErrorHandler;
  trigger: { type: 'manual' | 'schedule' | 'webhook' | 'event'; config: Record<string, unknown> };
}

/** The node catalogue as the planner, catalogue and executor see it (`nodes/index.ts` builds it). */
export interface NodeRegistry {
  /** The current version of a node type, or undefined. */
  get(type: string): NodeDefinition | undefined;
  list(): NodeDefinition[];
}

/** One problem found while planning; `loc` points into the request (e.g. ['body','spec','nodes',3,'params','operator']). */
export type PlanIssue = ValidationIssue;

export type PlanResult =
  /** `spec` is the WorkflowSpec normalised (defaults applied), as `WorkflowSpec.parse` gives it. */
  | { ok: true; plan: RunPlan; spec: Record<string, unknown> }
  | { ok: false; issues: PlanIssue[] };
