// Rate policy {max_concurrent_runs, requests_per_minute, burst_allowance}, enforced where every run
// starts (Deps.runAdmission.policy and .admit, which startRun in src/engine/run/service.ts calls:
// API, hooks, schedules, tests, retries, replays).
// Admission holds a per-workflow advisory lock inside the run-insert transaction, so two requests
// can never both take the last slot.
//
// - requests_per_minute: run starts of the workflow in the trailing 60 s (from the runs table),
//   at most requests_per_minute + burst_allowance; burst_allowance is the extra a short spike may
//   use above the steady rate within one minute.
// - max_concurrent_runs: runs `queued` or `running` that are alive in the watchdog's sense — a
//   heartbeat within the stall threshold, or a Temporal execution still open (a run waiting for an
//   approval is alive, a run whose worker died and whose execution is gone is not).
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../infra/db/index';
import type { EngineRatePolicy } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { executionOpen } from '../run/execution-open';

/** The workflow's rate policy when it limits anything (read before the insert's transaction, which only a policy needs). */
export async function activeRatePolicy(db: Database, req: { accountId: string; workflowId: string }): Promise<EngineRatePolicy | undefined> {
  const policy = await db
    .selectFrom('engine_rate_policies')
    .selectAll()
    .where('workflow_id', '=', req.workflowId)
    .where('account_id', '=', req.accountId)
    .executeTakeFirst();
  if (!policy || (policy.max_concurrent_runs === null && policy.requests_per_minute === null)) return undefined;
  return policy;
}

/** Admits a run under its workflow's policy, inside the transaction that inserts it; throws 429 when over. */
export async function admitRun(deps: Deps, trx: Database, req: { accountId: string; workflowId: string }, policy: EngineRatePolicy): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`engine-rate:${req.workflowId}`}))`.execute(trx);

  if (policy.requests_per_minute !== null) {
    const limit = policy.requests_per_minute + policy.burst_allowance;
    const recent = await trx
      .selectFrom('runs')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('workflow_id', '=', req.workflowId)
      .where('created_at', '>', sql<Date>`now() - interval '60 seconds'`)
      .executeTakeFirstOrThrow();
    const used = Number(recent.n);
    if (used >= limit) {
      const oldest = recent.oldest ? new Date(recent.oldest as unknown as string).getTime() : Date.now();
      const resetAt = Math.ceil((oldest + 60_000) / 1000);
      const retryAfter = Math.min(60, Math.max(1, Math.ceil((oldest + 60_000 - Date.now()) / 1000)));
      throw coded(
        429,
        'rate_limit_exceeded',
        `Workflow ${req.workflowId} allows ${policy.requests_per_minute} run starts per minute (+${policy.burst_allowance} burst); try again in ${retryAfter} s.`,
        { scope: 'workflow', workflow_id: req.workflowId, limit_rpm: policy.requests_per_minute, burst_allowance: policy.burst_allowance },
        { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetAt), 'Retry-After': String(retryAfter) },
      );
    }
  }

  if (policy.max_concurrent_runs !== null) {
    const stallS = deps.config.engine.watchdogStallS;
    const inFlight = await trx
      .selectFrom('runs')
      .select(['id', sql<boolean>`coalesce(last_heartbeat_at, created_at) >= now() - make_interval(secs => ${stallS})`.as('fresh')])
      .where('workflow_id', '=', req.workflowId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
    let live = 0;
    for (const run of inFlight) {
      if (live >= policy.max_concurrent_runs) break;
      if (run.fresh || (await executionOpen(deps, run.id))) live += 1;
    }
    if (live >= policy.max_concurrent_runs) {
      throw coded(
        429,
        'rate_limit_exceeded',
        `Workflow ${req.workflowId} allows ${policy.max_concurrent_runs} concurrent run(s) and ${live} are in flight; retry when one finishes.`,
        { scope: 'workflow_concurrency', workflow_id: req.workflowId, max_concurrent_runs: policy.max_concurrent_runs, in_flight: live },
        {
          'X-RateLimit-Limit': String(policy.max_concurrent_runs),
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 1),
          'Retry-After': '1',
        },
      );
    }
  }
}
