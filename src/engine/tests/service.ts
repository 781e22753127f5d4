// Tests: GET /v1/tests/workflow/{id}, POST /v1/tests, DELETE /v1/tests/{id},
// POST /v1/tests/{id}/run (a real run with trigger_type `test`, awaited, then the assertions), and
// ours: POST /v1/tests/from-run saves a finished run as a test (its input is the fixture, the chosen
// nodes' outputs become `eq` assertions).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineTest, Run } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { isoTime, listOf } from '../../infra/http/views';
import { microsToUsd } from '../../platform/billing/money';
import { recordAudit, type Actor } from '../audit/audit-service';
import { FINISHED_STATUSES, getRunRow, nodeOutputView, nodeRows, RunStatusView } from '../run/service';
import { startTriggeredRun } from '../run/trigger-start';
import { ownedWorkflow } from '../workflow-lookup';
import { check, readPath, type Assertion } from './assertions';
import { orNotFound } from '../../infra/db/or-not-found';

export const TestView = z.object({
  id: z.string(),
  workflow_id: z.string(),
  name: z.string(),
  kind: z.string().describe('assertion, or snapshot for a test saved from a run'),
  input: z.record(z.string(), z.unknown()).describe('The run input the test starts with'),
  assertions: z.array(z.object({ path: z.string(), operator: z.string(), value: z.unknown().optional() })),
  last_result: z.string().nullable().describe('passed or failed; null until run'),
  last_run_id: z.string().nullable(),
  created_at: isoTime,
});
export const TestListView = listOf(TestView, { total: z.number().int() });
export const TestDeletedView = z.object({ id: z.string(), deleted: z.literal(true) });
export const TestResultView = z.object({
  test_id: z.string(),
  run_id: z.string(),
  result: z.enum(['passed', 'failed']),
  assertions: z.array(z.object({ path: z.string(), operator: z.string(), value: z.unknown(), actual: z.unknown().describe('What the path read in the run (null when absent)'), passed: z.boolean() })),
  duration_ms: z.number(),
  run_status: RunStatusView,
  message: z.string().optional().describe('Why the assertions were not evaluated (the run had not finished in time)'),
});

export function testView(row: EngineTest): z.output<typeof TestView> {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    name: row.name,
    kind: row.kind,
    input: row.input,
    assertions: row.assertions,
    last_result: row.last_result,
    last_run_id: row.last_run_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function createTest(deps: Deps, accountId: string, actor: Actor, input: { workflow_id: string; name: string; kind: string; input: Record<string, unknown>; assertions: Assertion[] }) {
  await ownedWorkflow(deps.db, accountId, input.workflow_id);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('engine_tests')
      .values({ id: `test_${randomBytes(12).toString('hex')}`, account_id: accountId, workflow_id: input.workflow_id, name: input.name, kind: input.kind, input: JSON.stringify(input.input), assertions: JSON.stringify(input.assertions) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { accountId, workflowId: row.workflow_id, action: 'test.created', actor, summary: `Test "${row.name}" created with ${input.assertions.length} assertion(s)`, before: undefined, after: { name: row.name, kind: row.kind, input: row.input, assertions: row.assertions } });
    return testView(row);
  });
}

export async function listTests(deps: Deps, accountId: string, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('engine_tests').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('created_at').execute();
  return { object: 'list' as const, data: rows.map(testView), total: rows.length };
}

async function ownedTest(deps: Deps, accountId: string, id: string): Promise<EngineTest> {
  return orNotFound(deps.db.selectFrom('engine_tests').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function deleteTest(deps: Deps, accountId: string, actor: Actor, id: string) {
  await ownedTest(deps, accountId, id);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('engine_tests').where('id', '=', id).where('account_id', '=', accountId).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { accountId, workflowId: row.workflow_id, action: 'test.deleted', actor, summary: `Test "${row.name}" deleted`, before: { name: row.name, assertions: row.assertions }, after: undefined });
  });
  return { id, deleted: true as const };
}

/** Waits for a run to finish (the runs table is the projection the engine keeps). */
export async function awaitRun(deps: Deps, runId: string, timeoutMs: number): Promise<Run> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await deps.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
    if (FINISHED_STATUSES.includes(run.status) || Date.now() > deadline) return run;
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function runTest(deps: Deps, accountId: string, sandbox: boolean, id: string, timeoutS: number): Promise<z.output<typeof TestResultView>> {
  const test = await ownedTest(deps, accountId, id);
  const started = Date.now();
  const started_run = await startTriggeredRun(deps, { accountId, workflowId: test.workflow_id, input: test.input, triggerType: 'test', sandbox });
  const run = await awaitRun(deps, started_run.id, timeoutS * 1000);
  const nodes = await nodeRows(deps, run.id);
  const root: Record<string, unknown> = Object.fromEntries(nodes.map((n) => [n.node_id, nodeOutputView(n)]));
  root.$run = { status: run.status, usd_charged: microsToUsd(run.usd_charged_micros), error: run.error };
  const finished = FINISHED_STATUSES.includes(run.status);
  const assertions = test.assertions.map((a) => {
    const actual = readPath(root, a.path);
    return { path: a.path, operator: a.operator, value: a.value ?? null, actual: actual ?? null, passed: finished && check(a as Assertion, actual) };
  });
  const result = finished && assertions.every((a) => a.passed) ? 'passed' : 'failed';
  await deps.db.updateTable('engine_tests').set({ last_result: result, last_run_id: run.id }).where('id', '=', test.id).execute();
  return {
    test_id: test.id,
    run_id: run.id,
    result,
    assertions,
    duration_ms: Date.now() - started,
    run_status: run.status,
    ...(finished ? {} : { message: `run still ${run.status} after ${timeoutS} s; assertions not evaluated` }),
  };
}

/** Ours: a finished run becomes a test — its input the fixture, chosen node outputs `eq` assertions. */
export async function testFromRun(deps: Deps, accountId: string, actor: Actor, body: { run_id: string; name: string; node_ids?: string[] }) {
  const run = await getRunRow(deps, accountId, body.run_id);
  if (!FINISHED_STATUSES.includes(run.status)) throw coded(409, 'run_not_finished', `Run ${run.id} is ${run.status}; only a finished run can become a test.`);
  const rows = (await nodeRows(deps, run.id)).filter((r) => r.status === 'succeeded');
  const chosen = body.node_ids ?? rows.filter((r) => !r.node_type.startsWith('trigger.')).map((r) => r.node_id);
  const assertions: Assertion[] = [];
  for (const nodeId of chosen) {
    const row = rows.find((r) => r.node_id === nodeId);
    if (!row) throw coded(422, 'node_not_succeeded', `Node ${nodeId} did not succeed in run ${run.id}; choose among: ${rows.map((r) => r.node_id).join(', ')}`);
    for (const [port, value] of Object.entries(row.output)) assertions.push({ path: `${nodeId}.output.${port}`, operator: 'eq', value });
  }
  assertions.push({ path: '$run.status', operator: 'eq', value: run.status });
  return createTest(deps, accountId, actor, { workflow_id: run.workflow_id, name: body.name, kind: 'snapshot', input: run.input, assertions });
}
