// Analytics criterion {workflow_id, name, description, weight 0..1, llm_prompt} and
// data point {workflow_id, name, data_type string|number|boolean|enum, description, enum_values};
// GET/POST/DELETE /v1/analytics/criteria and /v1/analytics/data-points, and
// GET /v1/analytics/run-analyses/{workflow_id}?limit=50 (the analyses analyze.ts writes).
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../infra/db/index';
import type { AnalyticsCriterion, AnalyticsDataPoint, DataPointType, RunAnalysis } from '../../infra/db/schema/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { coded, validationFailed } from '../../infra/http/errors';
import { microsToUsd } from '../../platform/billing/money';
import { ownedWorkflow } from '../workflow-lookup';

export const MAX_CRITERIA_PER_WORKFLOW = 20;
export const MAX_DATA_POINTS_PER_WORKFLOW = 30;

export function criterionView(row: AnalyticsCriterion) {
  return {
    id: row.id,
    object: 'analytics_criterion' as const,
    workflow_id: row.workflow_id,
    name: row.name,
    description: row.description,
    weight: row.weight,
    llm_prompt: row.llm_prompt,
    created_at: row.created_at.toISOString(),
  };
}

export function dataPointView(row: AnalyticsDataPoint) {
  return {
    id: row.id,
    object: 'analytics_data_point' as const,
    workflow_id: row.workflow_id,
    name: row.name,
    data_type: row.data_type,
    description: row.description,
    enum_values: row.data_type === 'enum' ? row.enum_values : null,
    created_at: row.created_at.toISOString(),
  };
}

export function analysisView(row: RunAnalysis) {
  return {
    id: row.id,
    object: 'run_analysis' as const,
    run_id: row.run_id,
    workflow_id: row.workflow_id,
    status: row.status,
    scores: row.scores,
    composite_score: row.composite_score,
    data_points: row.data_points,
    errors: row.errors,
    error: row.error,
    model: row.model,
    cost_usd: microsToUsd(Number(row.cost_micros)),
    analyzed_at: row.analyzed_at.toISOString(),
  };
}

const duplicate = (kind: string, name: string) => coded(409, 'duplicate_name', `This workflow already has a ${kind} named "${name}"; names are unique per workflow (they are the keys of each analysis).`, { name });

const limitReached = (kind: string, limit: number, workflowId: string) =>
  validationFailed([{ type: 'limit_exceeded', loc: ['body', 'workflow_id'], msg: `This workflow already has ${limit} ${kind}, the most it may hold; delete one first`, input: workflowId }]);

export async function createCriterion(deps: Deps, accountId: string, input: { workflow_id: string; name: string; description: string; weight: number; llm_prompt: string }) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      await ownedWorkflow(trx, accountId, input.workflow_id, { lock: true });
      const { n } = await trx.selectFrom('analytics_criteria').select((eb) => eb.fn.countAll<number>().as('n')).where('workflow_id', '=', input.workflow_id).executeTakeFirstOrThrow();
      if (Number(n) >= MAX_CRITERIA_PER_WORKFLOW) throw limitReached('criteria', MAX_CRITERIA_PER_WORKFLOW, input.workflow_id);
      return trx.insertInto('analytics_criteria').values({ id: `crit_${randomBytes(12).toString('hex')}`, account_id: accountId, ...input }).returningAll().executeTakeFirstOrThrow();
    });
    return criterionView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('criterion', input.name);
    throw err;
  }
}

export async function createDataPoint(
  deps: Deps,
  accountId: string,
  input: { workflow_id: string; name: string; data_type: DataPointType; description: string; enum_values: string[] },
) {
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      await ownedWorkflow(trx, accountId, input.workflow_id, { lock: true });
      const { n } = await trx.selectFrom('analytics_data_points').select((eb) => eb.fn.countAll<number>().as('n')).where('workflow_id', '=', input.workflow_id).executeTakeFirstOrThrow();
      if (Number(n) >= MAX_DATA_POINTS_PER_WORKFLOW) throw limitReached('data points', MAX_DATA_POINTS_PER_WORKFLOW, input.workflow_id);
      return trx
        .insertInto('analytics_data_points')
        .values({ id: `dp_${randomBytes(12).toString('hex')}`, account_id: accountId, ...input, enum_values: JSON.stringify(input.data_type === 'enum' ? input.enum_values : []) })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return dataPointView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate('data point', input.name);
    throw err;
  }
}

export async function listCriteria(deps: Deps, accountId: string, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('analytics_criteria').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('created_at').orderBy('id').execute();
  return { object: 'list' as const, data: rows.map(criterionView) };
}

export async function listDataPoints(deps: Deps, accountId: string, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('analytics_data_points').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('created_at').orderBy('id').execute();
  return { object: 'list' as const, data: rows.map(dataPointView) };
}

export async function deleteCriterion(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('analytics_criteria').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, object: 'analytics_criterion' as const, deleted: true };
}

export async function deleteDataPoint(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('analytics_data_points').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, object: 'analytics_data_point' as const, deleted: true };
}

export async function listRunAnalyses(deps: Deps, accountId: string, workflowId: string, limit: number) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('run_analyses').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('analyzed_at', 'desc').orderBy('id').limit(limit).execute();
  return { object: 'list' as const, data: rows.map(analysisView) };
}
