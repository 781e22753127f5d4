// GET/POST /v1/tools/workflow/{workflow_id}, DELETE …/{workflow_id}/{tool_id}: a
// workflow exposed to agents as a tool. Its JSON Schema comes from the workflow's trigger input;
// calling it starts the workflow as a normal engine run whose parent is the agent's run.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineWorkflowTool } from '../../infra/db/schema/index';
import { ApiError, coded } from '../../infra/http/errors';
import { isoTime, listOf } from '../../infra/http/views';
import { isUniqueViolation } from '../../infra/db/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { cancelRun, FINISHED_STATUSES, getRunRow, nodeRows } from '../run/service';
import type { WorkflowSpec } from '../workflows/spec';
import { templateRefs } from '../contract/templates';
import { startChildRun } from '../run/child-runs';
import { ownedWorkflow } from '../workflow-lookup';
import type { ToolOutput } from './builtin-tools';

export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export const WorkflowToolConfig = z
  .object({
    description: z.string().trim().min(1).max(2000).optional().describe('What the tool does, for the model (default: the workflow\'s description or name).'),
    input_schema: z.record(z.string(), z.unknown()).optional().describe('A JSON Schema (type object) for the tool\'s arguments, instead of the one derived from the trigger input.'),
    timeout_s: z.number().int().min(1).max(3600).default(600).describe('How long an agent waits for the tool\'s run.'),
  })
  .loose()
  .refine((c) => c.input_schema === undefined || c.input_schema.type === 'object', { message: 'input_schema must be a JSON Schema with type "object"', path: ['input_schema'] });

export const WorkflowToolBody = z.object({
  tool_id: z.string().regex(TOOL_NAME, 'tool_id is 1-64 letters, digits, "_" or "-" (the function name the model sees)'),
  category: z.string().trim().min(1).max(64).default('general'),
  active: z.boolean().default(true),
  config: WorkflowToolConfig.default({ timeout_s: 600 }),
});
export type WorkflowToolBody = z.output<typeof WorkflowToolBody>;

/** Most characters of a tool run's outputs the model gets back. */
const RESULT_MAX_CHARS = 8000;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON Schema of a workflow's input: the trigger's `config.input_schema` when the spec declares
 * one, else one string property per field the spec reads from a trigger node's output
 * (`{{trigger.output.main.city}}` → `city`), all required; no fields → an open object.
 */
export function triggerInputSchema(spec: Pick<WorkflowSpec, 'trigger' | 'nodes'>): Record<string, unknown> {
  const declared = spec.trigger?.config?.input_schema;
  if (isPlainObject(declared) && declared.type === 'object') return declared;
  const triggers = new Set(spec.nodes.filter((n) => n.type.startsWith('trigger.')).map((n) => n.id));
  const properties: Record<string, Record<string, unknown>> = {};
  for (const node of spec.nodes) {
    for (const use of templateRefs(node.params)) {
      const ref = use.ref;
      if (ref?.kind !== 'node' || !triggers.has(ref.nodeId) || ref.port !== 'main' || !ref.path[0]) continue;
      const field = ref.path[0];
      properties[field] ??= { type: 'string', description: `Read by node ${node.id} as {{${use.expression}}}` };
    }
  }
  const names = Object.keys(properties);
  if (!names.length) return { type: 'object', properties: {}, additionalProperties: true };
  return { type: 'object', properties, required: names, additionalProperties: true };
}

async function currentSpec(deps: Deps, workflowId: string, version: number): Promise<WorkflowSpec> {
  const row = await deps.db.selectFrom('workflow_versions').select('spec').where('workflow_id', '=', workflowId).where('version', '=', version).executeTakeFirstOrThrow();
  return row.spec as unknown as WorkflowSpec;
}

export interface ResolvedWorkflowTool {
  row: EngineWorkflowTool;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool row with its description and argument schema (from config, else the workflow). */
export async function describeWorkflowTool(deps: Deps, row: EngineWorkflowTool): Promise<ResolvedWorkflowTool> {
  const wf = await deps.db.selectFrom('workflows').select(['name', 'description', 'current_version']).where('id', '=', row.workflow_id).executeTakeFirstOrThrow();
  const config = row.config as { description?: string; input_schema?: Record<string, unknown> };
  const inputSchema = config.input_schema ?? triggerInputSchema(await currentSpec(deps, row.workflow_id, wf.current_version));
  const description = config.description ?? (wf.description ? `${wf.name}: ${wf.description}` : `Runs the workflow "${wf.name}".`);
  return { row, description, inputSchema };
}

export const WorkflowToolView = z.object({
  id: z.string(),
  workflow_id: z.string(),
  tool_id: z.string(),
  agent_tool_id: z.string().describe('What an agent.run node lists in `tools`: `workflow:<tool_id>`'),
  category: z.string(),
  active: z.boolean(),
  config: z.record(z.string(), z.unknown()).describe('description, input_schema and timeout_s as stored'),
  description: z.string().describe('What the model is told the tool does'),
  input_schema: z.record(z.string(), z.unknown()).describe("The JSON Schema of the tool's arguments"),
  created_at: isoTime,
  updated_at: isoTime,
});
export const WorkflowToolListView = listOf(WorkflowToolView, { total: z.number().int() });
export const WorkflowToolDeletedView = z.object({ workflow_id: z.string(), tool_id: z.string(), deleted: z.literal(true) });

export function workflowToolView(t: ResolvedWorkflowTool): z.output<typeof WorkflowToolView> {
  const { row } = t;
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    tool_id: row.tool_id,
    /** What an agent.run node lists in `tools`. */
    agent_tool_id: `workflow:${row.tool_id}`,
    category: row.category,
    active: row.active,
    config: row.config as Record<string, unknown>,
    description: t.description,
    input_schema: t.inputSchema,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listWorkflowTools(deps: Deps, accountId: string, workflowId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const rows = await deps.db.selectFrom('engine_workflow_tools').selectAll().where('account_id', '=', accountId).where('workflow_id', '=', workflowId).orderBy('created_at').execute();
  const data = await Promise.all(rows.map(async (r) => workflowToolView(await describeWorkflowTool(deps, r))));
  return { object: 'list' as const, data, total: data.length };
}

/** Creates the tool, or updates it when this workflow already has one with that tool_id. */
export async function upsertWorkflowTool(deps: Deps, accountId: string, workflowId: string, body: WorkflowToolBody) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  const taken = await deps.db.selectFrom('engine_workflow_tools').select(['workflow_id']).where('account_id', '=', accountId).where('tool_id', '=', body.tool_id).executeTakeFirst();
  const conflict = () =>
    coded(409, 'tool_id_taken', `tool_id "${body.tool_id}" already names a tool of another workflow; tool ids are unique per account.`, { tool_id: body.tool_id, workflow_id: taken?.workflow_id ?? null });
  if (taken && taken.workflow_id !== workflowId) throw conflict();
  let row: EngineWorkflowTool;
  try {
    row = await deps.db
      .insertInto('engine_workflow_tools')
      .values({ id: `wtool_${randomBytes(12).toString('hex')}`, account_id: accountId, workflow_id: workflowId, tool_id: body.tool_id, category: body.category, active: body.active, config: JSON.stringify(body.config) })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'tool_id'])
          .doUpdateSet({ category: body.category, active: body.active, config: JSON.stringify(body.config), updated_at: new Date() })
          .where('engine_workflow_tools.workflow_id', '=', workflowId),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Another workflow took the id between the check and the insert (the guarded update matched nothing).
    if (isUniqueViolation(err) || (err as Error).name === 'NoResultError') throw conflict();
    throw err;
  }
  return workflowToolView(await describeWorkflowTool(deps, row));
}

export async function deleteWorkflowTool(deps: Deps, accountId: string, workflowId: string, toolId: string) {
  await ownedWorkflow(deps.db, accountId, workflowId);
  await orNotFound(
    deps.db.deleteFrom('engine_workflow_tools').where('account_id', '=', accountId).where('workflow_id', '=', workflowId).where('tool_id', '=', toolId).returning('id').executeTakeFirst(),
  );
  return { workflow_id: workflowId, tool_id: toolId, deleted: true as const };
}

export interface WorkflowToolCall {
  accountId: string;
  runId: string;
  nodeId: string;
  workflowId: string;
  sandbox: boolean;
  capRemainingMicros: number | null;
  signal: AbortSignal;
  /** A child run an earlier attempt of this call started (from its heartbeat). */
  childRunId?: string;
  heartbeat(details: { child_run_id: string }): void;
}

function apiErrorMessage(err: ApiError): string {
  const body = err.body as { error?: { message?: string }; detail?: unknown; message?: string };
  const d = body.detail as { message?: string } | string | undefined;
  return body.error?.message ?? body.message ?? (typeof d === 'string' ? d : (d?.message ?? JSON.stringify(body.detail ?? body)));
}

function clip(text: string): string {
  return text.length > RESULT_MAX_CHARS ? `${text.slice(0, RESULT_MAX_CHARS)}\n[truncated: ${text.length} characters in all]` : text;
}

/**
 * Runs the tool's workflow as a child run of the agent's run (input = the model's arguments; cap =
 * what the agent's usd_cap leaves) and waits for it. A retried attempt waits on the child the
 * first attempt started. The model gets the outputs of the child's final nodes.
 */
export async function callWorkflowTool(deps: Deps, tool: EngineWorkflowTool, args: Record<string, unknown>, call: WorkflowToolCall): Promise<ToolOutput> {
  const timeoutS = Number((tool.config as { timeout_s?: number }).timeout_s ?? 600);
  let childId = call.childRunId;
  if (!childId) {
    try {
      // A workflow already running above the agent (a cycle), a chain too deep or an account at its
      // cap of runs in flight is refused with a 4xx the model reads.
      const child = await startChildRun(deps, {
        accountId: call.accountId,
        workflowId: tool.workflow_id,
        input: args,
        sandbox: call.sandbox,
        parent: { runId: call.runId, nodeId: call.nodeId },
        ...(call.capRemainingMicros !== null ? { usdCapMicros: call.capRemainingMicros } : {}),
      });
      childId = child.id;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) return { ok: false, content: `Error: the tool's workflow could not start (${err.status}): ${apiErrorMessage(err)}` };
      throw err;
    }
  }
  call.heartbeat({ child_run_id: childId });
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    const run = await getRunRow(deps, call.accountId, childId);
    if (FINISHED_STATUSES.includes(run.status)) {
      const charged = Number(run.usd_charged_micros);
      if (run.status !== 'completed') return { ok: false, content: `Error: run ${childId} ${run.status}: ${run.error ?? run.status}`, chargedMicros: charged, childRunId: childId };
      const leaves = new Set(Object.values(run.plan.nodes).filter((n) => n.outgoing.length === 0).map((n) => n.id));
      const outputs: Record<string, unknown> = {};
      for (const row of await nodeRows(deps, childId)) if (row.ok && !row.skipped && leaves.has(row.node_id)) outputs[row.node_id] = row.output;
      const only = Object.values(outputs);
      const single = only.length === 1 && isPlainObject(only[0]) && Object.keys(only[0]).length === 1 ? Object.values(only[0])[0] : outputs;
      return { ok: true, content: clip(typeof single === 'string' ? single : JSON.stringify(single)), chargedMicros: charged, childRunId: childId };
    }
    if (call.signal.aborted || Date.now() > deadline) {
      await cancelRun(deps, run).catch(() => undefined);
      if (call.signal.aborted) throw new Error('cancelled while waiting for the tool run');
      return { ok: false, content: `Error: run ${childId} did not finish within ${timeoutS} s and was cancelled.`, chargedMicros: Number(run.usd_charged_micros), childRunId: childId };
    }
    call.heartbeat({ child_run_id: childId });
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 300);
      call.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });
  }
}
