// GET /v1/analytics/criteria/{workflow_id}, /v1/analytics/data-points/{workflow_id},
// /v1/analytics/run-analyses/{workflow_id}?limit=50; POST /v1/analytics/criteria,
// /v1/analytics/data-points; DELETE /v1/analytics/criteria/{id}, /v1/analytics/data-points/{id}.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import {
  CriterionDeletedView,
  CriterionListView,
  CriterionView,
  DataPointDeletedView,
  DataPointListView,
  DataPointView,
  RunAnalysisListView,
  createCriterion,
  createDataPoint,
  deleteCriterion,
  deleteDataPoint,
  listCriteria,
  listDataPoints,
  listRunAnalyses,
} from './service';

const WorkflowId = z.string().min(1).max(100);
const Name = z.string().trim().min(1).max(100);

const CriterionBody = z
  .object({
    workflow_id: WorkflowId,
    name: Name,
    description: z.string().trim().max(2000).default(''),
    weight: z.number().min(0).max(1).default(1),
    llm_prompt: z.string().trim().max(4000).default(''),
  })
  .refine((b) => b.description !== '' || b.llm_prompt !== '', { path: ['llm_prompt'], message: 'Give the model something to judge by: a description or an llm_prompt' });

const DataPointBody = z
  .object({
    workflow_id: WorkflowId,
    name: Name,
    data_type: z.enum(['string', 'number', 'boolean', 'enum']),
    description: z.string().trim().max(2000).default(''),
    enum_values: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.data_type === 'enum') {
      if (!b.enum_values?.length) ctx.addIssue({ code: 'custom', path: ['enum_values'], message: 'enum_values (at least one) is required when data_type is "enum"', input: b.enum_values });
      else if (new Set(b.enum_values.map((v) => v.toLowerCase())).size !== b.enum_values.length) ctx.addIssue({ code: 'custom', path: ['enum_values'], message: 'enum_values must be unique', input: b.enum_values });
    } else if (b.enum_values?.length) {
      ctx.addIssue({ code: 'custom', path: ['enum_values'], message: 'enum_values is only for data_type "enum"', input: b.enum_values });
    }
  })
  .transform((b) => ({ ...b, enum_values: b.enum_values ?? [] }));

const WorkflowParams = z.object({ workflow_id: WorkflowId });
const IdParams = z.object({ id: z.string().min(1).max(100) });
const AnalysesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function analyticsRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/analytics/criteria/:workflow_id', route({ params: WorkflowParams, response: CriterionListView, summary: "A workflow's analytics criteria" }, ({ auth, params }) => listCriteria(deps, auth.accountId, params.workflow_id)));
  router.post('/analytics/criteria', route({ body: CriterionBody, status: 201, response: CriterionView, errors: [409], summary: 'Add a criterion every finished run of the workflow is scored on (0..1)' }, ({ auth, body }) => createCriterion(deps, auth.accountId, body)));
  router.delete('/analytics/criteria/:id', route({ params: IdParams, response: CriterionDeletedView, summary: 'Delete an analytics criterion' }, ({ auth, params }) => deleteCriterion(deps, auth.accountId, params.id)));

  router.get('/analytics/data-points/:workflow_id', route({ params: WorkflowParams, response: DataPointListView, summary: "A workflow's analytics data points" }, ({ auth, params }) => listDataPoints(deps, auth.accountId, params.workflow_id)));
  router.post('/analytics/data-points', route({ body: DataPointBody, status: 201, response: DataPointView, errors: [409], summary: 'Add a typed data point extracted from every finished run of the workflow' }, ({ auth, body }) => createDataPoint(deps, auth.accountId, body)));
  router.delete('/analytics/data-points/:id', route({ params: IdParams, response: DataPointDeletedView, summary: 'Delete an analytics data point' }, ({ auth, params }) => deleteDataPoint(deps, auth.accountId, params.id)));

  router.get('/analytics/run-analyses/:workflow_id', route({ params: WorkflowParams, query: AnalysesQuery, response: RunAnalysisListView, summary: "Analyses of the workflow's finished runs, newest first" }, ({ auth, params, query }) => listRunAnalyses(deps, auth.accountId, params.workflow_id, query.limit)));
  return router;
}
