// GET/POST/DELETE /v1/workflows/{id}/canary, POST …/canary/resolve.
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isoTime } from '../../infra/http/views';
import { validationFailed } from '../../infra/http/errors';
import { recordAudit, type Actor } from '../audit/audit-service';
import { ownedWorkflow } from '../workflow-lookup';
import { armMetrics, AUTO_ROLLBACK_MIN_SAMPLE, checkAutoRollback, chooseArm, ruleView } from './rules';
import { orNotFound } from '../../infra/db/or-not-found';

const ArmMetricsView = z.object({ total_runs: z.number().int(), error_runs: z.number().int(), error_rate_pct: z.number(), avg_duration_ms: z.number() });

export const CanaryRuleView = z.object({
  canary_version: z.string().describe('The content hash of the canary version'),
  stable_version: z.string().describe('The content hash of the stable version'),
  canary_weight_pct: z.number(),
  auto_rollback_error_threshold_pct: z.number().nullable(),
  sticky_sessions: z.boolean(),
  is_active: z.boolean(),
  rollback_reason: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const CanaryView = z.object({
  workflow_id: z.string(),
  canary_config: CanaryRuleView.nullable().describe('Null when the workflow has no canary rule'),
  metrics: z.object({ stable: ArmMetricsView, canary: ArmMetricsView }).describe('Runs of each arm since the rule was set'),
  rollback_triggered: z.boolean(),
  auto_rollback_min_sample: z.number().int().describe('Finished canary runs needed before the error threshold can roll back'),
});
export const CanaryDeletedView = z.object({ workflow_id: z.string(), deleted: z.literal(true) });
export const CanaryResolutionView = z.object({
  workflow_id: z.string(),
  selected_version: z.string().describe('The content hash of the version this user gets'),
  is_canary: z.boolean(),
  reason: z.string(),
});

export interface CanaryInput {
  canary_version: string | number;
  stable_version?: string | number;
  canary_weight_pct: number;
  auto_rollback_error_threshold_pct: number | null;
  sticky_sessions: boolean;
  is_active: boolean;
}

/** Shorter than a hash prefix may be: a string of digits this short is a version number ("2", "v2"). */
const MIN_HASH_PREFIX = 7;
/** workflow_versions.version is a Postgres integer. */
const MAX_VERSION = 2_147_483_647;

/**
 * The content hash of a version named by its number (`2`, `"2"`, `"v2"`) or by its content hash
 * (version_hash, or a unique prefix of at least 7 characters). Rules store the hash: a version's
 * content, not its position in the history.
 */
async function versionHash(deps: Deps, workflowId: string, given: string | number, field: string): Promise<string> {
  const text = String(given);
  const asNumber = typeof given === 'number' ? given : /^v?\d{1,6}$/i.test(text) ? Number(text.replace(/^v/i, '')) : null;
  const query = deps.db.selectFrom('workflow_versions').select('hash').distinct().where('workflow_id', '=', workflowId);
  const rows = asNumber !== null
    ? Number.isInteger(asNumber) && asNumber >= 1 && asNumber <= MAX_VERSION ? await query.where('version', '=', asNumber).execute() : []
    : text.length >= MIN_HASH_PREFIX ? await query.where('hash', 'like', `${text.toLowerCase().replace(/[^0-9a-f]/g, '')}%`).execute() : [];
  if (rows.length !== 1) {
    const msg = `${field} must be one of this workflow's version numbers (e.g. 2) or the content hash (version_hash) of one of its versions`;
    throw validationFailed([{ type: 'value_error', loc: ['body', field], msg, input: given }]);
  }
  return rows[0]!.hash;
}

export async function getCanary(deps: Deps, accountId: string, workflowId: string): Promise<z.output<typeof CanaryView>> {
  await ownedWorkflow(deps.db, accountId, workflowId);
  let rule = await deps.db.selectFrom('engine_canary_rules').selectAll().where('workflow_id', '=', workflowId).where('account_id', '=', accountId).executeTakeFirst();
  if (!rule) {
    const empty = { total_runs: 0, error_runs: 0, error_rate_pct: 0, avg_duration_ms: 0 };
    return { workflow_id: workflowId, canary_config: null, metrics: { stable: empty, canary: empty }, rollback_triggered: false, auto_rollback_min_sample: AUTO_ROLLBACK_MIN_SAMPLE };
  }
  rule = await checkAutoRollback(deps.db, rule);
  const m = await armMetrics(deps.db, rule);
  const strip = ({ finished_runs: _f, ...rest }: typeof m.stable) => rest;
  return {
    workflow_id: workflowId,
    canary_config: ruleView(rule),
    metrics: { stable: strip(m.stable), canary: strip(m.canary) },
    rollback_triggered: rule.rollback_triggered,
    auto_rollback_min_sample: AUTO_ROLLBACK_MIN_SAMPLE,
  };
}

export async function putCanary(deps: Deps, accountId: string, actor: Actor, workflowId: string, input: CanaryInput) {
  const workflow = await ownedWorkflow(deps.db, accountId, workflowId);
  const canary = await versionHash(deps, workflowId, input.canary_version, 'canary_version');
  const stable = input.stable_version !== undefined
    ? await versionHash(deps, workflowId, input.stable_version, 'stable_version')
    : (await deps.db.selectFrom('workflow_versions').select('hash').where('workflow_id', '=', workflowId).where('version', '=', workflow.current_version).executeTakeFirstOrThrow()).hash;
  if (canary === stable) throw validationFailed([{ type: 'value_error', loc: ['body', 'canary_version'], msg: 'canary_version must differ from stable_version', input: input.canary_version }]);
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('engine_canary_rules').selectAll().where('workflow_id', '=', workflowId).forUpdate().executeTakeFirst();
    const values = {
      canary_version: canary, stable_version: stable, canary_weight_pct: input.canary_weight_pct,
      auto_rollback_error_threshold_pct: input.auto_rollback_error_threshold_pct, sticky_sessions: input.sticky_sessions, is_active: input.is_active,
      rollback_triggered: false, rollback_reason: null,
    };
    // A new rule starts its metrics afresh (created_at is the metrics window's start).
    const row = await trx
      .insertInto('engine_canary_rules')
      .values({ workflow_id: workflowId, account_id: accountId, ...values })
      .onConflict((oc) => oc.column('workflow_id').doUpdateSet({ ...values, created_at: new Date(), updated_at: new Date() } as never))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      accountId, workflowId, action: before ? 'canary.updated' : 'canary.created', actor,
      summary: `Canary ${canary.slice(0, 12)} at ${input.canary_weight_pct}% against stable ${stable.slice(0, 12)}${input.is_active ? '' : ' (inactive)'}`,
      before: before ? ruleView(before) : undefined, after: ruleView(row),
    });
  });
  return getCanary(deps, accountId, workflowId);
}

export async function deleteCanary(deps: Deps, accountId: string, actor: Actor, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  await deps.db.transaction().execute(async (trx) => {
    const row = await orNotFound(trx.deleteFrom('engine_canary_rules').where('workflow_id', '=', workflowId).where('account_id', '=', accountId).returningAll().executeTakeFirst());
    await recordAudit(trx, { accountId, workflowId, action: 'canary.deleted', actor, summary: 'Canary rule removed', before: ruleView(row), after: undefined });
  });
  return { workflow_id: workflowId, deleted: true as const };
}

export async function resolveCanary(deps: Deps, accountId: string, workflowId: string, userId: string) {
  const workflow = await ownedWorkflow(deps.db, accountId, workflowId);
  let rule = await deps.db.selectFrom('engine_canary_rules').selectAll().where('workflow_id', '=', workflowId).executeTakeFirst();
  if (rule) rule = await checkAutoRollback(deps.db, rule);
  if (!rule || !rule.is_active) {
    const current = await deps.db.selectFrom('workflow_versions').select('hash').where('workflow_id', '=', workflowId).where('version', '=', workflow.current_version).executeTakeFirstOrThrow();
    const version = rule ? rule.stable_version : current.hash;
    return { workflow_id: workflowId, selected_version: version, is_canary: false, reason: rule?.rollback_triggered ? 'canary rolled back: stable for everyone' : rule ? 'canary rule inactive' : 'no canary rule' };
  }
  const choice = chooseArm(rule, userId);
  return { workflow_id: workflowId, selected_version: choice.version, is_canary: choice.isCanary, reason: choice.reason };
}
