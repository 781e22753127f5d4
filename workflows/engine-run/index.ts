// The durable run of a workflow spec (seed 002 §2.3, §3; DESIGN §2 "The run workflow"). It walks
// the RunPlan the planner produced: a node starts as soon as all its inputs are settled, so
// independent branches run in parallel; ports a node does not emit skip their downstream nodes.
// All I/O happens in activities (executeNode and the projection activities); this file only decides.
import {
  ActivityCancellationType,
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowFailure,
  condition,
  executeChild,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  type ActivityOptions,
  type LocalActivityOptions,
  type RetryPolicy,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index';
import { isNodeError } from '../src/engine/node-error';
import { passThrough } from '../src/engine/node-io';
import { resolveTemplates } from '../src/engine/templates';
import { commitKey, type EngineRunInput, type EngineRunResult, type EngineRunStatus, type ExecuteNodeInput, type ExecuteNodeResult, type NodeCommit, type NodeFailureDetails, type NodeState } from '../src/engine/run-contract';
import type { NodeOutput, PlannedNode, RunContextPart, RunStatus } from '../src/engine/types';
import type { WaitableSignal, WorkflowNodeApi } from '../src/engine/workflow-node';
import { approveSignal, cancelSignal, engineRunStatusQuery, webhookSignal } from './definitions';
import { pureNodeHandlers, workflowNodeHandlers } from './workflow-nodes';

// ── Activity option sets ────────────────────────────────────────────────────────────────────────
// Per-node retry and timeout_s override `retry` and `startToCloseTimeout` (see nodeOptions).

/** Nodes with side effects (http, ai, image, code): real activities, cancelled through heartbeats. */
const defaultNodeActivity: ActivityOptions = {
  startToCloseTimeout: '5 minutes',
  // executeNode heartbeats every second on its own; a dead worker is noticed within this.
  heartbeatTimeout: '6 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

/** Pure, quick nodes (set, if, switch, merge, trigger): local activities, no server round trip. */
const localNodeActivity: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 3, initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds' },
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
};

/** Projections into Postgres (events, node rows, run status): retried until the database answers. */
const projectionActivity: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '30 minutes',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds' },
};

const projection = proxyLocalActivities<Activities>(projectionActivity);

/** Versions the continue_on_error output: from this patch on a failed node emits on `error`, not `main`. */
const ERROR_PORT_PATCH = 'continue-on-error-port';

/**
 * From this patch on (and from behaviour 2), a failed node with continue_on_error passes its
 * failure on `main` too, unless an edge leaves its `error` port (see continuedPorts).
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

/** The activity's result limit (src/engine/node-output-size.ts, 1 MB): larger results go through the activity, which checks it. */
const MAX_INLINE_RESULT_BYTES = 1024 * 1024;

/** Extra activity attempts for a node whose worker died mid-call (not spent on the node's own failures). */
const WORKER_LOSS_ATTEMPTS = 3;
/**
 * Node commits an executor may report before writing (ExecuteNodeInput.deferCommit) while earlier
 * ones are unconfirmed: each is carried by every later write of the run, so past this many the
 * next node writes them (and its own) before it reports.
 */
const MAX_UNCONFIRMED_COMMITS = 4;

/** error_handler `retry`: how many extra rounds a failed node gets, and the pause before each. */
const HANDLER_RETRY_ROUNDS = 2;
const HANDLER_RETRY_PAUSE_MS = 1000;

function retryPolicy(node: PlannedNode, base: RetryPolicy | undefined): RetryPolicy {
  return {
    ...base,
    maximumAttempts: node.retry.maxAttempts,
    initialInterval: node.retry.initialIntervalMs,
    backoffCoefficient: node.retry.backoff === 'fixed' ? 1 : 2,
  };
}

/** Whether a node's activity gets this part of the run's context (plans made before `reads` existed: all). */
function reads(node: PlannedNode, part: RunContextPart): boolean {
  return node.reads === undefined || node.reads.includes(part);
}

/** The activity proxy for one node: its retry policy and timeout, named `<node_id>:<node_type>` in the UI. */
function nodeExecutor(node: PlannedNode, round: number) {
  const label = `${node.id}:${node.type}${round > 0 ? `#${round + 1}` : ''}`;
  if (node.execution === 'local') {
    return proxyLocalActivities<Activities>({
      ...localNodeActivity,
      startToCloseTimeout: `${Math.min(node.timeoutS, 600)} seconds`,
      retry: retryPolicy(node, localNodeActivity.retry),
      summary: label,
    }).executeNode;
  }
  const policy = retryPolicy(node, defaultNodeActivity.retry);
  return proxyActivities<Activities>({
    ...defaultNodeActivity,
    startToCloseTimeout: `${node.timeoutS} seconds`,
    // A lost worker (heartbeat timeout) costs an attempt too: allow a few more than the node's
    // own budget, which executeNode enforces for the node's failures (nonRetryable at the last one).
    retry: { ...policy, maximumAttempts: (policy.maximumAttempts ?? 1) + WORKER_LOSS_ATTEMPTS },
    activityId: label,
    summary: label,
  }).executeNode;
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
  const serialLocal = current || patched(SERIAL_LOCAL_PATCH);
  let localTail: Promise<unknown> = Promise.resolve();
  /** Runs a local activity after every one asked for before it has settled (SERIAL_LOCAL_PATCH). */
  function inTurn<T>(start: () => Promise<T>): Promise<T> {
    if (!serialLocal) return start();
    const result = localTail.then(start);
    localTail = result.catch(() => undefined);
    return result;
  }
  /** Commits executors reported before writing, in report order, until a write that carried them is confirmed. */
  const unconfirmed: NodeCommit[] = [];
  /** Activity nodes in flight that were allowed to defer their commit (they count against the limit). */
  let deferring = 0;
  const confirm = (sent: NodeCommit[]) => {
    for (const c of sent) {
      const i = unconfirmed.indexOf(c);
      if (i >= 0) unconfirmed.splice(i, 1);
    }
  };
  /** Runs a write that carries the unconfirmed commits (undefined when there are none), confirming them once it is done. */
  async function carrying<T>(write: (carry: NodeCommit[] | undefined) => Promise<T>): Promise<T> {
    const sent = unconfirmed.slice();
    const result = await write(sent.length ? sent : undefined);
    confirm(sent);
    return result;
  }
  const nodeIds = plan.order;
  const state: Record<string, NodeState> = {};
  const outputs: Record<string, NodeOutput> = {};
  /** What each settled node passes downstream, by port (a failed node with continue_on_error: see continuedPorts). */
  const emitted: Record<string, Record<string, unknown>> = {};
  for (const id of nodeIds) state[id] = 'pending';

  let status: RunStatus = 'running';
  let cancelRequested = false;
  let workflowCancelled: unknown;
  let timedOut = false;
  let stopping = false;
  let failure: string | null = null;
  const failedNodes: string[] = [];
  let currentNode: string | null = null;
  let usdChargedMicros = 0;
  let steps = 0;
  let dirty = false;
  /** Signals buffered until a workflow-run node takes them, and the nodes waiting for each. */
  const buffered: Record<WaitableSignal, Array<Record<string, unknown>>> = { approve: [], webhook: [] };
  const waiting: Record<WaitableSignal, Set<string>> = { approve: new Set<string>(), webhook: new Set<string>() };

  setHandler(approveSignal, (payload) => {
    buffered.approve.push(payload ?? {});
  });
  setHandler(webhookSignal, (payload) => {
    buffered.webhook.push(payload ?? {});
  });
  setHandler(cancelSignal, () => {
    cancelRequested = true;
  });
  setHandler(engineRunStatusQuery, (): EngineRunStatus => ({
    status,
    nodes: { ...state },
    currentNode,
    usdChargedMicros,
    cancelRequested,
    waitingFor: { approve: [...waiting.approve], webhook: [...waiting.webhook] },
  }));

  // A Temporal cancellation (POST /v1/runs/{id}/cancel) cancels the node scope below with it;
  // the loop then winds down and records `cancelled` outside cancellation.
  CancellationScope.current().cancelRequested.catch((err: unknown) => {
    workflowCancelled = err;
    cancelRequested = true;
  });
  const nodesScope = new CancellationScope();

  // max_execution_time_s → timed_out with a clean run_finished.
  const deadline = new CancellationScope();
  deadline
    .run(() => sleep(plan.maxExecutionTimeS * 1000))
    .then(() => {
      timedOut = true;
    })
    .catch(() => undefined);

  const take = (queue: Array<Record<string, unknown>>, nodeId: string): Record<string, unknown> | undefined => {
    const i = queue.findIndex((p) => p.node_id === undefined || p.node_id === nodeId);
    if (i < 0) return undefined;
    return queue.splice(i, 1)[0];
  };

  /** What a workflow-run node (nodes/<category>/<name>/workflow.ts) may do: timers and signal waits. */
  function workflowNodeApi(nodeId: string, notes: string[]): WorkflowNodeApi {
    const api: WorkflowNodeApi = {
      nodeId,
      run: { runId, accountId: args.accountId, workflowId: args.workflowId, generation, sandbox: args.sandbox },
      executeChild: (workflowType, arg, opts) => executeChild(workflowType, { args: [arg], workflowId: opts.id, staticSummary: opts.summary }),
      sleep: (ms) => sleep(ms),
      condition: (fn, timeoutMs) => (timeoutMs === undefined ? condition(fn).then(() => true) : condition(fn, timeoutMs)),
      async waitForSignal(signal, timeoutS) {
        waiting[signal].add(nodeId);
        let payload: Record<string, unknown> | undefined;
        try {
          await api.condition(() => (payload = take(buffered[signal], nodeId)) !== undefined, timeoutS === undefined ? undefined : timeoutS * 1000);
        } finally {
          waiting[signal].delete(nodeId);
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

  /**
   * What a failed node with continue_on_error passes on (CONTINUE_ON_MAIN_PATCH): `{error,
   * error_type}` on `error` always, and on `main` too unless an edge leaves `error` — wiring
   * `error` routes failures apart, so the success path never also runs for a failure.
   */
  function continuedPorts(node: PlannedNode, out: NodeOutput, errorType: string | null): Record<string, unknown> {
    const failure = { error: out.error, error_type: errorType };
    return node.outgoing.some((e) => e.sourcePort === 'error') ? { error: failure } : { main: failure, error: failure };
  }

  async function runNode(node: PlannedNode, inputs: Record<string, unknown>): Promise<void> {
    currentNode = node.id;
    const params = resolveTemplates(node.params, { outputs: emitted, variables: plan.variables });
    let round = 0;
    for (;;) {
      try {
        let out: NodeOutput;
        if (node.execution === 'workflow') {
          await inTurn(() => carrying((carry) => projection.recordNodeStarted({ runId, generation, nodeId: node.id, nodeType: node.type, carry })));
          const done = await runInWorkflow(node, params, inputs);
          out = { ok: true, output: done.output, usd_charged: done.usdChargedMicros / 1_000_000, error: null, logs: [], duration_ms: 0 };
          await CancellationScope.nonCancellable(() =>
            inTurn(() => carrying((carry) => projection.recordNodeFinished({ runId, generation, nodeId: node.id, nodeType: node.type, output: out, notes: done.notes, carry }))),
          );
        } else {
          const request: ExecuteNodeInput = {
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
          };
          const execute = nodeExecutor(node, round);
          // Earlier nodes' unconfirmed commits go first in this node's writes. An activity node on a
          // chain (each node that feeds it feeds nothing else) may report before writing its own,
          // which is then unconfirmed in turn; fan-out siblings overlap their writes anyway, and
          // reporting a few of them early only splits their completions over more workflow tasks.
          // In-flight deferrers count against the limit.
          const onChain = node.incoming.length > 0 && node.incoming.every((e) => plan.nodes[e.source]?.outgoing.length === 1);
          const mayDefer = node.execution !== 'local' && onChain && unconfirmed.length + deferring < MAX_UNCONFIRMED_COMMITS;
          const run = (sent: NodeCommit[]) => execute({ ...request, ...(sent.length ? { carry: sent } : {}), ...(node.execution === 'local' ? {} : { deferCommit: mayDefer }) });
          const sent = node.execution === 'local' ? undefined : unconfirmed.slice();
          if (mayDefer) deferring += 1;
          let answer: ExecuteNodeResult;
          try {
            answer = sent ? await run(sent) : await inTurn(() => carrying((carry) => run(carry ?? [])));
          } finally {
            if (mayDefer) deferring -= 1;
          }
          const { commit, confirmed, ...result } = answer;
          if (commit) {
            unconfirmed.push(commit);
            // Carried commits its process has seen committed (histories from before `confirmed` have none).
            if (sent && confirmed?.length) confirm(sent.filter((c) => confirmed.includes(commitKey(c))));
          } else if (sent) confirm(sent);
          out = result;
        }
        outputs[node.id] = out;
        emitted[node.id] = out.output;
        usdChargedMicros += Math.round(out.usd_charged * 1_000_000);
        state[node.id] = 'succeeded';
        return;
      } catch (err) {
        const { out, errorType } = failedOutput(err);
        const retryable = !isCancellation(err) && !stopping && plan.errorHandler === 'retry' && round < HANDLER_RETRY_ROUNDS;
        if (retryable) {
          round += 1;
          try {
            await sleep(HANDLER_RETRY_PAUSE_MS);
            continue;
          } catch {
            /* cancelled while pausing: record the failure below */
          }
        }
        const continues = node.continueOnError && !isCancellation(err);
        // Decided before recording, so the node's recorded output shows what it passed on.
        if (continues && continuesOnMain) out.output = continuedPorts(node, out, errorType);
        await CancellationScope.nonCancellable(() =>
          inTurn(() => carrying((carry) => projection.recordNodeFinished({ runId, generation, nodeId: node.id, nodeType: node.type, output: out, carry }))),
        );
        outputs[node.id] = out;
        usdChargedMicros += Math.round(out.usd_charged * 1_000_000);
        state[node.id] = 'failed';
        if (continues) {
          // Executions started before behaviour 2 replay as they ran: the failure on `error` only
          // (`main` skipped), or, before the error port, `{error}` on `main`.
          if (continuesOnMain) emitted[node.id] = out.output;
          else if (patched(CONTINUE_ON_MAIN_PATCH)) emitted[node.id] = continuedPorts(node, out, errorType);
          else emitted[node.id] = current || patched(ERROR_PORT_PATCH) ? { error: { error: out.error } } : { main: { error: out.error } };
        } else if (!isCancellation(err)) {
          failedNodes.push(node.id);
          // error_handler stop (and retry once its rounds are spent) ends the run; continue lets
          // independent branches finish.
          if (plan.errorHandler !== 'continue' && !stopping) {
            failure = `node ${node.id} failed: ${out.error}`;
            stopping = true;
          }
        }
        return;
      }
    }
  }

  const settled = (id: string) => state[id] === 'succeeded' || state[id] === 'failed' || state[id] === 'skipped';
  const running = new Set<string>();
  const pendingSettled: Array<{ nodeId: string; nodeType: string; output: NodeOutput }> = [];
  /** Pure nodes evaluated in this workflow task whose events are not recorded yet, in order. */
  const pendingCompleted: Array<{ nodeId: string; nodeType: string; output: NodeOutput }> = [];
  const unrecorded = new Set<string>();

  /**
   * A pure node's result computed right here (see pureNodeHandlers), or undefined when it must run
   * in its activity: inline evaluation is off for this execution, the node type has no handler at
   * this version, the handler declines, or the result is too large to be sure it fits.
   */
  function evaluateInline(node: PlannedNode, inputs: Record<string, unknown>): NodeOutput | undefined {
    if (!inlinePure) return undefined;
    const handler = pureNodeHandlers[`${node.type}@${node.version}`];
    if (!handler) return undefined;
    let result;
    try {
      const params = resolveTemplates(node.params, { outputs: emitted, variables: plan.variables });
      result = handler(params, inputs, { input: args.input, variables: plan.variables });
    } catch {
      return undefined;
    }
    if (!result) return undefined;
    // UTF-16 length × 3 bounds the UTF-8 size: below that the activity's size check would pass too.
    if ((JSON.stringify(result.output) ?? '').length * 3 > MAX_INLINE_RESULT_BYTES) return undefined;
    return { ok: true, output: result.output, usd_charged: 0, error: null, logs: [], duration_ms: 0 };
  }

  /** Starts every node whose inputs are settled; returns whether anything changed. */
  function schedule(): boolean {
    let changed = false;
    for (const id of nodeIds) {
      if (stopping) break;
      if (state[id] !== 'pending') continue;
      const node = plan.nodes[id];
      if (!node) continue;
      if (!node.incoming.every((e) => settled(e.source))) continue;

      const kept = args.completed?.[id];
      if (kept) {
        // Resume: this node succeeded in an earlier execution; reuse its output.
        outputs[id] = kept;
        emitted[id] = kept.output;
        state[id] = 'succeeded';
        changed = true;
        continue;
      }
      const inputs: Record<string, unknown> = {};
      let delivered = 0;
      for (const edge of node.incoming) {
        const ports = emitted[edge.source];
        if (ports && Object.prototype.hasOwnProperty.call(ports, edge.sourcePort)) {
          inputs[edge.source] = ports[edge.sourcePort];
          delivered += 1;
        }
      }
      if (node.incoming.length > 0 && delivered === 0) {
        state[id] = 'skipped';
        outputs[id] = { ok: false, output: {}, usd_charged: 0, error: null, logs: [], duration_ms: 0, skipped: true };
        pendingSettled.push({ nodeId: id, nodeType: node.type, output: outputs[id] });
        changed = true;
        continue;
      }
      if (node.disabled) {
        // A disabled node passes its input through on its first port.
        const port = node.outputPorts[0] ?? 'main';
        const value = passThrough(inputs);
        outputs[id] = { ok: true, output: { [port]: value }, usd_charged: 0, error: null, logs: [{ level: 'info', message: 'disabled: input passed through', ts: '' }], duration_ms: 0 };
        emitted[id] = { [port]: value };
        state[id] = 'succeeded';
        pendingSettled.push({ nodeId: id, nodeType: node.type, output: outputs[id] });
        changed = true;
        continue;
      }
      if (steps >= plan.maxSteps) {
        failure = `max_steps (${plan.maxSteps}) reached before node ${id}`;
        stopping = true;
        changed = true;
        break;
      }
      const inline = evaluateInline(node, inputs);
      if (inline) {
        // Settled here, recorded (with its events) in one projection with its neighbours below.
        steps += 1;
        currentNode = id;
        outputs[id] = inline;
        emitted[id] = inline.output;
        state[id] = 'succeeded';
        pendingCompleted.push({ nodeId: id, nodeType: node.type, output: inline });
        unrecorded.add(id);
        changed = true;
        continue;
      }
      // A node that runs in an activity starts after its inputs' events are recorded, so the event
      // log keeps cause before effect; the loop below records them and calls schedule() again.
      if (node.incoming.some((e) => unrecorded.has(e.source))) continue;
      steps += 1;
      state[id] = 'running';
      running.add(id);
      changed = true;
      void nodesScope
        .run(() => runNode(node, inputs))
        .catch((err: unknown) => {
          // runNode records its own failures; anything here is a bug in the workflow itself.
          failure ??= `internal error in node ${id}: ${err instanceof Error ? err.message : String(err)}`;
          state[id] = 'failed';
          stopping = true;
        })
        .finally(() => {
          running.delete(id);
          dirty = true;
        });
    }
    return changed;
  }

  const wait = (fn: () => boolean) => CancellationScope.nonCancellable(() => condition(fn));

  for (;;) {
    while (schedule()) {
      /* settle skips, kept and disabled nodes until nothing more becomes ready */
    }
    if (pendingCompleted.length) {
      // Every node settled and nothing else to record: these go with the run's end (one commit).
      if (running.size === 0 && !pendingSettled.length && nodeIds.every((id) => state[id] !== 'pending' && state[id] !== 'running')) break;
      const done = pendingCompleted.splice(0, pendingCompleted.length);
      await CancellationScope.nonCancellable(() => inTurn(() => carrying((carry) => projection.recordNodesCompleted({ runId, generation, nodes: done, carry }))));
      for (const n of done) unrecorded.delete(n.nodeId);
      continue;
    }
    if (pendingSettled.length) {
      const batch = pendingSettled.splice(0, pendingSettled.length);
      await CancellationScope.nonCancellable(() => inTurn(() => projection.recordNodesSettled({ runId, nodes: batch })));
      // Nodes may have finished while we waited: look for newly ready ones before deciding anything.
      continue;
    }
    if ((cancelRequested || timedOut || stopping) && !nodesScope.consideredCancelled) {
      stopping = true;
      nodesScope.cancel();
    }
    if (running.size === 0) break;
    await wait(() => dirty || ((cancelRequested || timedOut) && !nodesScope.consideredCancelled));
    dirty = false;
  }
  deadline.cancel();

  status = cancelRequested ? 'cancelled' : timedOut ? 'timed_out' : failure || failedNodes.length ? 'failed' : 'completed';
  const error =
    status === 'cancelled'
      ? 'cancelled'
      : status === 'timed_out'
        ? `max_execution_time_s (${plan.maxExecutionTimeS}) exceeded`
        : (failure ?? (failedNodes.length ? `nodes failed: ${failedNodes.join(', ')}` : null));
  const lastNodes = pendingCompleted.splice(0, pendingCompleted.length);
  await CancellationScope.nonCancellable(() =>
    inTurn(() => carrying((carry) => projection.finishRun({ runId, generation, status, error, ...(lastNodes.length ? { nodes: lastNodes } : {}), carry }))),
  );
  currentNode = null;
  if (workflowCancelled !== undefined) throw workflowCancelled;
  const nodesCompleted = Object.values(state).filter((s) => s === 'succeeded' || s === 'failed').length;
  return { status, error, nodesCompleted, usdChargedMicros };
}
