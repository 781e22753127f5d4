// Tests (see service.ts).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { actorOf } from '../audit/audit-service';
import { OPERATORS } from './assertions';
import { createTest, deleteTest, listTests, runTest, testFromRun, TestDeletedView, TestListView, TestResultView, TestView } from './service';

const AssertionBody = z.object({ path: z.string().min(1).max(500), operator: z.enum(OPERATORS), value: z.unknown().optional() });
const CreateBody = z.object({
  workflow_id: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  kind: z.string().trim().min(1).max(50).default('assertion'),
  input: z.record(z.string(), z.unknown()).default({}),
  assertions: z.array(AssertionBody).max(200).default([]),
});
const FromRunBody = z.object({ run_id: z.string().min(1), name: z.string().trim().min(1).max(200), node_ids: z.array(z.string().min(1)).max(200).optional() });
const WorkflowParams = z.object({ workflow_id: z.string().min(1) });
const TestParams = z.object({ test_id: z.string().min(1) });
const RunQuery = z.object({ timeout_s: z.coerce.number().int().min(1).max(300).default(60) });

export function testRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/tests/workflow/:workflow_id', route({ params: WorkflowParams, response: TestListView }, ({ auth, params }) => listTests(deps, auth.accountId, params.workflow_id)));
  router.post('/tests', route({ body: CreateBody, status: 201, response: TestView }, async ({ auth, body }) => createTest(deps, auth.accountId, await actorOf(deps.db, auth), body)));
  router.post('/tests/from-run', route({ body: FromRunBody, status: 201, response: TestView }, async ({ auth, body }) => testFromRun(deps, auth.accountId, await actorOf(deps.db, auth), body)));
  router.delete('/tests/:test_id', route({ params: TestParams, response: TestDeletedView }, async ({ auth, params }) => deleteTest(deps, auth.accountId, await actorOf(deps.db, auth), params.test_id)));
  router.post('/tests/:test_id/run', route({ params: TestParams, query: RunQuery, response: TestResultView }, ({ auth, params, query }) => runTest(deps, auth.accountId, auth.sandbox, params.test_id, query.timeout_s)));
  return router;
}
