// The node executor: runs one planned node through the node registry inside
// the executeNode activity — params parsed once, a NodeContext built over the process's services,
// node_started/node_completed projected, failures typed for the workflow.
import { Context, activityInfo, type Info } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { Deps } from '../../deps';
import { microsToUsd } from '../../platform/billing/money';
import { isNodeError, NodeError } from '../contract/node-error';
import { assertNodeResultFits, MAX_NODE_RESULT_BYTES } from '../catalogue/node-output-size';
import { assertCreatedRefs, materialize, storeLargePorts } from './result-refs';
import { itemStreams } from './item-streams';
import { containsResultRef } from '../contract/result-ref';
import { appendNodeEvents, completionItem, expectAppend, type AppendItem } from '../events/store';
import { carried, commitAndCompleteIfDone, committedOutput, completionEvents, finishedRow, isWritten, markWritten, recordStarted, startedEvent } from '../run/projections';
import { commitKey, type ExecuteNodeInput, type ExecuteNodeResult, type NodeCommit, type NodeFailureDetails } from '../contract/run-contract';
import type { LogLevel, NodeContext, NodeDefinition, NodeLog, NodeOutput, NodeRegistry } from '../contract/types';
import { chargeNode } from './charge-node';
import { nodeCapabilities } from './bind-capabilities';

/** What the executor needs of the catalogue: the node type at the version the plan pinned. */
export type ExecutorRegistry = Pick<NodeRegistry, 'get'> & { getVersion?(type: string, version: number): NodeDefinition | undefined };

/** A node running longer than this gets its node_started event at once; faster ones batch it. */
const STARTED_EVENT_DELAY_MS = 200;
/** How often a running activity-kind node heartbeats on its own (cancellation arrives through it). */
const AUTO_HEARTBEAT_MS = 1000;
/**
 * Deferred commits (ExecuteNodeInput.deferCommit). For bench A/B: `enabled: false` writes every
 * node before it reports, `confirmCarried: false` never names carried commits as written. For
 * tests: `dropWrites` drops deferred writes, as if each worker were lost right after reporting.
 */
export const deferredCommits = { enabled: true, dropWrites: false, confirmCarried: true };

/**
 * For tests: the first attempt of a node called with ExecuteNodeInput.endsRun fails right after its
 * write (with the run's end, when it ended the run), as if its worker died before answering.
 */
export const endingCommits = { loseFirstAnswer: false };

/** The largest commit (events and row, as JSON) a node may report before writing; larger ones are written first. */
export const MAX_DEFERRED_COMMIT_BYTES = 4 * 1024;

async function withRetries<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 100 * 3 ** (i - 1)));
    }
  }
}

/**
 * What follows a run's end that its last node wrote (its analysis, ExecuteNodeInput.endsRun). Once
 * that end is written the node has succeeded, whatever happens here: should this fail, the node
 * answers without `ended`, and the workflow's own end (the same end again, a no-op, and its
 * follow-up, retried until done) takes over.
 */
async function afterRunEnded(deps: Deps, runId: string, follow: () => Promise<unknown>): Promise<boolean> {
  try {
    await follow();
    return true;
  } catch (err) {
    deps.logger.warn({ err, runId }, "the run's end was written by its last node, but what follows it failed; the workflow's own end retries it");
    return false;
  }
}

/** What one execution of a node accumulates: its log lines, what it charged, its last heartbeat. */
interface NodeAttempt {
  logs: NodeLog[];
  usdChargedMicros: number;
  chargeCount: number;
  lastHeartbeat: unknown;
}

function resolveDefinition(registry: ExecutorRegistry, input: ExecuteNodeInput): NodeDefinition & Required<Pick<NodeDefinition, 'execute'>> {
  const { node } = input;
  const definition = registry.getVersion?.(node.type, node.version) ?? registry.get(node.type);
  if (!definition) throw new NodeError(`unknown node type ${node.type}`, { type: 'unknown_node_type' });
  const { execute } = definition;
  if (!execute) throw new NodeError(`node type ${node.type} is not executed by an activity`, { type: 'not_executable' });
  return { ...definition, execute };
}

/** Params after templates, checked again against the node's schema (a template may have produced anything). */
function parseParams(definition: NodeDefinition, params: Record<string, unknown>): unknown {
  const parsed = definition.params.safeParse(params);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(params)'}: ${i.message}`).join('; ');
    throw new NodeError(`invalid params after templates: ${problems}`, { type: 'invalid_params' });
  }
  return parsed.data;
}

/** The `ctx` a node's `execute` receives. */
function buildNodeContext(deps: Deps, input: ExecuteNodeInput, info: Info, activity: Context, attempt: NodeAttempt): NodeContext {
  const { runId, node } = input;
  return {
    runId,
    accountId: input.accountId,
    workflowId: input.workflowId,
    nodeId: node.id,
    attempt: info.attempt,
    sandbox: input.sandbox,
    variables: input.variables,
    runInput: input.runInput,
    log(level: LogLevel, message: string) {
      attempt.logs.push({ level, message, ts: new Date().toISOString() });
    },
    heartbeat(details?: unknown) {
      attempt.lastHeartbeat = details;
      if (!info.isLocal) activity.heartbeat(details);
    },
    checkpoint: info.heartbeatDetails,
    signal: activity.cancellationSignal,
    async charge(amountMicros: number, operation: string) {
      if (input.sandbox || amountMicros <= 0) return;
      const operationId = `run:${runId}:node:${node.id}${attempt.chargeCount > 0 ? `:${attempt.chargeCount}` : ''}`;
      attempt.chargeCount += 1;
      attempt.usdChargedMicros += await chargeNode(deps, input, operationId, Math.round(amountMicros), operation);
    },
    ...nodeCapabilities(deps, { accountId: input.accountId, runId, nodeId: node.id, sandbox: input.sandbox, credentials: node.credentials }),
  };
}

/** A node's failure as the workflow reads it: typed, non-retryable once the node's own budget is spent. */
function failure(err: unknown, input: ExecuteNodeInput, info: Info, activity: Context, details: NodeFailureDetails): Error {
  const { node } = input;
  if (activity.cancellationSignal.aborted) {
    return err instanceof CancelledFailure ? err : new CancelledFailure(`node ${node.id} cancelled`, [details]);
  }
  // The workflow allows a few attempts beyond the node's retry budget for lost workers; the
  // node's own failures stop at its max_attempts.
  const budgetSpent = info.attempt >= (node.retry?.maxAttempts ?? 1);
  if (isNodeError(err)) {
    return ApplicationFailure.create({ type: err.type, message: err.message, nonRetryable: !err.retryable || budgetSpent, details: [details] });
  }
  const message = err instanceof Error ? err.message : String(err);
  return ApplicationFailure.create({ type: 'node_failed', message, nonRetryable: budgetSpent, details: [details], cause: err instanceof Error ? err : undefined });
}

/**
 * Runs one planned node (the executeNode activity). Idempotent across attempts: a node whose
 * completion an earlier attempt committed is not run again.
 */
export async function executeNode(deps: Deps, registry: ExecutorRegistry, input: ExecuteNodeInput, onRunEnded?: (found: unknown) => Promise<unknown>): Promise<ExecuteNodeResult> {
  // Its commit is expected soon: a sibling's statement may wait for it (briefly) to go together.
  const queued = expectAppend(input.runId);
  try {
    return await runNode(deps, registry, input, queued, onRunEnded);
  } finally {
    queued();
  }
}

/** executeNode's work; `queued` is called once the node's commit has been queued. */
async function runNode(
  deps: Deps,
  registry: ExecutorRegistry,
  input: ExecuteNodeInput,
  queued: () => void,
  onRunEnded?: (found: unknown) => Promise<unknown>,
): Promise<ExecuteNodeResult> {
  const { db } = deps;
  const info = activityInfo();
  const activity = Context.current();
  const { runId, generation, node } = input;

  if (info.attempt > 1) {
    // The worker may have died after committing the node but before reporting it: do not run
    // the node's side effects again.
    const previous = await committedOutput(db, runId, generation, node.id);
    // (A run's last node answers here without `ended`: the workflow then writes the run's end itself,
    // a no-op should that attempt have written it with the node.)
    if (previous) return previous;
  }

  const startedAt = new Date();
  const started = performance.now();
  const attempt: NodeAttempt = { logs: [], usdChargedMicros: 0, chargeCount: 0, lastHeartbeat: info.heartbeatDetails };

  let startedRecorded = false;
  let startedWrite: Promise<void> | undefined;
  const writeStarted = () => {
    startedWrite ??= recordStarted(db, runId, generation, node.id, node.type, startedAt, info.attempt, input.carry).then(() => {
      startedRecorded = true;
    });
    return startedWrite;
  };
  // Retries and slow nodes announce themselves at once; fast first attempts batch node_started
  // with their completion (one transaction instead of two).
  const startedTimer = info.attempt > 1 ? undefined : setTimeout(() => void writeStarted().catch(() => undefined), STARTED_EVENT_DELAY_MS);
  if (info.attempt > 1) await writeStarted();
  const heartbeatTimer = info.isLocal ? undefined : setInterval(() => activity.heartbeat(attempt.lastHeartbeat), AUTO_HEARTBEAT_MS);
  let lists: ReturnType<typeof itemStreams> | undefined;

  try {
    const definition = resolveDefinition(registry, input);
    // References in params and inputs are loaded here, in the activity: the workflow only carries them.
    const refs = input.resultRefs && (input.deferred !== undefined || containsResultRef(input.inputs) || containsResultRef(input.params));
    const given = refs ? await materialize(deps.blobs, input, { streams: definition.streams }) : { params: input.params, inputs: input.inputs };
    const params = parseParams(definition, given.params);
    const ctx = buildNodeContext(deps, input, info, activity, attempt);
    // A streaming node's long lists go to the blob store as it writes them; one that stays under the
    // inline limit stays inline, as any port does (several such ports together are stored below).
    if (definition.streams && input.resultRefs) {
      lists = itemStreams(deps.blobs, { accountId: input.accountId, runId, nodeId: node.id, generation, attempt: info.attempt }, deps.config.engine.resultInlineMaxBytes);
      ctx.items = lists;
    }
    const result = await definition.execute(ctx, { params, inputs: given.inputs });
    if (startedTimer) clearTimeout(startedTimer);
    // Heartbeats go on until the node's events are committed: a Postgres outage during the
    // final write must not look like a lost worker.
    const finishedAt = new Date();
    let resultOutput = result.output;
    assertCreatedRefs(resultOutput, { ...input, nodeId: node.id, attempt: info.attempt });
    if (input.resultRefs) {
      // Large ports go to the blob store before anything is recorded or reported: a reference
      // never points to bytes that are not there yet.
      const bytes = Buffer.byteLength(JSON.stringify(resultOutput) ?? '', 'utf8');
      assertNodeResultFits(resultOutput, node.id, MAX_NODE_RESULT_BYTES, bytes);
      resultOutput = await storeLargePorts(deps.blobs, { accountId: input.accountId, runId, generation, nodeId: node.id, attempt: info.attempt }, resultOutput, bytes, deps.config.engine.resultInlineMaxBytes);
    }
    const output: NodeOutput = {
      ok: true,
      output: resultOutput,
      usd_charged: microsToUsd(attempt.usdChargedMicros),
      error: null,
      logs: attempt.logs,
      duration_ms: Math.round(performance.now() - started),
    };
    // A result Temporal cannot carry (inline ports and logs) fails the node now, before node_completed is written.
    assertNodeResultFits(output, node.id);
    if (startedWrite) await startedWrite.catch(() => undefined);
    const commit: NodeCommit = {
      nodeId: node.id,
      events: [...(startedRecorded ? [] : [startedEvent(generation, node.id, startedAt)]), ...completionEvents(generation, node.id, output)],
      node: finishedRow(node.id, node.type, output, startedAt, finishedAt, info.attempt),
    };
    // The node's work is done: a passing database hiccup must not spend one of its attempts.
    const write = async (carry: AppendItem[], own: AppendItem) => {
      await withRetries(() => appendNodeEvents(db, runId, own.events, own.opts, carry));
      markWritten(runId, [...(input.carry ?? []), commit]);
    };
    const carry = carried(runId, input.carry);
    const own = completionItem(commit);
    if (input.endsRun && !activity.cancellationSignal.aborted) {
      // A node nothing follows: its commit, and the run's end (completed) should every node of the
      // run have succeeded with it, in one statement.
      const committing = withRetries(() => commitAndCompleteIfDone(db, runId, generation, own, carry, deps.runEnd));
      queued();
      const { ended, found } = await committing;
      markWritten(runId, [...(input.carry ?? []), commit]);
      if (endingCommits.loseFirstAnswer && info.attempt === 1) throw new Error('the answer was lost after the node was written (test)');
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      return ended && (await afterRunEnded(deps, runId, async () => onRunEnded?.(found))) ? { ...output, ended: true } : output;
    }
    if (deferredCommits.enabled && input.deferCommit && info.attempt === 1 && !info.isLocal && Buffer.byteLength(JSON.stringify(commit), 'utf8') <= MAX_DEFERRED_COMMIT_BYTES) {
      // Reported now, written right after (off the run's critical path): the workflow carries the
      // commit into its next writes until one of them is confirmed, so a write lost with this
      // worker is still made, once, in order. This write may land after the run's end (all of it
      // then already there): it leaves the run's current node alone.
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      const late = (i: AppendItem): AppendItem => ({ events: i.events, opts: { ...i.opts, currentNode: undefined } });
      if (!deferredCommits.dropWrites) void write(carry.map(late), late(own)).catch((err: unknown) => deps.logger.warn({ err, runId, nodeId: node.id }, 'a deferred node commit failed; a later write of the run carries it'));
      // Earlier deferred writes this process has committed by now (on a chain, usually the one
      // before): the workflow need not carry them any further.
      const confirmed = deferredCommits.confirmCarried ? (input.carry ?? []).filter((c) => isWritten(runId, c)).map(commitKey) : [];
      return { ...output, commit, ...(confirmed.length ? { confirmed } : {}) };
    }
    const writing = write(carry, own);
    queued();
    await writing;
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    return output;
  } catch (err) {
    if (startedTimer) clearTimeout(startedTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    await lists?.abort();
    const details: NodeFailureDetails = { logs: attempt.logs, usdChargedMicros: attempt.usdChargedMicros, durationMs: Math.round(performance.now() - started) };
    throw failure(err, input, info, activity, details);
  }
}
