// Analytics criterion {workflow_id, name, description, weight 0..1, llm_prompt} and
// data point {workflow_id, name, data_type string|number|boolean|enum, description, enum_values};
// GET/POST/DELETE /v1/analytics/criteria and /v1/analytics/data-points, and
// GET /v1/analytics/run-analyses/{workflow_id}?limit=50 (the analyses analyze.ts writes).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../infra/db/index';
import type { AnalyticsCriterion, AnalyticsDataPoint, DataPointType, RunAnalysis } from '../../infra/db/schema/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { coded, validationFailed } from '../../infra/http/errors';
import { deletedOf, isoTime, listOf, usd } from '../../infra/http/views';
import { microsToUsd } from '../../platform/billing/money';
import { ownedWorkflow } from '../workflow-lookup';

export const MAX_CRITERIA_PER_WORKFLOW = 20;
export const MAX_DATA_POINTS_PER_WORKFLOW = 30;

export const CriterionView = z.object({
  id: z.string(),
  object: z.literal('analytics_criterion'),
  workflow_id: z.string(),
  name: z.string(),
  description: z.string(),
  weight: z.number().describe('0..1: its share of the composite score'),
  llm_prompt: z.string(),
  created_at: isoTime,
});
export const CriterionListView = listOf(CriterionView);
export const CriterionDeletedView = deletedOf('analytics_criterion');

export const DataPointView = z.object({
  id: z.string(),
  object: z.literal('analytics_data_point'),
  workflow_id: z.string(),
  name: z.string(),
  data_type: z.enum(['string', 'number', 'boolean', 'enum']),
  description: z.string(),
  enum_values: z.array(z.string()).nullable().describe('The allowed values when data_type is "enum", else null'),
  created_at: isoTime,
});
export const DataPointListView = listOf(DataPointView);
export const DataPointDeletedView = deletedOf('analytics_data_point');

export const RunAnalysisView = z.object({
  id: z.string(),
  object: z.literal('run_analysis'),
  run_id: z.string(),
  workflow_id: z.string(),
  status: z.enum(['completed', 'failed']),
  scores: z.record(z.string(), z.number().nullable()).describe('Each criterion\'s score (0..1) by name; null when the model gave none that validated'),
  composite_score: z.number().nullable(),
  data_points: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable()).describe('Each data point\'s value by name'),
  errors: z.array(z.string()).describe('Fields the model answered with something that did not validate'),
  error: z.string().nullable(),
  model: z.string().nullable(),
  cost_usd: usd,
  analyzed_at: isoTime,
});
export const RunAnalysisListView = listOf(RunAnalysisView);

export function criterionView(row: AnalyticsCriterion): z.output<typeof CriterionView> {
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

export function dataPointView(row: AnalyticsDataPoint): z.output<typeof DataPointView> {
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

export function analysisView(row: RunAnalysis): z.output<typeof RunAnalysisView> {
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
  return { id, object: 'analytics_criterion' as const, deleted: true as const };
}

export async function deleteDataPoint(deps: Deps, accountId: string, id: string) {
  await orNotFound(deps.db.deleteFrom('analytics_data_points').where('id', '=', id).where('account_id', '=', accountId).returning('id').executeTakeFirst());
  return { id, object: 'analytics_data_point' as const, deleted: true as const };
}

export async function listRunAnalyses(deps: Deps, accountId: string, workflowId: string, limit: number) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('run_analyses').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('analyzed_at', 'desc').orderBy('id').limit(limit).execute();
  return { object: 'list' as const, data: rows.map(analysisView) };
}
