// The reaper (runs stuck `running` over an hour → timed_out, every 5 minutes) and the
// watchdog (runs without a heartbeat for 60 s whose execution is gone → resumed from their
// checkpoint). Both run on Temporal as the engineMaintenance workflow, one per task queue, so they
// are visible in the Temporal UI; POST /v1/runs/watchdog/scan runs the same scan at once.
import { WorkflowIdConflictPolicy, WorkflowNotFoundError } from '@temporalio/common';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isoTime } from '../../infra/http/views';
import { saKind } from '../../infra/temporal/search-attributes';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import { finishRun } from './projections';
import { executionOpen } from './execution-open';
import { resumeRun } from './service';

const STATE_ID = 'main';
const SCAN_BATCH = 100;

export const maintenanceWorkflowId = (taskQueue: string) => `engine-maintenance-${taskQueue}`;

export interface EngineMaintenanceArgs {
  watchdogIntervalS: number;
  reaperIntervalS: number;
  /** Seconds since the last reaper pass (carried across continueAsNew). */
  sinceReapS: number;
}

/** The engineMaintenance workflow (workflows/engine-maintenance.ts), started by reference. */
export const engineMaintenance = workflowRef<(args: EngineMaintenanceArgs) => Promise<void>>('engineMaintenance');

export const ScanResultView = z.object({
  scanned_at: isoTime,
  source: z.string().describe('Who asked: api (a tenant) or schedule (the maintenance loop)'),
  reaped: z.array(z.string()).describe('Runs running too long, ended as timed_out'),
  stalled: z.array(z.string()).describe('Runs with no heartbeat and no live execution'),
  recovered: z.array(z.string()).describe('Stalled runs resumed'),
});
export type ScanResult = z.output<typeof ScanResultView>;

export const WatchdogStatusView = z.object({
  active: z.boolean().describe('Whether the maintenance loop is running'),
  total_scans: z.number().int(),
  total_recovered: z.number().int(),
  total_stalled_detected: z.number().int(),
  total_reaped: z.number().int(),
  active_monitored_runs: z.number().int(),
  last_scan_at: isoTime.nullable(),
  started_at: isoTime.nullable(),
  recent_actions: z.array(z.object({ run_id: z.string(), action: z.string(), reason: z.string(), at: isoTime })),
  config: z.object({ watchdog_interval_s: z.number(), stall_threshold_s: z.number(), reaper_interval_s: z.number(), reaper_max_running_s: z.number() }),
});
export const WatchdogScanView = ScanResultView.extend({ status: WatchdogStatusView });
export const RecoverAllView = z.object({
  ok: z.literal(true),
  total_recovered: z.number().int(),
  recovered: z.array(z.object({ run_id: z.string(), skipped_nodes: z.array(z.string()) })),
  errors: z.array(z.object({ run_id: z.string(), error: z.string() })),
});

async function recordAction(deps: Deps, run: { id: string; account_id: string }, action: string, reason: string) {
  await deps.db.insertInto('run_watchdog_actions').values({ run_id: run.id, account_id: run.account_id, action, reason }).execute();
}

/**
 * One pass of the reaper and/or the watchdog, with counters kept in run_watchdog_state. With
 * `accountId` the pass looks at that account's runs only (a tenant's own scan); without it, at
 * every account's (the maintenance loop).
 */
export async function scanNow(deps: Deps, source: string, opts: { reap?: boolean; watch?: boolean; accountId?: string } = {}): Promise<ScanResult> {
  const { reaperMaxRunningS, watchdogStallS } = deps.config.engine;
  const result: ScanResult = { scanned_at: new Date().toISOString(), source, reaped: [], stalled: [], recovered: [] };

  if (opts.reap !== false) {
    const stuck = await deps.db
      .selectFrom('runs')
      .select(['id', 'account_id', 'resumed_count'])
      .where('status', '=', 'running')
      .where('started_at', '<', sql<Date>`now() - make_interval(secs => ${reaperMaxRunningS})`)
      .$if(opts.accountId !== undefined, (q) => q.where('account_id', '=', opts.accountId!))
      .limit(SCAN_BATCH)
      .execute();
    for (const run of stuck) {
      try {
        await deps.temporal.workflow.getHandle(run.id).terminate(`reaped: running for over ${reaperMaxRunningS} s`);
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) deps.logger.warn({ err, runId: run.id }, 'reaper: could not terminate the execution');
      }
      await finishRun(deps.db, { runId: run.id, generation: run.resumed_count, status: 'timed_out', error: `reaped: running for over ${reaperMaxRunningS} s` }, deps.runEnd);
      await recordAction(deps, run, 'reaped', `running for over ${reaperMaxRunningS} s → timed_out`);
      result.reaped.push(run.id);
    }
  }

  if (opts.watch !== false) {
    const quiet = await deps.db
      .selectFrom('runs')
      .selectAll()
      .where('status', 'in', ['running', 'queued'])
      .where(sql<boolean>`coalesce(last_heartbeat_at, created_at) < now() - make_interval(secs => ${watchdogStallS})`)
      .$if(opts.accountId !== undefined, (q) => q.where('account_id', '=', opts.accountId!))
      .orderBy('created_at')
      .limit(SCAN_BATCH)
      .execute();
    for (const run of quiet) {
      // A run that is only waiting (timer, approval) still has an open execution: leave it be.
      if (await executionOpen(deps, run.id)) continue;
      result.stalled.push(run.id);
      try {
        const resumed = await resumeRun(deps, run, { force: true });
        await recordAction(deps, run, 'resumed', `no heartbeat for ${watchdogStallS} s and no live execution; resumed keeping ${resumed.total_skipped} node(s)`);
        result.recovered.push(run.id);
      } catch (err) {
        deps.logger.warn({ err, runId: run.id }, 'watchdog: could not resume a stalled run');
        await recordAction(deps, run, 'resume_failed', err instanceof Error ? err.message : String(err));
      }
    }
  }

  await deps.db
    .insertInto('run_watchdog_state')
    .values({ id: STATE_ID, total_scans: 1, total_recovered: result.recovered.length, total_stalled_detected: result.stalled.length, total_reaped: result.reaped.length, last_scan_at: new Date() })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        total_scans: sql`run_watchdog_state.total_scans + 1`,
        total_recovered: sql`run_watchdog_state.total_recovered + ${result.recovered.length}`,
        total_stalled_detected: sql`run_watchdog_state.total_stalled_detected + ${result.stalled.length}`,
        total_reaped: sql`run_watchdog_state.total_reaped + ${result.reaped.length}`,
        last_scan_at: new Date(),
      }),
    )
    .execute();
  return result;
}

/** POST /v1/runs/watchdog/recover-all: resume the caller's interrupted, timed-out or failed runs. */
export async function recoverAll(deps: Deps, accountId: string) {
  const candidates = await deps.db
    .selectFrom('runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', 'in', ['failed', 'timed_out', 'running', 'queued'])
    .orderBy('created_at')
    .limit(500)
    .execute();
  const recovered: Array<{ run_id: string; skipped_nodes: string[] }> = [];
  const errors: Array<{ run_id: string; error: string }> = [];
  for (const run of candidates) {
    // Running or queued runs count only when interrupted (their execution is gone).
    if ((run.status === 'running' || run.status === 'queued') && (await executionOpen(deps, run.id))) continue;
    try {
      const r = await resumeRun(deps, run, { force: true });
      await recordAction(deps, run, 'resumed', `recover-all (was ${run.status})`);
      recovered.push({ run_id: run.id, skipped_nodes: r.skipped_nodes });
    } catch (err) {
      errors.push({ run_id: run.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  await deps.db
    .insertInto('run_watchdog_state')
    .values({ id: STATE_ID, total_recovered: recovered.length })
    .onConflict((oc) => oc.column('id').doUpdateSet({ total_recovered: sql`run_watchdog_state.total_recovered + ${recovered.length}` }))
    .execute();
  return { ok: true as const, total_recovered: recovered.length, recovered, errors };
}

export async function watchdogStatus(deps: Deps, accountId: string): Promise<z.output<typeof WatchdogStatusView>> {
  const state = await deps.db.selectFrom('run_watchdog_state').selectAll().where('id', '=', STATE_ID).executeTakeFirst();
  const monitored = await deps.db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', 'in', ['running', 'queued'])
    .executeTakeFirstOrThrow();
  const actions = await deps.db
    .selectFrom('run_watchdog_actions')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  let active = false;
  try {
    const d = await deps.temporal.workflow.getHandle(maintenanceWorkflowId(deps.taskQueue)).describe();
    active = d.status.name === 'RUNNING';
  } catch {
    active = false;
  }
  const { watchdogIntervalS, watchdogStallS, reaperIntervalS, reaperMaxRunningS } = deps.config.engine;
  return {
    active,
    total_scans: Number(state?.total_scans ?? 0),
    total_recovered: Number(state?.total_recovered ?? 0),
    total_stalled_detected: Number(state?.total_stalled_detected ?? 0),
    total_reaped: Number(state?.total_reaped ?? 0),
    active_monitored_runs: Number(monitored.n),
    last_scan_at: state?.last_scan_at?.toISOString() ?? null,
    started_at: state?.started_at.toISOString() ?? null,
    recent_actions: actions.map((a) => ({ run_id: a.run_id, action: a.action, reason: a.reason, at: a.created_at.toISOString() })),
    config: { watchdog_interval_s: watchdogIntervalS, stall_threshold_s: watchdogStallS, reaper_interval_s: reaperIntervalS, reaper_max_running_s: reaperMaxRunningS },
  };
}

/** Starts this task queue's engineMaintenance workflow unless one is already running. */
export async function startEngineMaintenance(deps: Deps): Promise<() => Promise<void>> {
  const workflowId = maintenanceWorkflowId(deps.taskQueue);
  const { watchdogIntervalS, reaperIntervalS } = deps.config.engine;
  await deps.db.insertInto('run_watchdog_state').values({ id: STATE_ID }).onConflict((oc) => oc.column('id').doNothing()).execute();
  await deps.temporal.workflow.start(engineMaintenance, {
    taskQueue: deps.taskQueue,
    workflowId,
    args: [{ watchdogIntervalS, reaperIntervalS, sinceReapS: reaperIntervalS }],
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: [{ key: saKind, value: 'engine-maintenance' }],
    staticSummary: `engine reaper (every ${reaperIntervalS} s) and watchdog (every ${watchdogIntervalS} s)`,
  });
  return async () => {
    // Test stacks come and go on a shared server: do not leave their maintenance loops behind.
    if (deps.config.env !== 'test') return;
    await deps.temporal.workflow.getHandle(workflowId).terminate('test stack stopped').catch(() => undefined);
  };
}
