// Incidents: opened by a failed run (a trigger on runs, see the migration), listed,
// resolved, and replayed: a new run linked to the failed one (retried_from) that resumes at the
// failing node — earlier nodes' outputs are reused through the engine's resume mechanism, not
// executed again — with the node's incoming values patched and its params overridden.
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { EngineIncident, Run } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { isoTime, listOf } from '../../infra/http/views';
import { startRunAt } from './resume-at';
import { orNotFound } from '../../infra/db/or-not-found';

/** What the failing node received: `{source_node_id: value on the edge's port}`, as the executor builds it. */
export async function nodeInputOf(deps: Deps, run: Pick<Run, 'id' | 'plan'>, nodeId: string | null): Promise<Record<string, unknown>> {
  const node = nodeId ? run.plan.nodes[nodeId] : undefined;
  if (!node) return {};
  const sources = node.incoming.map((e) => e.source);
  if (!sources.length) return {};
  const rows = await deps.db.selectFrom('run_node_outputs').select(['node_id', 'output', 'ok']).where('run_id', '=', run.id).where('node_id', 'in', sources).execute();
  const input: Record<string, unknown> = {};
  for (const edge of node.incoming) {
    const row = rows.find((r) => r.node_id === edge.source);
    if (row?.ok && Object.prototype.hasOwnProperty.call(row.output, edge.sourcePort)) input[edge.source] = row.output[edge.sourcePort];
  }
  return input;
}

export const IncidentView = z.object({
  id: z.string(),
  workflow_id: z.string(),
  run_id: z.string(),
  node_id: z.string().nullable(),
  node_type: z.string().nullable(),
  error: z.string().nullable(),
  node_input: z.record(z.string(), z.unknown()).describe('What the failing node received: {source_node_id: value on the edge\'s port}'),
  node_params: z.record(z.string(), z.unknown()).describe('The failing node\'s params'),
  status: z.enum(['unresolved', 'resolved']),
  resolution_note: z.string().nullable(),
  replay_count: z.number().int(),
  last_replayed_run_id: z.string().nullable(),
  created_at: isoTime,
  resolved_at: isoTime.nullable(),
});
export const IncidentListView = listOf(IncidentView, { total: z.number().int() });
export const IncidentReplayView = z.object({
  replayed: z.literal(true),
  incident_id: z.string(),
  replayed_run_id: z.string(),
  node_id: z.string().describe('The node the replay resumes at'),
  status: z.literal('queued'),
  reused_nodes: z.array(z.string()).describe('Nodes whose earlier outputs the replay reuses instead of running them again'),
});

export async function incidentView(deps: Deps, row: EngineIncident): Promise<z.output<typeof IncidentView>> {
  const run = await deps.db.selectFrom('runs').select(['id', 'plan', 'status']).where('id', '=', row.run_id).executeTakeFirst();
  const node = run && row.node_id ? run.plan.nodes[row.node_id] : undefined;
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    run_id: row.run_id,
    node_id: row.node_id,
    node_type: row.node_type,
    error: row.error,
    node_input: run ? await nodeInputOf(deps, run, row.node_id) : {},
    node_params: node?.params ?? {},
    status: row.status,
    resolution_note: row.resolution_note,
    replay_count: row.replay_count,
    last_replayed_run_id: row.last_replayed_run_id,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

export async function listIncidents(deps: Deps, accountId: string, q: { workflowId?: string; status?: string; limit: number }) {
  let query = deps.db.selectFrom('engine_incidents').selectAll().where('account_id', '=', accountId);
  if (q.workflowId) query = query.where('workflow_id', '=', q.workflowId);
  if (q.status) query = query.where('status', '=', q.status as 'unresolved' | 'resolved');
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(q.limit).execute();
  const data = await Promise.all(rows.map((r) => incidentView(deps, r)));
  return { object: 'list' as const, data, total: data.length };
}

async function ownedIncident(deps: Deps, accountId: string, id: string): Promise<EngineIncident> {
  return orNotFound(deps.db.selectFrom('engine_incidents').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst());
}

export async function setIncidentStatus(deps: Deps, accountId: string, id: string, input: { status: 'unresolved' | 'resolved'; resolution_note?: string | null }) {
  await ownedIncident(deps, accountId, id);
  const row = await deps.db
    .updateTable('engine_incidents')
    .set({
      status: input.status,
      resolution_note: input.resolution_note === undefined ? undefined : input.resolution_note,
      resolved_at: input.status === 'resolved' ? new Date() : null,
    })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return incidentView(deps, row);
}

export async function replayIncident(
  deps: Deps,
  accountId: string,
  id: string,
  body: { patch_incoming?: Record<string, unknown>; override_config?: Record<string, unknown> },
  sandbox: boolean,
) {
  const incident = await ownedIncident(deps, accountId, id);
  const run = await deps.db.selectFrom('runs').selectAll().where('id', '=', incident.run_id).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  if (!incident.node_id || !run.plan.nodes[incident.node_id]) {
    throw coded(409, 'incident_not_replayable', `Run ${run.id} failed without a failing node (${incident.error ?? 'no error recorded'}); retry the run instead.`);
  }
  const nodeId = incident.node_id;
  // The failing node and what follows it run again; every node that succeeded before is reused.
  const { run: replay, reused } = await startRunAt(deps, {
    run, nodeId, plan: run.plan, version: run.workflow_version, sandbox,
    patchIncoming: body.patch_incoming, overrideConfig: body.override_config, note: `incident ${incident.id} replay`,
  });
  await deps.db
    .updateTable('engine_incidents')
    .set({ replay_count: (eb) => eb('replay_count', '+', 1), last_replayed_run_id: replay.id })
    .where('id', '=', incident.id)
    .execute();
  return { replayed: true as const, incident_id: incident.id, replayed_run_id: replay.id, node_id: nodeId, status: 'queued' as const, reused_nodes: reused };
}
