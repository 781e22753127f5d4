// The durable run of a workflow spec: the Temporal adapter over the run's DAG scheduler
// (./scheduler.ts: node states, ready set, ports, skips, continue_on_error, max_steps) and its
// commit carrier (./commit-carrier.ts). This file holds what only Temporal can do: the activity
// proxies (./proxies.ts), signal and query handlers, cancellation scopes, the deadline and the
// patches that keep older executions replaying as they ran. All I/O happens in activities.
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  condition,
  executeChild,
  isCancellation,
  patched,
  setHandler,
  sleep,
  TimeoutFailure,
} from '@temporalio/workflow';
import { isNodeError } from '../../src/engine/contract/node-error';
import { containsResultRef, deferredTemplates, withTemplatesAt, type DeferredTemplate } from '../../src/engine/contract/result-ref';
import { resolveTemplates, templateRefs } from '../../src/engine/contract/templates';
import type { EngineRunInput, EngineRunResult, EngineRunStatus, ExecuteNodeInput, NodeCommit, NodeFailureDetails } from '../../src/engine/contract/run-contract';
import type { NodeOutput, PlannedNode, RunContextPart, RunStatus } from '../../src/engine/contract/types';
import type { WorkflowNodeApi } from '../../src/engine/workflows/workflow-node';
import { approveSignal, cancelSignal, engineRunStatusQuery, webhookSignal } from '../definitions';
import { workflowNodeHandlers } from '../workflow-nodes';
import { CommitCarrier } from './commit-carrier';
import { evaluateInline } from './inline';
import { nodeExecutor, paramsResolver, projection } from './proxies';
import { continuedPorts, DagScheduler } from './scheduler';
import { SignalInbox } from './signal-inbox';
import { Turns } from './turns';

// ── Patches (docs/engine-internals.md says how one is retired) ─────────────────────────────────

/** Versions the continue_on_error output: from this patch on a failed node emits on `error`, not `main`. */
const ERROR_PORT_PATCH = 'continue-on-error-port';

/**
 * From this patch on (and from behaviour 2), a failed node with continue_on_error passes its
 * failure on `main` too, unless an edge leaves its `error` port (continuedPorts).
 */
const CONTINUE_ON_MAIN_PATCH = 'continue-on-error-main';

/**
 * From this patch on, pure nodes with a handler in pureNodeHandlers are evaluated inside the
 * workflow task (no activity); executions recorded before it replay with their local activities.
 */
const INLINE_PURE_PATCH = 'inline-pure-nodes';

/**
 * From this patch on, the run's local activities (projections and local nodes) run one at a time,
 * in the order the workflow asks for them. Several in flight at once resolve in completion order
 * when executed but in marker order, possibly grouped into one activation, when replayed; the code
 * that continues after each could then order its next commands differently (the random-DAG replay
 * suite found `recordNodesSettled` and `finishRun` swapped). One at a time, each resolution is its
 * own step in both. Executions recorded before it replay with their concurrent local activities.
 */
const SERIAL_LOCAL_PATCH = 'serial-local-activities';

/**
 * From this patch on (and from behaviour 3), a large node result travels as a reference to a blob its
 * activity stored (src/engine/contract/result-ref.ts): activities are told so (ExecuteNodeInput.
 * resultRefs), templates reaching into a reference are left to the activity, and pure nodes that
 * would need the bytes behind one run as activities.
 */
const CLAIM_CHECK_PATCH = 'claim-check-results';

/**
 * From this patch on, a node the workflow runs itself (delay, approval, webhook wait, agent) whose
 * params reach into a stored result gets them from an activity that reads the bytes
 * (resolveNodeParams); before it, such templates reached the node unresolved. The marker is only
 * written where that happens, so every other run's history is unchanged.
 */
const WORKFLOW_NODE_REFS_PATCH = 'workflow-node-param-refs';

/**
 * Node commits an executor may report before writing (ExecuteNodeInput.deferCommit) while earlier
 * ones are unconfirmed: each is carried by every later write of the run, so past this many the
 * next node writes them (and its own) before it reports.
 */
const MAX_UNCONFIRMED_COMMITS = 4;

/** error_handler `retry`: how many extra rounds a failed node gets, and the pause before each. */
const HANDLER_RETRY_ROUNDS = 2;
const HANDLER_RETRY_PAUSE_MS = 1000;

/** Whether a node's activity gets this part of the run's context (plans made before `reads` existed: all). */
function reads(node: PlannedNode, part: RunContextPart): boolean {
  return node.reads === undefined || node.reads.includes(part);
}

/** A node's failure as recorded, and its error type (the ApplicationFailure type, when it has one). */
function failedOutput(err: unknown): { out: NodeOutput; errorType: string | null } {
  let cause: unknown = err;
  if ((err instanceof ActivityFailure || err instanceof ChildWorkflowFailure) && err.cause) cause = err.cause;
  let details: NodeFailureDetails | undefined;
  if (cause instanceof ApplicationFailure) details = cause.details?.[0] as NodeFailureDetails | undefined;
  const message = isCancellation(err) ? 'cancelled' : cause instanceof Error ? cause.message : String(cause);
  const out: NodeOutput = {
    ok: false,
    output: {},
    usd_charged: (details?.usdChargedMicros ?? 0) / 1_000_000,
    error: message,
    logs: details?.logs ?? [],
    duration_ms: details?.durationMs ?? 0,
  };
  return { out, errorType: cause instanceof ApplicationFailure ? (cause.type ?? null) : null };
}

export async function engineRun(args: EngineRunInput): Promise<EngineRunResult> {
  const { plan, runId, generation } = args;
  // A run started with behaviour 1 has the error-port, inline-pure and serial-local patches on
  // without writing their markers, behaviour 2 the continue-on-main one too; older executions
  // replay deciding each by its marker, as they ran.
  const behaviour = args.behaviour ?? 0;
  const current = behaviour >= 1;
  /** Behaviour 2: continue_on_error continues on `main` (CONTINUE_ON_MAIN_PATCH, on from the start). */
  const continuesOnMain = behaviour >= 2;
  const inlinePure = current || patched(INLINE_PURE_PATCH);
  const turns = new Turns(current || patched(SERIAL_LOCAL_PATCH));
  const claimCheck = behaviour >= 3 || patched(CLAIM_CHECK_PATCH);
  /**
   * Behaviour 4: the run's deadline timer starts only when the run first waits on something the
   * deadline does not already bound (a node the workflow runs itself, a handler retry's pause);
   * activity and local nodes are bounded by it instead, through their schedule-to-close timeout
   * (the time the run has left). A run of activity nodes alone then never starts the timer, which
   * the Temporal server would otherwise write, keep and cancel for every run.
   */
  const deadlineOnDemand = behaviour >= 4;
  /**
   * Behaviour 5: an activity node nothing follows commits itself before answering, with the run's
   * end (completed) when it is the last of the run's nodes to succeed (ExecuteNodeInput.endsRun);
   * the workflow then writes no end of its own.
   */
  const sinksEnd = behaviour >= 5;
  /** The run's end was written by its last node (behaviour 5). */
  let endedByNode = false;
  const carrier = new CommitCarrier(MAX_UNCONFIRMED_COMMITS);
  /** A projection write: in its turn, carrying the unconfirmed commits, its result handed over after the wakes before it (afterWakes). */
  const write = <T>(call: (carry: NodeCommit[] | undefined) => Promise<T>): Promise<T> => turns.run(() => afterWakes(() => carrier.carrying(call)));
  const inbox = new SignalInbox();
  let roots: number | undefined;
  /** Whether the plan has one root only: nothing runs beside it when it starts, as on a chain. */
  const loneRoot = () => (roots ??= Object.values(plan.nodes).filter((n) => n.incoming.length === 0).length) === 1;

  let status: RunStatus = 'running';
  let cancelRequested = false;
  let workflowCancelled: unknown;
  let timedOut = false;
  /** A started node ended: the loop below looks for newly ready nodes. */
  let dirty = false;
  const nodesScope = new CancellationScope();
  /** Whether the loop below waits for `loopWakes` (rather than for a write). */
  let loopWaiting = false;
  const loopWakes = () => dirty || ((cancelRequested || timedOut) && !nodesScope.consideredCancelled);

  /**
   * Runs a local activity (in its turn) and hands its result to the code waiting for it only once
   * the loop is not about to wake, at a condition. When executed, a local activity's result comes
   * in an activation of its own, after the activity completions, timers and signals that preceded
   * it were acted on in full (the loop woke and started what became ready). When replayed, it may
   * come in one activation with them: handed over at once, its code would run before the loop's
   * and order its next commands first (a failing node's write before a ready node's local call).
   * Alone in its activation nothing else is pending, so executions keep the commands they had.
   * Executions from before `serial-local-activities` replay with their results handed over at once.
   */
  function afterWakes<T>(call: () => Promise<T>): Promise<T> {
    if (!turns.serial) return call();
    let settled = false;
    const result = call();
    // Created before the result can settle, so it is looked at with the other conditions, never eagerly.
    const handed = CancellationScope.nonCancellable(() => condition(() => settled && !(loopWaiting && loopWakes())));
    result.then(
      () => (settled = true),
      () => (settled = true),
    );
    return handed.then(() => result);
  }

  const dag: DagScheduler = new DagScheduler(plan, args.completed, {
    evaluateInline: (node, inputs) => (inlinePure ? evaluateInline(node, inputs, { emitted: dag.emitted, variables: plan.variables, input: args.input, claimCheck }) : undefined),
    start(node, inputs) {
      void nodesScope
        .run(() => runNode(node, inputs))
        // runNode records its own failures; anything here is a bug in the workflow itself.
        .catch((err: unknown) => dag.crashed(node.id, err instanceof Error ? err.message : String(err)))
        .finally(() => {
          dag.ended(node.id);
          dirty = true;
        });
    },
  });

  setHandler(approveSignal, (payload) => inbox.receive('approve', payload));
  setHandler(webhookSignal, (payload) => inbox.receive('webhook', payload));
  setHandler(cancelSignal, () => {
    cancelRequested = true;
  });
  setHandler(engineRunStatusQuery, (): EngineRunStatus => ({
    status,
    nodes: { ...dag.state },
    currentNode: dag.currentNode,
    usdChargedMicros: dag.usdChargedMicros,
    cancelRequested,
    waitingFor: inbox.waitingFor(),
  }));

  // A Temporal cancellation (POST /v1/runs/{id}/cancel) cancels the node scope with it; the loop
  // then winds down and records `cancelled` outside cancellation.
  CancellationScope.current().cancelRequested.catch((err: unknown) => {
    workflowCancelled = err;
    cancelRequested = true;
  });

  // max_execution_time_s → timed_out with a clean run_finished.
  const deadline = new CancellationScope();
  const deadlineAt = Date.now() + plan.maxExecutionTimeS * 1000;
  let deadlineArmed = false;
  /** Starts the deadline timer (once): from the start before behaviour 4, on demand from it. */
  function armDeadline(): void {
    if (deadlineArmed) return;
    deadlineArmed = true;
    deadline
      .run(() => sleep(deadlineOnDemand ? Math.max(1, deadlineAt - Date.now()) : plan.maxExecutionTimeS * 1000))
      .then(() => {
        timedOut = true;
      })
      .catch(() => undefined);
  }
  if (!deadlineOnDemand) armDeadline();
  /** Behaviour 4: what a node's call may take at most (the run's time left); undefined before it. */
  const timeLeftMs = (): number | undefined => (deadlineOnDemand ? Math.max(1, deadlineAt - Date.now()) : undefined);
  /** Behaviour 4: whether a node's failure is the run's deadline cutting its call short. */
  const cutByDeadline = (err: unknown): boolean =>
    deadlineOnDemand && Date.now() >= deadlineAt && err instanceof ActivityFailure && err.cause instanceof TimeoutFailure;

  /** What a workflow-run node (nodes/<category>/<name>/workflow.ts) may do: timers and signal waits. */
  function workflowNodeApi(nodeId: string, notes: string[]): WorkflowNodeApi {
    const api: WorkflowNodeApi = {
      nodeId,
      run: { runId, accountId: args.accountId, workflowId: args.workflowId, generation, sandbox: args.sandbox, behaviour },
      executeChild: (workflowType, arg, opts) => executeChild(workflowType, { args: [arg], workflowId: opts.id, staticSummary: opts.summary }),
      sleep: (ms) => sleep(ms),
      condition: (fn, timeoutMs) => (timeoutMs === undefined ? condition(fn).then(() => true) : condition(fn, timeoutMs)),
      async waitForSignal(signal, timeoutS, accept) {
        inbox.waiting[signal].add(nodeId);
        let payload: Record<string, unknown> | undefined;
        try {
          await api.condition(() => (payload = inbox.take(signal, nodeId, accept)) !== undefined, timeoutS === undefined ? undefined : timeoutS * 1000);
        } finally {
          inbox.waiting[signal].delete(nodeId);
        }
        return payload;
      },
      log: (message) => {
        notes.push(message);
      },
    };
    return api;
  }

  /** A node the workflow runs itself (delay, approval, webhook wait), through its workflow handler. */
  async function runInWorkflow(node: PlannedNode, params: Record<string, unknown>, inputs: Record<string, unknown>): Promise<{ output: Record<string, unknown>; notes: string[]; usdChargedMicros: number }> {
    const handler = workflowNodeHandlers[node.type];
    if (!handler) throw ApplicationFailure.nonRetryable(`node type ${node.type} has no workflow implementation`, 'not_executable');
    const notes: string[] = [];
    try {
      const result = await handler(workflowNodeApi(node.id, notes), params, inputs);
      return { output: result.output, notes, usdChargedMicros: result.usdChargedMicros ?? 0 };
    } catch (err) {
      if (isNodeError(err)) throw ApplicationFailure.nonRetryable(err.message, err.type);
      throw err;
    }
  }

  /** One node run outside the scheduler, until it settles (succeeded or failed, recorded either way). */
  async function execute(node: PlannedNode, params: Record<string, unknown>, inputs: Record<string, unknown>, round: number, deferred: DeferredTemplate[]): Promise<NodeOutput> {
    if (node.execution === 'workflow') {
      // It waits inside the workflow (timers, signals, children): only the deadline timer bounds that.
      armDeadline();
      await write((carry) => projection.recordNodeStarted({ runId, generation, nodeId: node.id, nodeType: node.type, carry }));
      const readsStored = claimCheck && (deferred.length > 0 || containsResultRef(params)) && patched(WORKFLOW_NODE_REFS_PATCH);
      const done = await runInWorkflow(node, readsStored ? await paramsResolver.resolveNodeParams({ ...request(node, params, {}, deferred), variables: {}, runInput: {} }) : params, inputs);
      const out: NodeOutput = { ok: true, output: done.output, usd_charged: done.usdChargedMicros / 1_000_000, error: null, logs: [], duration_ms: 0 };
      await CancellationScope.nonCancellable(() => write((carry) => projection.recordNodeFinished({ runId, generation, nodeId: node.id, nodeType: node.type, output: out, notes: done.notes, carry })));
      return out;
    }
    const executeNode = nodeExecutor(node, round, timeLeftMs());
    // A local node's call is a local activity like the projections: in its turn, carrying the
    // unconfirmed commits as any write does.
    if (node.execution === 'local') return carrier.answered(undefined, await write((carry) => executeNode({ ...request(node, params, inputs, deferred), ...(carry ? { carry } : {}) })));
    // An activity node carries them too, and on a chain (each node that feeds it feeds nothing
    // else, or it is the plan's only root) may report before writing its own, which is then
    // unconfirmed in turn; fan-out siblings overlap their writes anyway, and reporting a few of
    // them early only splits their completions over more workflow tasks.
    const onChain = node.incoming.length > 0 ? node.incoming.every((e) => plan.nodes[e.source]?.outgoing.length === 1) : loneRoot();
    // A node nothing follows may end the run with its own write (never deferred), while nothing failed.
    const endsRun = sinksEnd && node.outgoing.length === 0 && !cancelRequested && !timedOut && dag.nothingFailed();
    const call = carrier.open(onChain && !endsRun);
    try {
      const { ended, ...answer } = await executeNode({
        ...request(node, params, inputs, deferred),
        ...(call.sent.length ? { carry: call.sent } : {}),
        deferCommit: call.deferCommit,
        ...(endsRun ? { endsRun: true as const } : {}),
      });
      if (ended) endedByNode = true;
      return carrier.answered(call, answer);
    } finally {
      carrier.ended(call);
    }
  }

  /** What a node's activity is sent: its params, inputs and deferred templates, and what else it reads of the run. */
  function request(node: PlannedNode, params: Record<string, unknown>, inputs: Record<string, unknown>, deferred: DeferredTemplate[]): ExecuteNodeInput {
    return {
      runId,
      accountId: args.accountId,
      workflowId: args.workflowId,
      generation,
      sandbox: args.sandbox,
      node: { id: node.id, type: node.type, version: node.version, credentials: node.credentials, retry: node.retry },
      params,
      inputs,
      // Only what the node reads: each activity input is kept in the history.
      variables: reads(node, 'variables') ? plan.variables : {},
      runInput: reads(node, 'runInput') ? args.input : {},
      usdCapMicros: args.usdCapMicros,
      ...(claimCheck ? { resultRefs: true as const } : {}),
      ...(deferred.length ? { deferred: { templates: deferred, outputs: emittedOf(deferred), variables: plan.variables } } : {}),
    };
  }

  /** The emitted ports of the nodes deferred templates name (references in them stay references). */
  function emittedOf(deferred: DeferredTemplate[]): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const d of deferred) {
      for (const use of templateRefs(d.template)) {
        if (use.ref?.kind === 'node' && dag.emitted[use.ref.nodeId]) out[use.ref.nodeId] = dag.emitted[use.ref.nodeId]!;
      }
    }
    return out;
  }

  async function runNode(node: PlannedNode, inputs: Record<string, unknown>): Promise<void> {
    dag.currentNode = node.id;
    const scope = { outputs: dag.emitted, variables: plan.variables };
    // A template reaching into a stored result stays as it is: the activity loads the bytes and resolves it.
    const deferred = claimCheck ? deferredTemplates(node.params, scope) : [];
    const params = withTemplatesAt(resolveTemplates(node.params, scope), deferred, (d) => d.template);
    for (let round = 0; ; round++) {
      try {
        dag.succeeded(node.id, await execute(node, params, inputs, round, deferred));
        return;
      } catch (err) {
        const { out, errorType } = failedOutput(err);
        // The deadline ended the call (behaviour 4): the run timed out and the node was cut short,
        // as the deadline timer cancels it in runs that start one.
        const cut = cutByDeadline(err);
        if (cut) {
          timedOut = true;
          out.error = 'cancelled';
        }
        const cancelled = isCancellation(err) || cut;
        if (!cancelled && !dag.stopping && plan.errorHandler === 'retry' && round < HANDLER_RETRY_ROUNDS) {
          try {
            armDeadline();
            await sleep(HANDLER_RETRY_PAUSE_MS);
            continue;
          } catch {
            /* cancelled while pausing: record the failure below */
          }
        }
        const continues = node.continueOnError && !cancelled;
        // Decided before recording, so the node's recorded output shows what it passed on.
        if (continues && continuesOnMain) out.output = continuedPorts(node, out.error, errorType);
        await CancellationScope.nonCancellable(() => write((carry) => projection.recordNodeFinished({ runId, generation, nodeId: node.id, nodeType: node.type, output: out, carry })));
        dag.failed(node, out, {
          cancelled,
          // Executions started before behaviour 2 replay as they ran: the failure on `error` only
          // (`main` skipped), or, before the error port, `{error}` on `main`.
          continued: () =>
            continuesOnMain
              ? out.output
              : patched(CONTINUE_ON_MAIN_PATCH)
                ? continuedPorts(node, out.error, errorType)
                : current || patched(ERROR_PORT_PATCH)
                  ? { error: { error: out.error } }
                  : { main: { error: out.error } },
        });
        return;
      }
    }
  }

  const wait = (fn: () => boolean) => CancellationScope.nonCancellable(() => condition(fn));

  for (;;) {
    // Behaviour 4: the deadline noticed at the run's next step (there may be no timer), and nothing
    // new started once it has passed. Earlier executions schedule first, as they were recorded.
    if (deadlineOnDemand && (timedOut || Date.now() >= deadlineAt)) {
      timedOut = true;
      dag.stop();
    }
    dag.scheduleAll();
    if (dag.hasCompletedToRecord()) {
      // Every node settled and nothing else to record: these go with the run's end (one commit).
      if (dag.allSettled()) break;
      const done = dag.takeCompleted();
      await CancellationScope.nonCancellable(() => write((carry) => projection.recordNodesCompleted({ runId, generation, nodes: done, carry })));
      dag.recorded(done);
      continue;
    }
    if (dag.hasSettledToRecord()) {
      const batch = dag.takeSettled();
      await CancellationScope.nonCancellable(() => turns.run(() => afterWakes(() => projection.recordNodesSettled({ runId, nodes: batch }))));
      // Nodes may have finished while we waited: look for newly ready ones before deciding anything.
      continue;
    }
    if ((cancelRequested || timedOut || dag.stopping) && !nodesScope.consideredCancelled) {
      dag.stop();
      nodesScope.cancel();
    }
    if (dag.running.size === 0) break;
    loopWaiting = true;
    await wait(loopWakes);
    loopWaiting = false;
    dirty = false;
  }
  deadline.cancel();

  if (endedByNode) {
    // Behaviour 5: the last node to succeed wrote the run's end, completed, with its commit; a
    // cancel or the deadline that came meanwhile found nothing left to stop.
    status = 'completed';
    dag.currentNode = null;
    return { status, error: null, nodesCompleted: dag.nodesCompleted(), usdChargedMicros: dag.usdChargedMicros };
  }
  const end = dag.outcome({ cancelled: cancelRequested, timedOut, maxExecutionTimeS: plan.maxExecutionTimeS });
  status = end.status;
  const lastNodes = dag.takeCompleted();
  await CancellationScope.nonCancellable(() => write((carry) => projection.finishRun({ runId, generation, status, error: end.error, ...(lastNodes.length ? { nodes: lastNodes } : {}), carry })));
  dag.currentNode = null;
  if (workflowCancelled !== undefined) throw workflowCancelled;
  return { status, error: end.error, nodesCompleted: dag.nodesCompleted(), usdChargedMicros: dag.usdChargedMicros };
}
