// Runs of the workflow engine: creating, reading, cancelling,
// retrying, resuming and signalling them. The engineRun workflow (workflows/engine-run/) does the
// work; this module starts it, talks to it through Temporal and reads the projections.
import { randomUUID } from 'node:crypto';
import { isGrpcServiceError } from '@temporalio/client';
import { defaultPayloadConverter, WorkflowIdConflictPolicy, WorkflowIdReusePolicy, WorkflowNotFoundError } from '@temporalio/common';
import { sql } from 'kysely';
import { z } from 'zod';
import { refuseGovernedRawApprove } from './raw-approve-signal';
import { approveSignal, cancelSignal, webhookSignal } from '../contract/signals';
import type { Deps } from '../../deps';
import type { Run, RunNodeOutputRow } from '../../infra/db/schema/index';
import { microsToUsd } from '../../platform/billing/money';
import { coded, detail, notFound } from '../../infra/http/errors';
import { saAccountId, saKind, saTriggerType, saWorkflowId } from '../../infra/temporal/search-attributes';
import { finishRun, writeLostCommits } from './projections';
import { observeStarted } from '../events/executions';
import type { Database } from '../../infra/db/index';
import { compiledOnce } from '../../infra/db/compiled';
import { ENGINE_RUN_BEHAVIOUR, type EngineRunInput, type EngineRunResult, type ExecuteNodeResult, type NodeCommit, type TriggerType } from '../contract/run-contract';
import type { NodeOutput, RunStatus } from '../contract/types';
import { MAX_INLINE_NODE_RESULT_BYTES } from '../catalogue/node-output-size';
import { resultDownloads } from '../contract/result-ref';
import { orNotFound } from '../../infra/db/or-not-found';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import type { StartRunRequest } from './start-request';
import { executionOpen } from './execution-open';
import { isoTime, listOf, offsetPage, usd } from '../../infra/http/views';

export const FINISHED_STATUSES: RunStatus[] = ['completed', 'failed', 'timed_out', 'cancelled'];
export const RESTARTABLE_STATUSES: RunStatus[] = ['failed', 'cancelled', 'timed_out'];
export const ENGINE_RUN_KIND = 'engine-run';

/** The engineRun workflow (workflows/engine-run/), started by reference. */
export const engineRun = workflowRef<(args: EngineRunInput) => Promise<EngineRunResult>>('engineRun');

/** The largest run input (JSON bytes): what a node result may hold, since the trigger node emits it. */
export const MAX_RUN_INPUT_BYTES = MAX_INLINE_NODE_RESULT_BYTES;

/**
 * A run's insert, compiled once (every run makes it; each column given, nulls included, so one
 * text serves all). Parameters, in order: id, account id, workflow id, version, status, trigger
 * type, sandbox, input (JSON), plan (JSON), USD cap (micros), nodes total, Temporal workflow id, the run
 * it retries, the parent run and parent node.
 */
const insertRun = compiledOnce((db) =>
  db
    .insertInto('runs')
    .values({
      id: '',
      account_id: '',
      workflow_id: '',
      workflow_version: 0,
      status: 'queued',
      trigger_type: '',
      sandbox: false,
      input: '',
      plan: '',
      usd_cap_micros: 0,
      nodes_total: 0,
      temporal_workflow_id: '',
      retried_from: '',
      parent_run_id: '',
      parent_node_id: '',
    })
    .returningAll()
    .compile(),
);

/** Inserts the run (queued) and starts its engineRun workflow under workflow id = run id. */
export async function startRun(deps: Deps, request: StartRunRequest): Promise<Run> {
  // Refused before anything is written: Temporal would refuse the start (its payload limit), and
  // the trigger node emits the input as its output, which may not exceed a node result's size.
  const input = JSON.stringify(request.input);
  const inputBytes = Buffer.byteLength(input, 'utf8');
  if (inputBytes > MAX_RUN_INPUT_BYTES) {
    throw coded(
      413,
      'input_too_large',
      `The run input is ${inputBytes} bytes of JSON; a run input may hold at most ${MAX_RUN_INPUT_BYTES} bytes (1 MiB). Store large data as a file and pass its URL or id.`,
      { bytes: inputBytes, limit_bytes: MAX_RUN_INPUT_BYTES },
    );
  }
  const runId = randomUUID();
  // A workflow with an active canary rule may run its canary version instead (Deps.runAdmission
  // route: src/engine/canary). Rate policy admission and the insert share one transaction
  // (admission policy and admit: src/engine/rate-policies), as do the insert and its satellite
  // rows; a run with neither is one statement, no transaction. The canary rule and the policy are
  // read side by side (both by workflow, neither needs the other).
  const admission = deps.runAdmission;
  const [req, policy] = await Promise.all([
    request.knownRules?.canaryRule === false ? request : admission.route(deps, request, runId),
    request.knownRules?.ratePolicy === false ? undefined : admission.policy(deps.db, { accountId: request.accountId, workflowId: request.workflowId }),
  ]);
  const usdCapMicros = req.usdCapMicros ?? req.plan.usdCapMicros ?? null;
  const insert = async (db: Database): Promise<Run> => {
    const [inserted] = await insertRun(db, [
      runId,
      req.accountId,
      req.workflowId,
      req.version,
      'queued',
      req.triggerType,
      req.sandbox,
      req.input === request.input ? input : JSON.stringify(req.input),
      JSON.stringify(req.plan),
      usdCapMicros,
      Object.keys(req.plan.nodes).length,
      runId,
      req.retriedFrom ?? null,
      req.parent?.runId ?? null,
      req.parent?.nodeId ?? null,
    ]);
    await req.onInsert?.(db, inserted!);
    return inserted!;
  };
  const run =
    policy || req.onInsert
      ? await deps.db.transaction().execute(async (trx) => {
          if (policy) await admission.admit(deps, trx, { accountId: req.accountId, workflowId: req.workflowId }, policy);
          return insert(trx);
        })
      : await insert(deps.db);
  await submit(deps, run, 0, req.completed);
  return run;
}

/** The engineRun behaviour new runs start with; bench A/B only sets another (bench/engine.ts BENCH_AB=deadline). */
export const startedBehaviour = { value: ENGINE_RUN_BEHAVIOUR };

async function submit(deps: Deps, run: Run, generation: number, completed?: Record<string, NodeOutput>): Promise<void> {
  const args: EngineRunInput = {
    runId: run.id,
    accountId: run.account_id,
    workflowId: run.workflow_id,
    version: run.workflow_version,
    triggerType: run.trigger_type as TriggerType,
    sandbox: run.sandbox,
    input: run.input,
    plan: run.plan,
    usdCapMicros: run.usd_cap_micros,
    generation,
    completed,
    behaviour: startedBehaviour.value,
  };
  try {
    const handle = await deps.temporal.workflow.start(engineRun, {
      taskQueue: deps.taskQueue,
      workflowId: run.id,
      args: [args],
      // The first workflow task straight to this process's worker when it has one (no poll round trip).
      requestEagerStart: deps.eagerStart === true,
      // A resumed run is a new execution under the same id once the old one is closed; a stalled
      // one still open is replaced.
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      workflowIdConflictPolicy: generation > 0 ? WorkflowIdConflictPolicy.TERMINATE_EXISTING : WorkflowIdConflictPolicy.FAIL,
      memo: { workflow_id: run.workflow_id, account_id: run.account_id, trigger_type: run.trigger_type, version: run.workflow_version, generation },
      typedSearchAttributes: [
        { key: saWorkflowId, value: run.workflow_id },
        { key: saAccountId, value: run.account_id },
        { key: saTriggerType, value: run.trigger_type },
        { key: saKind, value: ENGINE_RUN_KIND },
      ],
      staticSummary: `workflow ${run.workflow_id} v${run.workflow_version} · ${run.trigger_type}${generation ? ` · resume ${generation}` : ''}`,
    });
    // The run claimed for this execution now, while its first workflow task runs, rather than by its first activity.
    observeStarted(deps, run.id, generation, handle.firstExecutionRunId);
  } catch (err) {
    deps.logger.error({ err, runId: run.id }, 'could not start the engineRun workflow');
    await deps.db
      .updateTable('runs')
      .set({ status: 'failed', error: 'could not be submitted to the executor', finished_at: new Date() })
      .where('id', '=', run.id)
      .execute();
    throw detail(503, 'The workflow executor is unavailable; the run was not started.');
  }
}

export async function getRunRow(deps: Deps, accountId: string, runId: string): Promise<Run> {
  if (!isUuid(runId)) throw notFound();
  return orNotFound(deps.db.selectFrom('runs').selectAll().where('id', '=', runId).where('account_id', '=', accountId).executeTakeFirst());
}

export function nodeRows(deps: Deps, runId: string): Promise<RunNodeOutputRow[]> {
  return deps.db.selectFrom('run_node_outputs').selectAll().where('run_id', '=', runId).orderBy('started_at').orderBy('node_id').execute();
}

export const RunStatusView = z.enum(['queued', 'running', 'completed', 'failed', 'timed_out', 'cancelled']) satisfies z.ZodType<RunStatus>;

/** A node's result as a run reports it (the stored NodeOutput). */
export const NodeOutputView = z.object({
  ok: z.boolean(),
  output: z.record(z.string(), z.unknown()).describe('{port: value}; only the ports the node emitted'),
  usd_charged: usd,
  error: z.string().nullable(),
  logs: z.array(z.object({ level: z.enum(['debug', 'info', 'warn', 'error']), message: z.string(), ts: z.string() })),
  duration_ms: z.number(),
  skipped: z.boolean().optional().describe('Present (true) when a branch not taken skipped the node'),
  downloads: z
    .record(z.string(), z.string())
    .optional()
    .describe('Ports too large to carry inline, stored as blobs: `output` holds `{"$atelier_ref": {v, key, bytes, sha256}, preview}` for each, and this the path that serves its whole JSON'),
}) satisfies z.ZodType<NodeOutput>;

export const RunView = z.object({
  id: z.string(),
  run_id: z.string(),
  workflow_id: z.string(),
  version: z.number().int(),
  status: RunStatusView,
  trigger_type: z.string(),
  input: z.record(z.string(), z.unknown()),
  started_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  created_at: isoTime,
  current_node: z.string().nullable(),
  nodes_completed: z.number().int(),
  nodes_total: z.number().int(),
  usd_charged: usd,
  usd_cap: usd.nullable(),
  error: z.string().nullable(),
  temporal_workflow_id: z.string(),
  resumed_count: z.number().int(),
  retried_from: z.string().nullable(),
  parent_run_id: z.string().nullable(),
  parent_node_id: z.string().nullable(),
  node_outputs: z.record(z.string(), NodeOutputView).optional().describe('Each node that has run, by node id (a single run only)'),
});
export type RunView = z.output<typeof RunView>;
export const RunListView = listOf(RunView, offsetPage);
/** What starting a run (POST /runs, a retry) answers. */
export const RunStartedView = z.object({
  run_id: z.string(),
  temporal_workflow_id: z.string(),
  status: z.literal('queued'),
  created_at: isoTime,
});
export const RunResumedView = z.object({
  ok: z.literal(true),
  run_id: z.string(),
  status: z.literal('resumed'),
  skipped_nodes: z.array(z.string()).describe('Nodes that had succeeded and are kept, not run again'),
  total_skipped: z.number().int(),
});
export const RunSignalledView = z.object({ ok: z.literal(true), run_id: z.string(), signal: z.enum(['approve', 'webhook', 'cancel']), delivered: z.literal(true) });

export function nodeOutputView(row: RunNodeOutputRow): NodeOutput {
  const out: NodeOutput = {
    ok: row.ok,
    output: row.output,
    usd_charged: microsToUsd(row.usd_charged_micros),
    error: row.error,
    logs: row.logs,
    duration_ms: row.duration_ms,
  };
  if (row.skipped) out.skipped = true;
  return out;
}

/** A node's output as the API shows it: with the download path of each stored port (the output itself stays as recorded). */
function withDownloads(runId: string, nodeId: string, out: NodeOutput): NodeOutput & { downloads?: Record<string, string> } {
  const downloads = resultDownloads(runId, nodeId, out.output);
  return downloads ? { ...out, downloads } : out;
}

/** The API shape of a run (GET /v1/runs/{run_id}). */
export function runView(run: Run, nodes?: RunNodeOutputRow[]): RunView {
  return {
    id: run.id,
    run_id: run.id,
    workflow_id: run.workflow_id,
    version: run.workflow_version,
    status: run.status,
    trigger_type: run.trigger_type,
    input: run.input,
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
    created_at: run.created_at.toISOString(),
    current_node: run.current_node,
    nodes_completed: run.nodes_completed,
    nodes_total: run.nodes_total,
    usd_charged: microsToUsd(run.usd_charged_micros),
    usd_cap: run.usd_cap_micros === null ? null : microsToUsd(run.usd_cap_micros),
    error: run.error,
    temporal_workflow_id: run.temporal_workflow_id,
    resumed_count: run.resumed_count,
    retried_from: run.retried_from,
    parent_run_id: run.parent_run_id,
    parent_node_id: run.parent_node_id,
    ...(nodes ? { node_outputs: Object.fromEntries(nodes.map((n) => [n.node_id, withDownloads(run.id, n.node_id, nodeOutputView(n))])) } : {}),
  };
}

/** A page of the caller's runs, newest first, with the total of every matching run. */
export async function listRuns(deps: Deps, accountId: string, q: { workflowId?: string; limit: number; offset: number }) {
  let query = deps.db.selectFrom('runs').where('account_id', '=', accountId);
  if (q.workflowId) query = query.where('workflow_id', '=', q.workflowId);
  const [rows, counted] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}

/** Cancels through Temporal (in-flight activities see it through their heartbeats). */
export async function cancelRun(deps: Deps, run: Run): Promise<Run> {
  if (FINISHED_STATUSES.includes(run.status)) {
    throw coded(409, 'run_finished', `Run ${run.id} already finished with status ${run.status}; there is nothing to cancel.`, { status: run.status });
  }
  try {
    await deps.temporal.workflow.getHandle(run.id).cancel();
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
    // No execution to cancel (lost before it started): record the outcome ourselves.
    await finishRun(deps.db, { runId: run.id, generation: run.resumed_count, status: 'cancelled', error: 'cancelled' }, deps.runEnd);
  }
  return run;
}

export async function retryRun(deps: Deps, run: Run, sandbox: boolean): Promise<Run> {
  if (!RESTARTABLE_STATUSES.includes(run.status)) {
    throw coded(409, 'run_not_retryable', `Only failed, cancelled or timed-out runs can be retried; run ${run.id} is ${run.status}.`, { status: run.status });
  }
  return startRun(deps, {
    accountId: run.account_id,
    sandbox: sandbox || run.sandbox,
    workflowId: run.workflow_id,
    version: run.workflow_version,
    plan: run.plan,
    input: run.input,
    triggerType: run.trigger_type as TriggerType,
    usdCapMicros: run.usd_cap_micros,
    retriedFrom: run.id,
  });
}

/** gRPC's NOT_FOUND status (what fetching the history of a workflow that never started answers). */
const GRPC_NOT_FOUND = 5;

/**
 * The node commits executors reported to the run's latest execution before writing them
 * (ExecuteNodeResult.commit), in report order, read from its history; none when it has none.
 */
async function reportedCommits(deps: Deps, runId: string): Promise<NodeCommit[]> {
  let events;
  try {
    events = (await deps.temporal.workflow.getHandle(runId).fetchHistory()).events ?? [];
  } catch (err) {
    // No execution ever started (a run whose process died before its start): nothing reported.
    if (err instanceof WorkflowNotFoundError || (isGrpcServiceError(err) && err.code === GRPC_NOT_FOUND)) return [];
    deps.logger.error({ err, runId }, 'could not read the run\'s last execution to resume it');
    throw detail(503, 'The workflow executor is unavailable; the run was not resumed.');
  }
  const executeNodeScheduled = new Set<string>();
  const commits: NodeCommit[] = [];
  for (const e of events) {
    if (e.activityTaskScheduledEventAttributes?.activityType?.name === 'executeNode') executeNodeScheduled.add(String(e.eventId));
    const completed = e.activityTaskCompletedEventAttributes;
    const payload = completed?.result?.payloads?.[0];
    if (!payload || !executeNodeScheduled.has(String(completed!.scheduledEventId))) continue;
    const result = defaultPayloadConverter.fromPayload<ExecuteNodeResult | null>(payload);
    if (result && typeof result === 'object' && result.commit) commits.push(result.commit);
  }
  return commits;
}

/**
 * Continues a failed, cancelled, timed-out or interrupted run under the same run id: a new
 * execution of engineRun gets the outputs of nodes that already succeeded and skips them.
 * `force` replaces an execution that is still open (the watchdog's stalled runs).
 */
export async function resumeRun(deps: Deps, run: Run, opts: { force?: boolean } = {}) {
  if (!RESTARTABLE_STATUSES.includes(run.status)) {
    if (run.status === 'completed') {
      throw coded(409, 'run_not_resumable', `Run ${run.id} completed; there is nothing to resume.`, { status: run.status });
    }
    if (!opts.force && (await executionOpen(deps, run.id))) {
      throw coded(409, 'run_not_resumable', `Run ${run.id} is still ${run.status}; only failed, cancelled, timed-out or interrupted runs can be resumed.`, {
        status: run.status,
      });
    }
  }
  // A node whose result only the last execution's history holds is kept, not run again.
  const lost = await writeLostCommits(deps.db, run.id, await reportedCommits(deps, run.id));
  if (lost) deps.logger.warn({ runId: run.id, nodes: lost }, 'resume: wrote node results the previous execution had not written');
  const kept = await deps.db
    .selectFrom('run_node_outputs')
    .selectAll()
    .where('run_id', '=', run.id)
    .where('status', '=', 'succeeded')
    .execute();
  const completed = Object.fromEntries(kept.map((r) => [r.node_id, nodeOutputView(r)]));
  const generation = run.resumed_count + 1;
  const updated = await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('run_node_outputs').where('run_id', '=', run.id).where('status', '!=', 'succeeded').execute();
    return trx
      .updateTable('runs')
      .set({
        status: 'queued',
        resumed_count: generation,
        finished_at: null,
        error: null,
        current_node: null,
        nodes_completed: kept.length,
        last_heartbeat_at: sql`now()`,
      })
      .where('id', '=', run.id)
      .where('resumed_count', '=', run.resumed_count)
      .returningAll()
      .executeTakeFirst();
  });
  if (!updated) throw coded(409, 'run_resume_conflict', `Run ${run.id} is being resumed by another request.`);
  await submit(deps, updated, generation, completed);
  const skipped = kept.map((r) => r.node_id).sort();
  return { ok: true as const, run_id: run.id, status: 'resumed' as const, skipped_nodes: skipped, total_skipped: skipped.length };
}

const SIGNALS = { approve: approveSignal, webhook: webhookSignal, cancel: cancelSignal } as const;
export type EngineSignalName = keyof typeof SIGNALS;

export function isEngineSignal(name: string): name is EngineSignalName {
  return Object.prototype.hasOwnProperty.call(SIGNALS, name);
}

export async function signalRun(deps: Deps, run: Run, name: EngineSignalName, payload: Record<string, unknown>) {
  const finished = () =>
    coded(409, 'run_finished', `Run ${run.id} is ${run.status}; a finished run takes no signals.`, { status: run.status, signal: name });
  if (FINISHED_STATUSES.includes(run.status)) throw finished();
  if (name === 'approve') await refuseGovernedRawApprove(deps.db, run, payload);
  try {
    await deps.temporal.workflow.getHandle(run.id).signal(SIGNALS[name], payload);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw finished();
    throw err;
  }
  return { ok: true as const, run_id: run.id, signal: name, delivered: true as const };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

