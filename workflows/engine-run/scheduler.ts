// The run's DAG scheduler: node states, which nodes are ready, what each settled node passes
// downstream by port, skips, continue_on_error, max_steps and when the run stops. Pure and
// deterministic, no Temporal: the adapter (./index.ts) starts the nodes it is handed, feeds their
// results back and records what it is asked to. Property tests: test/engine/kernel/scheduler.test.ts.
import { passThrough } from '../../src/engine/contract/node-io';
import type { NodeState } from '../../src/engine/contract/run-contract';
import type { ErrorHandler, NodeOutput, PlannedNode, RunPlan, RunStatus } from '../../src/engine/contract/types';

/** A node's settled result waiting to be recorded, in the order it settled. */
export interface NodeRecord {
  nodeId: string;
  nodeType: string;
  output: NodeOutput;
}

export interface SchedulerEffects {
  /**
   * A pure node's result computed right here, or undefined when it must run (in its activity or its
   * workflow handler): asked once per ready node, before it is started.
   */
  evaluateInline(node: PlannedNode, inputs: Record<string, unknown>): NodeOutput | undefined;
  /** Starts a node that runs outside the scheduler; called in plan order while scheduling. */
  start(node: PlannedNode, inputs: Record<string, unknown>): void;
}

/** How a failed node settles: whether it was cancelled, and (asked only when it continues on error) what it passes on, by port. */
export interface FailureContext {
  cancelled: boolean;
  continued: () => Record<string, unknown>;
}

/**
 * What a failed node with continue_on_error passes on: `{error, error_type}` on `error` always,
 * and on `main` too unless an edge leaves `error` — wiring `error` routes failures apart, so the
 * success path never also runs for a failure.
 */
export function continuedPorts(node: Pick<PlannedNode, 'outgoing'>, error: string | null, errorType: string | null): Record<string, unknown> {
  const failure = { error, error_type: errorType };
  return node.outgoing.some((e) => e.sourcePort === 'error') ? { error: failure } : { main: failure, error: failure };
}

const skippedOutput = (): NodeOutput => ({ ok: false, output: {}, usd_charged: 0, error: null, logs: [], duration_ms: 0, skipped: true });

export class DagScheduler {
  readonly state: Record<string, NodeState> = {};
  readonly outputs: Record<string, NodeOutput> = {};
  /** What each settled node passes downstream, by port (a failed node with continue_on_error: continuedPorts). */
  readonly emitted: Record<string, Record<string, unknown>> = {};
  /** Nodes started outside the scheduler and not finished yet. */
  readonly running = new Set<string>();
  /** The node last started or evaluated (the status query shows it). */
  currentNode: string | null = null;
  usdChargedMicros = 0;
  /** Set once no more nodes may start: a failure under error_handler stop/retry, max_steps, cancel, timeout. */
  stopping = false;
  failure: string | null = null;
  readonly failedNodes: string[] = [];
  private steps = 0;
  /** Skipped and disabled nodes settled while scheduling, to record. */
  private pendingSettled: NodeRecord[] = [];
  /** Pure nodes evaluated inline whose events are not recorded yet, in order. */
  private pendingCompleted: NodeRecord[] = [];
  private readonly unrecorded = new Set<string>();

  constructor(
    private readonly plan: Pick<RunPlan, 'nodes' | 'order' | 'maxSteps'> & { errorHandler: ErrorHandler },
    /** Outputs of nodes that succeeded in an earlier execution (resume): reused, not run. */
    private readonly completed: Record<string, NodeOutput> | undefined,
    private readonly effects: SchedulerEffects,
  ) {
    for (const id of plan.order) this.state[id] = 'pending';
  }

  settled(id: string): boolean {
    const s = this.state[id];
    return s === 'succeeded' || s === 'failed' || s === 'skipped';
  }

  /** Starts every node whose inputs are settled; returns whether anything changed. */
  schedule(): boolean {
    let changed = false;
    for (const id of this.plan.order) {
      if (this.stopping) break;
      if (this.state[id] !== 'pending') continue;
      const node = this.plan.nodes[id];
      if (!node) continue;
      if (!node.incoming.every((e) => this.settled(e.source))) continue;

      const kept = this.completed?.[id];
      if (kept) {
        // Resume: this node succeeded in an earlier execution; reuse its output.
        this.outputs[id] = kept;
        this.emitted[id] = kept.output;
        this.state[id] = 'succeeded';
        changed = true;
        continue;
      }
      const inputs: Record<string, unknown> = {};
      let delivered = 0;
      for (const edge of node.incoming) {
        const ports = this.emitted[edge.source];
        if (ports && Object.prototype.hasOwnProperty.call(ports, edge.sourcePort)) {
          inputs[edge.source] = ports[edge.sourcePort];
          delivered += 1;
        }
      }
      if (node.incoming.length > 0 && delivered === 0) {
        this.state[id] = 'skipped';
        this.outputs[id] = skippedOutput();
        this.pendingSettled.push({ nodeId: id, nodeType: node.type, output: this.outputs[id] });
        changed = true;
        continue;
      }
      if (node.disabled) {
        // A disabled node passes its input through on its first port.
        const port = node.outputPorts[0] ?? 'main';
        const value = passThrough(inputs);
        this.outputs[id] = { ok: true, output: { [port]: value }, usd_charged: 0, error: null, logs: [{ level: 'info', message: 'disabled: input passed through', ts: '' }], duration_ms: 0 };
        this.emitted[id] = { [port]: value };
        this.state[id] = 'succeeded';
        this.pendingSettled.push({ nodeId: id, nodeType: node.type, output: this.outputs[id] });
        changed = true;
        continue;
      }
      if (this.steps >= this.plan.maxSteps) {
        this.failure = `max_steps (${this.plan.maxSteps}) reached before node ${id}`;
        this.stopping = true;
        changed = true;
        break;
      }
      const inline = this.effects.evaluateInline(node, inputs);
      if (inline) {
        // Settled here, recorded (with its events) in one projection with its neighbours.
        this.steps += 1;
        this.currentNode = id;
        this.outputs[id] = inline;
        this.emitted[id] = inline.output;
        this.state[id] = 'succeeded';
        this.pendingCompleted.push({ nodeId: id, nodeType: node.type, output: inline });
        this.unrecorded.add(id);
        changed = true;
        continue;
      }
      // A node that runs outside starts after its inputs' events are recorded, so the event log
      // keeps cause before effect; the adapter records them and schedules again.
      if (node.incoming.some((e) => this.unrecorded.has(e.source))) continue;
      this.steps += 1;
      this.state[id] = 'running';
      this.running.add(id);
      changed = true;
      this.effects.start(node, inputs);
    }
    return changed;
  }

  /** Schedules until nothing more becomes ready (skips, kept and disabled nodes settle at once). */
  scheduleAll(): void {
    while (this.schedule()) {
      /* settle skips, kept and disabled nodes until nothing more becomes ready */
    }
  }

  succeeded(id: string, out: NodeOutput): void {
    this.outputs[id] = out;
    this.emitted[id] = out.output;
    this.usdChargedMicros += Math.round(out.usd_charged * 1_000_000);
    this.state[id] = 'succeeded';
  }

  failed(node: PlannedNode, out: NodeOutput, how: FailureContext): void {
    this.outputs[node.id] = out;
    this.usdChargedMicros += Math.round(out.usd_charged * 1_000_000);
    this.state[node.id] = 'failed';
    if (how.cancelled) return;
    if (node.continueOnError) {
      // What it passes on depends on the execution's behaviour (the adapter's patches): today continuedPorts.
      this.emitted[node.id] = how.continued();
      return;
    }
    this.failedNodes.push(node.id);
    // error_handler stop (and retry once its rounds are spent) ends the run; continue lets
    // independent branches finish.
    if (this.plan.errorHandler !== 'continue' && !this.stopping) {
      this.failure = `node ${node.id} failed: ${out.error}`;
      this.stopping = true;
    }
  }

  /** A started node ended without settling itself: a bug in the workflow, which stops the run. */
  crashed(id: string, message: string): void {
    this.failure ??= `internal error in node ${id}: ${message}`;
    this.state[id] = 'failed';
    this.stopping = true;
  }

  /** A started node's promise has ended (settled or crashed). */
  ended(id: string): void {
    this.running.delete(id);
  }

  stop(): void {
    this.stopping = true;
  }

  /** Skipped and disabled nodes to record, taken. */
  takeSettled(): NodeRecord[] {
    return this.pendingSettled.splice(0, this.pendingSettled.length);
  }

  hasSettledToRecord(): boolean {
    return this.pendingSettled.length > 0;
  }

  /** Inline-evaluated nodes to record, taken; they stay unrecorded (blocking their activity successors) until `recorded`. */
  takeCompleted(): NodeRecord[] {
    return this.pendingCompleted.splice(0, this.pendingCompleted.length);
  }

  hasCompletedToRecord(): boolean {
    return this.pendingCompleted.length > 0;
  }

  recorded(nodes: NodeRecord[]): void {
    for (const n of nodes) this.unrecorded.delete(n.nodeId);
  }

  /** Whether no node has failed (continue_on_error aside) and the run is not stopping: so far, it completes. */
  nothingFailed(): boolean {
    return !this.stopping && this.failure === null && this.failedNodes.length === 0;
  }

  /** Nothing runs, nothing else waits to be recorded and no node is pending or running. */
  allSettled(): boolean {
    return this.running.size === 0 && !this.pendingSettled.length && this.plan.order.every((id) => this.state[id] !== 'pending' && this.state[id] !== 'running');
  }

  /** The run's end once the loop is done. */
  outcome(ended: { cancelled: boolean; timedOut: boolean; maxExecutionTimeS: number }): { status: RunStatus; error: string | null } {
    const status: RunStatus = ended.cancelled ? 'cancelled' : ended.timedOut ? 'timed_out' : this.failure || this.failedNodes.length ? 'failed' : 'completed';
    const error =
      status === 'cancelled'
        ? 'cancelled'
        : status === 'timed_out'
          ? `max_execution_time_s (${ended.maxExecutionTimeS}) exceeded`
          : (this.failure ?? (this.failedNodes.length ? `nodes failed: ${this.failedNodes.join(', ')}` : null));
    return { status, error };
  }

  nodesCompleted(): number {
    return Object.values(this.state).filter((s) => s === 'succeeded' || s === 'failed').length;
  }
}
