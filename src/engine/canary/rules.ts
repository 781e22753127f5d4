// Canary rule {canary_version, stable_version, canary_weight_pct,
// auto_rollback_error_threshold_pct, sticky_sessions, is_active}. Versions are the workflow's spec
// versions, stored by content hash (the API also takes their numbers). Arms: a sticky rule hashes (workflow, user id) into one of 10,000
// buckets, so a user stays on one arm; a non-sticky rule draws per run. Auto-rollback: once the
// canary arm has AUTO_ROLLBACK_MIN_SAMPLE finished runs and its error rate (failed or timed out
// over finished) is above the threshold, the rule deactivates itself, rollback_triggered turns
// true and an audit entry says why. The check runs before every routing decision and on GET.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../infra/db/index';
import type { EngineCanaryRule } from '../../infra/db/schema/index';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-service';

export const AUTO_ROLLBACK_MIN_SAMPLE = 5;

export interface ArmMetrics {
  total_runs: number;
  error_runs: number;
  error_rate_pct: number;
  avg_duration_ms: number;
  finished_runs: number;
}

export function ruleView(rule: EngineCanaryRule) {
  return {
    canary_version: rule.canary_version,
    stable_version: rule.stable_version,
    canary_weight_pct: Number(rule.canary_weight_pct),
    auto_rollback_error_threshold_pct: rule.auto_rollback_error_threshold_pct === null ? null : Number(rule.auto_rollback_error_threshold_pct),
    sticky_sessions: rule.sticky_sessions,
    is_active: rule.is_active,
    rollback_reason: rule.rollback_reason,
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

export async function armMetrics(db: Database, rule: EngineCanaryRule): Promise<{ stable: ArmMetrics; canary: ArmMetrics }> {
  const rows = await db
    .selectFrom('engine_run_arms as a')
    .innerJoin('runs as r', 'r.id', 'a.run_id')
    .select([
      'a.arm',
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where r.status in ('completed','failed','timed_out','cancelled'))`.as('finished'),
      sql<string>`count(*) filter (where r.status in ('failed','timed_out'))`.as('errors'),
      sql<string | null>`avg(extract(epoch from (r.finished_at - coalesce(r.started_at, r.created_at))) * 1000) filter (where r.finished_at is not null)`.as('avg_ms'),
    ])
    .where('a.workflow_id', '=', rule.workflow_id)
    .where('a.account_id', '=', rule.account_id)
    .where('a.created_at', '>=', rule.created_at)
    .groupBy('a.arm')
    .execute();
  const of = (arm: string): ArmMetrics => {
    const r = rows.find((x) => x.arm === arm);
    const finished = Number(r?.finished ?? 0);
    const errors = Number(r?.errors ?? 0);
    return {
      total_runs: Number(r?.total ?? 0),
      error_runs: errors,
      error_rate_pct: finished ? Math.round((errors / finished) * 10_000) / 100 : 0,
      avg_duration_ms: r?.avg_ms ? Math.round(Number(r.avg_ms)) : 0,
      finished_runs: finished,
    };
  };
  return { stable: of('stable'), canary: of('canary') };
}

/** Deactivates an active rule whose canary passed its error threshold; returns the rule as it now is. */
export async function checkAutoRollback(db: Database, rule: EngineCanaryRule): Promise<EngineCanaryRule> {
  if (!rule.is_active || rule.auto_rollback_error_threshold_pct === null) return rule;
  const threshold = Number(rule.auto_rollback_error_threshold_pct);
  const { canary } = await armMetrics(db, rule);
  if (canary.finished_runs < AUTO_ROLLBACK_MIN_SAMPLE || canary.error_rate_pct <= threshold) return rule;
  const reason = `canary error rate ${canary.error_rate_pct}% over ${canary.finished_runs} finished runs passed the ${threshold}% threshold`;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('engine_canary_rules')
      .set({ is_active: false, rollback_triggered: true, rollback_reason: reason, updated_at: new Date() })
      .where('workflow_id', '=', rule.workflow_id)
      .where('is_active', '=', true)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return (await trx.selectFrom('engine_canary_rules').selectAll().where('workflow_id', '=', rule.workflow_id).executeTakeFirst()) ?? rule;
    await recordAudit(trx, {
      accountId: rule.account_id, workflowId: rule.workflow_id, action: 'canary.auto_rollback', actor: SYSTEM_ACTOR,
      summary: `Canary ${rule.canary_version.slice(0, 12)} rolled back automatically: ${reason}`,
      before: { is_active: true, rollback_triggered: rule.rollback_triggered }, after: { is_active: false, rollback_triggered: true, rollback_reason: reason },
    });
    return updated;
  });
}

export interface ArmChoice {
  isCanary: boolean;
  version: string;
  reason: string;
}

/** Which arm a user (or, without one, a single run) takes under an active rule. */
export function chooseArm(rule: EngineCanaryRule, userId: string | null): ArmChoice {
  const weight = Number(rule.canary_weight_pct);
  let bucket: number;
  let how: string;
  if (rule.sticky_sessions && userId) {
    const digest = createHash('sha256').update(`${rule.workflow_id}:${userId}`).digest();
    bucket = digest.readUInt32BE(0) % 10_000;
    how = `sticky hash bucket ${bucket}`;
  } else {
    bucket = randomInt(10_000);
    how = `random draw ${bucket}`;
  }
  const isCanary = bucket < Math.round(weight * 100);
  return {
    isCanary,
    version: isCanary ? rule.canary_version : rule.stable_version,
    reason: `${how} ${isCanary ? '<' : '>='} ${Math.round(weight * 100)} (canary_weight_pct ${weight})`,
  };
}

export async function activeRule(db: Database, accountId: string, workflowId: string): Promise<EngineCanaryRule | undefined> {
  const rule = await db.selectFrom('engine_canary_rules').selectAll().where('workflow_id', '=', workflowId).where('account_id', '=', accountId).executeTakeFirst();
  if (!rule || !rule.is_active) return undefined;
  const checked = await checkAutoRollback(db, rule);
  return checked.is_active ? checked : undefined;
}
