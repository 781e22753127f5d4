// Run analytics (run-analysis row {id, run_id, scores, composite_score, data_points,
// analyzed_at}). When a run of a workflow with criteria or data points finishes (completed, failed
// or timed_out), the finishRun projection starts the runAnalysis workflow with the workflow id
// `run-analysis-<run_id>` (a duplicate start is refused by Temporal, and the row is unique per
// run), so an analysis survives a crash of the worker and never runs twice for a run. The
// analysis is one chat call through the provider layer asking for a JSON object: a 0..1 score per
// criterion and a typed value per data point, each validated; composite_score is the weighted mean
// of the valid scores. The call is charged to the wallet at the one price table's chat price.
import { randomBytes } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { AnalyticsCriterion, AnalyticsDataPoint } from '../../infra/db/schema/index';
import { workflowRef } from '../../infra/temporal/workflow-ref';
import { chargeWallet, InsufficientFundsError, refundCharge } from '../../platform/billing/wallet';
import { chargeOperation, chatQuantities, countPromptTokens, operation, operationName, servedModel } from '../../generation/operations';
import { providersFor } from '../../generation/pipeline';
import type { ChatMessage, JsonSchema } from '../../generation/providers/types';
import type { RunEndListener } from '../run/run-end';

export interface RunAnalysisInput {
  runId: string;
}

/** The runAnalysis workflow (workflows/run-analysis.ts), started by reference. */
export const runAnalysis = workflowRef<(input: RunAnalysisInput) => Promise<{ status: string; error?: string }>>('runAnalysis');

export const runAnalysisWorkflowId = (runId: string) => `run-analysis-${runId}`;
const chargeOperationId = (runId: string) => `run-analysis:${runId}`;

/** Run statuses reached by the DAG finishing; a cancelled run is not analysed. */
const ANALYSED_STATUSES = new Set(['completed', 'failed', 'timed_out']);
/** The answer is held to this many tokens, and charged for them up front (as the AI nodes are). */
const MAX_TOKENS = 1024;
/** How much of the run (input, outputs, errors) the model is shown. */
const EVIDENCE_CHARS = 12_000;
const FIELD_CHARS = 2_000;

/** A finished run whose workflow has analytics criteria or data points: the analysis to start. */
export interface AnalysisTarget {
  account_id: string;
  workflow_id: string;
}

/**
 * The run's AnalysisTarget as a JSON column (null when its workflow is not analysed), for the
 * statement that finishes the run to select alongside (src/engine/run/projections.ts finishRun, through Deps.runEnd).
 */
export function analysisTargetColumn(runId: string) {
  return sql<AnalysisTarget | null>`(select json_build_object('account_id', r.account_id, 'workflow_id', r.workflow_id) from runs r
    where r.id = ${runId}::uuid
      and (exists (select 1 from analytics_criteria c where c.workflow_id = r.workflow_id)
           or exists (select 1 from analytics_data_points p where p.workflow_id = r.workflow_id)))`;
}

/**
 * Starts the run's analysis once (workflow id run-analysis-<run_id>) when its workflow is analysed;
 * `target` is what the finishing statement already found (undefined: look it up here).
 * Returns whether a new analysis started.
 */
export async function startRunAnalysis(deps: Deps, input: { runId: string; status: string }, target?: AnalysisTarget | null): Promise<boolean> {
  if (!ANALYSED_STATUSES.has(input.status)) return false;
  const run = target === undefined ? ((await sql<{ t: AnalysisTarget | null }>`select ${analysisTargetColumn(input.runId)} as t`.execute(deps.db)).rows[0]?.t ?? null) : target;
  if (!run) return false;
  try {
    await deps.temporal.workflow.start(runAnalysis, {
      taskQueue: deps.taskQueue,
      workflowId: runAnalysisWorkflowId(input.runId),
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [{ runId: input.runId }],
      memo: { account_id: run.account_id, workflow_id: run.workflow_id },
    });
    return true;
  } catch (err) {
    // Already analysed (or being analysed): a resumed run that finishes again keeps its first analysis.
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}

/** The run analysis as the run's end listener (Deps.runEnd, wired in src/runtime.ts). */
export const runAnalysisOnEnd: RunEndListener<Deps, AnalysisTarget> = { alongside: analysisTargetColumn, ended: startRunAnalysis };

type Value = string | number | boolean | null;

interface Recorded {
  status: 'completed' | 'failed';
  scores?: Record<string, number | null>;
  composite?: number | null;
  dataPoints?: Record<string, Value>;
  errors?: string[];
  model?: string | null;
  costMicros?: number;
  error?: string | null;
}

async function record(deps: Deps, run: { id: string; account_id: string; workflow_id: string }, r: Recorded): Promise<void> {
  await deps.db
    .insertInto('run_analyses')
    .values({
      id: `ana_${randomBytes(12).toString('hex')}`,
      account_id: run.account_id,
      workflow_id: run.workflow_id,
      run_id: run.id,
      status: r.status,
      scores: JSON.stringify(r.scores ?? {}),
      composite_score: r.composite ?? null,
      data_points: JSON.stringify(r.dataPoints ?? {}),
      errors: JSON.stringify(r.errors ?? []),
      model: r.model ?? null,
      cost_micros: r.costMicros ?? 0,
      error: r.error ?? null,
    })
    .onConflict((oc) => oc.column('run_id').doNothing())
    .execute();
}

/** The analysis activity. Provider failures throw (the workflow retries, then failRunAnalysis records them). */
export async function analyzeRun(deps: Deps, input: RunAnalysisInput): Promise<{ status: string; composite_score?: number | null }> {
  const run = await deps.db.selectFrom('runs').selectAll().where('id', '=', input.runId).executeTakeFirst();
  if (!run) return { status: 'run_deleted' };
  const done = await deps.db.selectFrom('run_analyses').select(['status', 'composite_score']).where('run_id', '=', run.id).executeTakeFirst();
  if (done) return { status: done.status, composite_score: done.composite_score };
  const [criteria, points] = await Promise.all([
    deps.db.selectFrom('analytics_criteria').selectAll().where('workflow_id', '=', run.workflow_id).orderBy('created_at').orderBy('id').execute(),
    deps.db.selectFrom('analytics_data_points').selectAll().where('workflow_id', '=', run.workflow_id).orderBy('created_at').orderBy('id').execute(),
  ]);
  if (criteria.length === 0 && points.length === 0) return { status: 'nothing_to_analyse' };

  const providers = providersFor(deps, run.sandbox);
  if (!providers.available('chat')) {
    await record(deps, run, { status: 'failed', error: 'No chat provider is configured, so runs cannot be analysed' });
    return { status: 'failed' };
  }
  const model = servedModel(providers, 'chat');
  const schema = analysisSchema(criteria, points);
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions(criteria, points, schema) },
    { role: 'user', content: await evidence(deps, run) },
  ];
  const op = operation('chat', model, chatQuantities(countPromptTokens(messages), MAX_TOKENS));
  let costMicros = 0;
  if (!run.sandbox) {
    try {
      // One charge per run: a retried attempt finds it (same operation id) and moves no money.
      costMicros = await chargeOperation(
        {
          charge: async (micros, label) => {
            await chargeWallet(deps.db, { accountId: run.account_id, amountMicros: micros, operationId: chargeOperationId(run.id), operation: operationName(op), label, metadata: { run_id: run.id, workflow_id: run.workflow_id } });
          },
        },
        op,
        `run_analysis:${model}`,
      );
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        await record(deps, run, { status: 'failed', model, error: 'insufficient_funds: the wallet cannot cover the analysis; nothing was charged' });
        return { status: 'failed' };
      }
      throw err;
    }
  }

  const answer = await providers.chat({ model, messages, temperature: 0, maxTokens: MAX_TOKENS, responseFormat: { type: 'json', schema } });
  const parsed = parseJsonObject(answer.text);
  if (!parsed) {
    await record(deps, run, { status: 'failed', model, costMicros, error: `the model's answer was not a JSON object: ${answer.text.slice(0, 200)}` });
    return { status: 'failed' };
  }
  const errors: string[] = [];
  const scoresIn = isObject(parsed.scores) ? parsed.scores : {};
  const pointsIn = isObject(parsed.data_points) ? parsed.data_points : {};
  const scores: Record<string, number | null> = {};
  for (const c of criteria) {
    const s = validScore(scoresIn[c.name]);
    if (s === undefined) errors.push(`scores.${c.name}: expected a number from 0 to 1, got ${preview(scoresIn[c.name])}`);
    scores[c.name] = s ?? null;
  }
  const dataPoints: Record<string, Value> = {};
  for (const p of points) {
    const v = validDataPoint(p, pointsIn[p.name]);
    if (v === undefined) errors.push(`data_points.${p.name}: expected ${p.data_type === 'enum' ? `one of ${p.enum_values.join(', ')}` : `a ${p.data_type}`}, got ${preview(pointsIn[p.name])}`);
    dataPoints[p.name] = v ?? null;
  }
  const composite = compositeScore(criteria, scores);
  await record(deps, run, { status: 'completed', scores, composite, dataPoints, errors, model: answer.model ?? model, costMicros });
  return { status: 'completed', composite_score: composite };
}

/** After the last attempt failed: the charge is refunded and the failure recorded on the run's analysis. */
export async function failRunAnalysis(deps: Deps, input: RunAnalysisInput & { error: string }): Promise<void> {
  const run = await deps.db.selectFrom('runs').select(['id', 'account_id', 'workflow_id']).where('id', '=', input.runId).executeTakeFirst();
  if (!run) return;
  const charge = await deps.db.selectFrom('ledger_entries').select('id').where('account_id', '=', run.account_id).where('operation_id', '=', chargeOperationId(run.id)).where('kind', '=', 'charge').executeTakeFirst();
  if (charge) {
    await refundCharge(deps.db, { accountId: run.account_id, chargeOperationId: chargeOperationId(run.id), operationId: `${chargeOperationId(run.id)}:refund`, label: 'refund:run_analysis (analysis failed)' });
  }
  await record(deps, run, { status: 'failed', error: input.error.slice(0, 1000) });
}

/** Weighted mean of the valid scores (plain mean when every weight is 0); null when none is valid. */
export function compositeScore(criteria: Pick<AnalyticsCriterion, 'name' | 'weight'>[], scores: Record<string, number | null>): number | null {
  const valid = criteria.filter((c) => typeof scores[c.name] === 'number');
  if (valid.length === 0) return null;
  const totalWeight = valid.reduce((n, c) => n + c.weight, 0);
  const mean = totalWeight > 0 ? valid.reduce((n, c) => n + c.weight * scores[c.name]!, 0) / totalWeight : valid.reduce((n, c) => n + scores[c.name]!, 0) / valid.length;
  return Math.round(mean * 10_000) / 10_000;
}

export function analysisSchema(criteria: AnalyticsCriterion[], points: AnalyticsDataPoint[]): JsonSchema {
  const scoreProps: Record<string, JsonSchema> = {};
  for (const c of criteria) scoreProps[c.name] = { type: 'number', minimum: 0, maximum: 1, description: [c.description, c.llm_prompt].filter(Boolean).join(' ') };
  const pointProps: Record<string, JsonSchema> = {};
  for (const p of points) {
    pointProps[p.name] = p.data_type === 'enum'
      ? { type: ['string', 'null'], enum: [...p.enum_values, null], description: p.description }
      : { type: [p.data_type, 'null'], description: p.description };
  }
  return {
    type: 'object',
    properties: {
      scores: { type: 'object', properties: scoreProps, required: Object.keys(scoreProps) },
      data_points: { type: 'object', properties: pointProps, required: Object.keys(pointProps) },
    },
    required: ['scores', 'data_points'],
  };
}

function instructions(criteria: AnalyticsCriterion[], points: AnalyticsDataPoint[], schema: JsonSchema): string {
  const lines = [
    'You analyse one finished run of an automated workflow, shown in the user message.',
    'Answer with one JSON object only, no prose, matching this JSON Schema:',
    JSON.stringify(schema),
    '',
    '"scores": for each criterion, a number from 0 (not met at all) to 1 (fully met), judged only from the run.',
    '"data_points": for each data point, the value the run shows, of the given type (an enum value exactly as listed); null when the run does not say.',
  ];
  if (criteria.length) {
    lines.push('', 'Criteria:');
    for (const c of criteria) lines.push(`- "${c.name}" (weight ${c.weight}): ${c.description}${c.llm_prompt ? ` Instructions: ${c.llm_prompt}` : ''}`);
  }
  if (points.length) {
    lines.push('', 'Data points:');
    for (const p of points) lines.push(`- "${p.name}" (${p.data_type}${p.data_type === 'enum' ? `, one of: ${p.enum_values.join(' | ')}` : ''}): ${p.description}`);
  }
  return lines.join('\n');
}

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}… (${text.length} characters)` : text);

/** What the model reads: the run's status and error, its input, and each node's output or error. */
async function evidence(deps: Deps, run: { id: string; workflow_id: string; status: string; error: string | null; input: Record<string, unknown> }): Promise<string> {
  const [wf, nodes] = await Promise.all([
    deps.db.selectFrom('workflows').select(['name']).where('id', '=', run.workflow_id).executeTakeFirst(),
    deps.db.selectFrom('run_node_outputs').select(['node_id', 'node_type', 'status', 'output', 'error']).where('run_id', '=', run.id).orderBy('finished_at').orderBy('node_id').execute(),
  ]);
  const parts = [
    `Run of workflow "${wf?.name ?? run.workflow_id}": status ${run.status}${run.error ? `, error: ${run.error}` : ''}.`,
    `Input: ${clip(JSON.stringify(run.input), FIELD_CHARS)}`,
    'Node outputs:',
    ...nodes.map((n) => `- ${n.node_id} (${n.node_type}, ${n.status}): ${n.error ? `error: ${clip(n.error, FIELD_CHARS)}` : clip(JSON.stringify(n.output), FIELD_CHARS)}`),
  ];
  return clip(parts.join('\n'), EVIDENCE_CHARS);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const preview = (v: unknown) => (v === undefined ? 'nothing' : clip(JSON.stringify(v), 80));

/** The JSON object in a model's answer (bare, or in a code fence, or surrounded by prose). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const candidates = [text, text.match(/```(?:json)?\s*([\s\S]*?)```/)?.[1], text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)];
  for (const c of candidates) {
    if (!c) continue;
    try {
      const v: unknown = JSON.parse(c);
      if (isObject(v)) return v;
    } catch {
      /* next candidate */
    }
  }
  return undefined;
}

/** A score in 0..1 (a numeric string counts); undefined when invalid. */
export function validScore(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) return undefined;
  return Math.round(n * 10_000) / 10_000;
}

/** The value typed as the data point says; null when the model found nothing; undefined when invalid. */
export function validDataPoint(p: Pick<AnalyticsDataPoint, 'data_type' | 'enum_values'>, v: unknown): Value | undefined {
  if (v === null) return null;
  switch (p.data_type) {
    case 'string':
      return typeof v === 'string' ? v.slice(0, 2000) : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    case 'number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(/,/g, '')) : v;
      return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (typeof v === 'string' && /^(true|yes)$/i.test(v.trim())) return true;
      if (typeof v === 'string' && /^(false|no)$/i.test(v.trim())) return false;
      return undefined;
    case 'enum':
      return typeof v === 'string' ? p.enum_values.find((e) => e.toLowerCase() === v.trim().toLowerCase()) : undefined;
  }
}
