// Workflows and their versions. Every change of spec is a new immutable version,
// identified by the sha256 of the normalised spec's canonical JSON; a run pins the version it
// started with. Every query filters on account_id; another account's id is simply not found.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { compiledOnce } from '../../infra/db/compiled';
import type { Database } from '../../infra/db/index';
import type { Workflow, WorkflowVersion, WorkflowVersionOrigin } from '../../infra/db/schema/index';
import { validationFailed } from '../../infra/http/errors';
import { nodeRegistry, resolvedRegistry } from '../catalogue/node-registry';
import { planWorkflow } from './planner';
import { z } from 'zod';
import { isoTime, listOf, offsetPage } from '../../infra/http/views';
import { WorkflowSpec as WorkflowSpecSchema } from './spec';
import type { WorkflowSpec } from './spec';
import type { NodeRegistry, RunPlan } from '../contract/types';
import { recordAudit, type Actor } from '../audit/audit-service';
import { orNotFound } from '../../infra/db/or-not-found';

/** Whether a workflow has a canary rule and a rate policy (rows in engine_canary_rules / engine_rate_policies). */
export interface RunRules {
  canaryRule: boolean;
  ratePolicy: boolean;
}

export const newWorkflowId = () => `wf_${randomBytes(12).toString('hex')}`;

/** JSON with object keys sorted at every level and no whitespace: equal content, equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

export function specHash(spec: WorkflowSpec): string {
  return createHash('sha256').update(canonicalJson(spec)).digest('hex');
}

/**
 * Plans a spec as a client sent it; on success returns it normalised (defaults applied) with its
 * plan and hash, otherwise throws 422 with every issue (`at` prefixes each `loc`).
 */
export function validateSpec(
  raw: unknown,
  opts: { at?: (string | number)[]; registry?: NodeRegistry } = {},
): { spec: WorkflowSpec; plan: RunPlan; hash: string } {
  const result = planWorkflow(raw, opts.registry ?? nodeRegistry, { at: opts.at ?? ['body', 'spec'] });
  if (!result.ok) throw validationFailed(result.issues);
  const spec = result.spec as WorkflowSpec;
  return { spec, plan: result.plan, hash: specHash(spec) };
}

/** A workflow as lists show it (no spec). */
export const WorkflowSummaryView = z.object({
  object: z.literal('workflow'),
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  active: z.boolean(),
  legacy: z.boolean(),
  version: z.number().int().min(1),
  version_hash: z.string(),
  node_count: z.number().int(),
  edge_count: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
/** A workflow with its current version's normalised spec. */
export const WorkflowView = WorkflowSummaryView.extend({ spec: WorkflowSpecSchema.optional() });
export type WorkflowView = z.output<typeof WorkflowView>;
export const WorkflowListView = listOf(WorkflowSummaryView, offsetPage);

export const WorkflowVersionView = z.object({
  object: z.literal('workflow_version'),
  workflow_id: z.string(),
  version: z.number().int().min(1),
  version_hash: z.string(),
  origin: z.string(),
  created_at: isoTime,
  spec: WorkflowSpecSchema.optional(),
  current: z.boolean(),
});
export const WorkflowVersionListView = listOf(WorkflowVersionView, { total: z.number().int(), has_more: z.boolean() });

export function workflowView(row: Workflow, version: WorkflowVersion, opts: { withSpec?: boolean } = {}): WorkflowView {
  const spec = version.spec as unknown as WorkflowSpec;
  const view: WorkflowView = {
    object: 'workflow',
    id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    active: row.active,
    legacy: row.legacy,
    version: version.version,
    version_hash: version.hash,
    node_count: spec.nodes.length,
    edge_count: spec.edges.length,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  if (opts.withSpec !== false) view.spec = spec;
  return view;
}

export function versionView(version: WorkflowVersion, opts: { withSpec?: boolean } = {}) {
  return {
    object: 'workflow_version' as const,
    workflow_id: version.workflow_id,
    version: version.version,
    version_hash: version.hash,
    origin: version.origin,
    created_at: version.created_at.toISOString(),
    ...(opts.withSpec === false ? {} : { spec: version.spec as unknown as WorkflowSpec }),
  };
}

export interface CreateWorkflowInput {
  name: string;
  description?: string | null;
  spec: unknown;
  tags?: string[];
  active?: boolean;
}

export async function createWorkflow(
  db: Database,
  accountId: string,
  input: CreateWorkflowInput,
  opts: { registry?: NodeRegistry; legacy?: boolean; actor?: Actor } = {},
): Promise<WorkflowView> {
  const { spec, hash } = validateSpec(input.spec, { registry: opts.registry });
  return insertWorkflow(db, accountId, {
    name: input.name,
    description: input.description ?? null,
    tags: input.tags ?? [],
    active: input.active ?? true,
    legacy: opts.legacy ?? false,
    spec,
    hash,
  }, opts.actor && { actor: opts.actor, action: 'workflow.created' });
}

/** A new workflow row and its version 1, in one transaction (create and duplicate). */
async function insertWorkflow(
  db: Database,
  accountId: string,
  w: { name: string; description: string | null; tags: string[]; active: boolean; legacy: boolean; spec: WorkflowSpec; hash: string },
  audit?: { actor: Actor; action: string },
): Promise<WorkflowView> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('workflows')
      .values({
        id: newWorkflowId(),
        account_id: accountId,
        name: w.name,
        description: w.description,
        tags: JSON.stringify(w.tags),
        active: w.active,
        legacy: w.legacy,
        current_version: 1,
        version_count: 1,
        deleted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const version = await insertVersion(trx, row, 1, w.spec, w.hash, 'edit');
    if (audit) {
      await recordAudit(trx, { accountId, workflowId: row.id, action: audit.action, actor: audit.actor, summary: `Workflow "${row.name}" ${audit.action === 'workflow.duplicated' ? 'created as a copy' : 'created'} (version 1)`, before: undefined, after: workflowAuditState(row, version) });
    }
    return workflowView(row, version);
  });
}

export async function listWorkflows(
  db: Database,
  accountId: string,
  opts: { limit: number; offset: number; includeLegacy: boolean },
) {
  let query = db.selectFrom('workflows').where('workflows.account_id', '=', accountId).where('workflows.deleted_at', 'is', null);
  if (!opts.includeLegacy) query = query.where('workflows.legacy', '=', false);
  const [rows, count] = await Promise.all([
    query
      .innerJoin('workflow_versions as v', (j) =>
        j.onRef('v.workflow_id', '=', 'workflows.id').onRef('v.version', '=', 'workflows.current_version').onRef('v.account_id', '=', 'workflows.account_id'))
      .selectAll('workflows')
      .select(['v.version', 'v.hash'])
      .select(sql<number>`jsonb_array_length(v.spec->'nodes')`.as('node_count'))
      .select(sql<number>`jsonb_array_length(v.spec->'edges')`.as('edge_count'))
      .orderBy('workflows.created_at', 'desc')
      .orderBy('workflows.id', 'desc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    object: 'list' as const,
    data: rows.map((r) => ({
      object: 'workflow' as const,
      id: r.id,
      name: r.name,
      description: r.description,
      tags: r.tags,
      active: r.active,
      legacy: r.legacy,
      version: r.version,
      version_hash: r.hash,
      node_count: r.node_count,
      edge_count: r.edge_count,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    total,
    limit: opts.limit,
    offset: opts.offset,
    has_more: opts.offset + rows.length < total,
  };
}

async function loadRow(db: Database, accountId: string, workflowId: string, lock = false): Promise<Workflow> {
  let query = db
    .selectFrom('workflows')
    .selectAll()
    .where('id', '=', workflowId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  return orNotFound(query.executeTakeFirst());
}

/** The workflow's first version with this spec hash (number, hash and origin; not its spec), if any. */
function versionWithHash(db: Database, workflowId: string, accountId: string, hash: string): Promise<Pick<WorkflowVersion, 'version' | 'hash' | 'origin'> | undefined> {
  return db
    .selectFrom('workflow_versions')
    .select(['version', 'hash', 'origin'])
    .where('workflow_id', '=', workflowId)
    .where('account_id', '=', accountId)
    .where('hash', '=', hash)
    .orderBy('version', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** The workflow and its current version in one statement. */
async function loadRowWithCurrent(db: Database, accountId: string, workflowId: string): Promise<{ row: Workflow; current: WorkflowVersion }> {
  const found = await orNotFound((await workflowWithCurrent(db, [workflowId, accountId]))[0]);
  const { v_hash, v_spec, v_origin, v_created_at, ...row } = found;
  const current: WorkflowVersion = {
    account_id: row.account_id,
    workflow_id: row.id,
    version: row.current_version,
    hash: v_hash,
    spec: v_spec,
    origin: v_origin,
    created_at: v_created_at,
  };
  return { row, current };
}

/** loadRowWithCurrent's statement, compiled once; its parameters are the workflow id then the account id. */
const workflowWithCurrent = compiledOnce((db) =>
  db
    .selectFrom('workflows as w')
    .innerJoin('workflow_versions as v', (join) =>
      join.onRef('v.workflow_id', '=', 'w.id').onRef('v.account_id', '=', 'w.account_id').onRef('v.version', '=', 'w.current_version'),
    )
    .selectAll('w')
    .select(['v.hash as v_hash', 'v.spec as v_spec', 'v.origin as v_origin', 'v.created_at as v_created_at'])
    .where('w.id', '=', '')
    .where('w.account_id', '=', '')
    .where('w.deleted_at', 'is', null)
    .compile(),
);

/**
 * A run's read of its workflow (every POST /v1/runs and every trigger makes it), compiled once: what
 * the run pins — the current version's number, hash and origin, never its spec (the version's plan is
 * kept; the spec is read only to make it) — and whether a canary rule or a rate policy applies.
 * Parameters: the workflow id, then the account id.
 */
const workflowForRun = compiledOnce((db) =>
  db
    .selectFrom('workflows as w')
    .innerJoin('workflow_versions as v', (join) =>
      join.onRef('v.workflow_id', '=', 'w.id').onRef('v.account_id', '=', 'w.account_id').onRef('v.version', '=', 'w.current_version'),
    )
    .select(['w.id', 'w.active', 'w.current_version', 'v.hash', 'v.origin'])
    .select((eb) => [
      eb.exists(eb.selectFrom('engine_canary_rules as c').select('c.workflow_id').whereRef('c.workflow_id', '=', 'w.id')).as('has_canary_rule'),
      eb.exists(eb.selectFrom('engine_rate_policies as p').select('p.workflow_id').whereRef('p.workflow_id', '=', 'w.id')).as('has_rate_policy'),
    ])
    .where('w.id', '=', '')
    .where('w.account_id', '=', '')
    .where('w.deleted_at', 'is', null)
    .compile(),
);

async function loadVersion(db: Database, row: Pick<Workflow, 'id' | 'account_id' | 'current_version'>, version = row.current_version): Promise<WorkflowVersion> {
  return db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('workflow_id', '=', row.id)
    .where('account_id', '=', row.account_id)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
}

async function insertVersion(
  db: Database,
  row: Workflow,
  version: number,
  spec: WorkflowSpec,
  hash: string,
  origin: WorkflowVersionOrigin,
): Promise<WorkflowVersion> {
  return db
    .insertInto('workflow_versions')
    .values({ account_id: row.account_id, workflow_id: row.id, version, hash, spec: JSON.stringify(spec), origin })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getWorkflow(db: Database, accountId: string, workflowId: string): Promise<WorkflowView> {
  const { row, current } = await loadRowWithCurrent(db, accountId, workflowId);
  return workflowView(row, current);
}

export interface UpdateWorkflowInput {
  name?: string;
  description?: string | null;
  spec?: unknown;
  tags?: string[];
  active?: boolean;
}

/** PUT: every field optional; a spec whose content differs from the current one is a new version. */
export async function updateWorkflow(
  db: Database,
  accountId: string,
  workflowId: string,
  input: UpdateWorkflowInput,
  opts: { registry?: NodeRegistry; actor?: Actor } = {},
): Promise<WorkflowView> {
  // Validate before touching anything, so a refused update leaves no trace; 404 still wins.
  await loadRow(db, accountId, workflowId);
  const next = input.spec === undefined ? null : validateSpec(input.spec, { registry: opts.registry });
  return db.transaction().execute(async (trx) => {
    let row = await loadRow(trx, accountId, workflowId, true);
    let current = await loadVersion(trx, row);
    const before = workflowAuditState(row, current);
    const patch: Partial<Pick<Workflow, 'name' | 'description' | 'active' | 'current_version' | 'version_count'>> & { tags?: string } = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.tags !== undefined) patch.tags = JSON.stringify(input.tags);
    if (input.active !== undefined) patch.active = input.active;
    if (next && next.hash !== current.hash) {
      const version = row.version_count + 1;
      current = await insertVersion(trx, row, version, next.spec, next.hash, 'edit');
      patch.current_version = version;
      patch.version_count = version;
    }
    row = await trx
      .updateTable('workflows')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', row.id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (opts.actor) {
      const after = workflowAuditState(row, current);
      await recordAudit(trx, { accountId, workflowId: row.id, action: 'workflow.updated', actor: opts.actor, summary: `Workflow "${row.name}" updated${after.version !== before.version ? ` (version ${before.version} → ${after.version})` : ''}`, before, after });
    }
    return workflowView(row, current);
  });
}

/** What an audit entry diffs for a workflow: its settable fields and its current spec. */
export function workflowAuditState(row: Workflow, version: WorkflowVersion) {
  return { name: row.name, description: row.description, tags: row.tags, active: row.active, version: version.version, version_hash: version.hash, spec: version.spec };
}

/** Soft delete: in-flight runs go on with the plan they hold. */
export async function deleteWorkflow(db: Database, accountId: string, workflowId: string) {
  await orNotFound(db
    .updateTable('workflows')
    .set({ deleted_at: new Date(), active: false, updated_at: new Date() })
    .where('id', '=', workflowId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst());
  return { object: 'workflow' as const, id: workflowId, deleted: true };
}

export const COPY_SUFFIX = ' (copy)';

/** A new workflow with the same spec, description and tags, named "<name> (copy)", inactive until turned on. */
export async function duplicateWorkflow(
  db: Database,
  accountId: string,
  workflowId: string,
  opts: { name?: string; actor?: Actor } = {},
): Promise<WorkflowView> {
  const { row, current: version } = await loadRowWithCurrent(db, accountId, workflowId);
  return insertWorkflow(db, accountId, {
    name: opts.name ?? `${row.name}${COPY_SUFFIX}`,
    description: row.description,
    tags: row.tags,
    active: false,
    legacy: row.legacy,
    spec: version.spec as unknown as WorkflowSpec,
    hash: version.hash,
  }, opts.actor && { actor: opts.actor, action: 'workflow.duplicated' });
}

export async function listVersions(db: Database, accountId: string, workflowId: string) {
  const row = await loadRow(db, accountId, workflowId);
  const versions = await db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('workflow_id', '=', row.id)
    .where('account_id', '=', accountId)
    .orderBy('version', 'desc')
    .execute();
  return {
    object: 'list' as const,
    data: versions.map((v) => ({ ...versionView(v, { withSpec: false }), current: v.version === row.current_version })),
    total: versions.length,
    has_more: false,
  };
}

export async function getVersion(db: Database, accountId: string, workflowId: string, version: number) {
  const row = await loadRow(db, accountId, workflowId);
  const found = await orNotFound(db
    .selectFrom('workflow_versions')
    .selectAll()
    .where('workflow_id', '=', row.id)
    .where('account_id', '=', accountId)
    .where('version', '=', version)
    .executeTakeFirst());
  return { ...versionView(found), current: found.version === row.current_version };
}

export interface ResolvedRun {
  workflow: Pick<WorkflowView, 'id' | 'active'>;
  /** The version the run pins: the current one, or the one holding `spec_override`. */
  version: { version: number; hash: string; origin: WorkflowVersionOrigin };
  plan: RunPlan;
  /** Read with the workflow (not for a `spec_override`): pass to startRun as `knownRules`. */
  runRules?: RunRules;
}

/** Plans of stored versions this process made lately, per registry, by workflow, version and spec hash. */
const plans = new WeakMap<NodeRegistry, Map<string, RunPlan>>();
const PLANS_KEPT = 256;

/**
 * The plan of a stored version: a plan depends on nothing but the spec and the node registry, and a
 * stored version never changes, so a version's runs share one plan, made once — frozen, since every
 * run reads it — and the spec is read only to make it (a 10,000-node spec took ~45 ms to read and
 * parse, its plan ~100 ms more, on every start). A stored spec that no longer plans (a node type was
 * withdrawn) cannot start: 422, never kept.
 */
async function storedPlan(version: Pick<WorkflowVersion, 'workflow_id' | 'version' | 'hash'>, spec: () => Promise<WorkflowSpec>, registry: NodeRegistry): Promise<RunPlan> {
  const owner = resolvedRegistry(registry);
  let kept = plans.get(owner);
  if (!kept) plans.set(owner, (kept = new Map()));
  const key = `${version.workflow_id}:${version.version}:${version.hash}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const result = planWorkflow(await spec(), registry, { at: ['workflow', 'spec'] });
  if (!result.ok) throw validationFailed(result.issues);
  const plan = deepFreeze(result.plan);
  kept.set(key, plan);
  if (kept.size > PLANS_KEPT) kept.delete(kept.keys().next().value!);
  return plan;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * For POST /v1/runs: the caller's workflow (404 when missing, deleted or another account's), the
 * version to pin and its plan. A `spec_override` is validated (422 at `body.spec_override…`) and
 * stored as a version of its own (origin `run_override`, never current) unless its content
 * already is one, so every run points at an immutable spec. Inactive workflows may still be run
 * by hand; `active` governs automatic triggers.
 */
export async function resolveWorkflowForRun(
  db: Database,
  accountId: string,
  workflowId: string,
  specOverride?: unknown,
  opts: { registry?: NodeRegistry } = {},
): Promise<ResolvedRun> {
  if (specOverride === undefined || specOverride === null) {
    const found = await orNotFound((await workflowForRun(db, [workflowId, accountId]))[0]);
    const current = { workflow_id: found.id, version: found.current_version, hash: found.hash };
    const spec = async () => (await loadVersion(db, { id: found.id, account_id: accountId, current_version: found.current_version })).spec as unknown as WorkflowSpec;
    return {
      workflow: { id: found.id, active: found.active },
      version: { version: found.current_version, hash: found.hash, origin: found.origin },
      plan: await storedPlan(current, spec, opts.registry ?? nodeRegistry),
      runRules: { canaryRule: Boolean(found.has_canary_rule), ratePolicy: Boolean(found.has_rate_policy) },
    };
  }
  const row = await loadRow(db, accountId, workflowId);
  const { spec, plan, hash } = validateSpec(specOverride, { at: ['body', 'spec_override'], registry: opts.registry });
  // An override run before is a version already (a stored version never changes): found with one
  // read, without the workflow's lock; only a new one takes the lock to number and store it.
  const version =
    (await versionWithHash(db, row.id, accountId, hash)) ??
    (await db.transaction().execute(async (trx) => {
      const locked = await loadRow(trx, accountId, workflowId, true);
      const existing = await versionWithHash(trx, locked.id, accountId, hash);
      if (existing) return existing;
      const number = locked.version_count + 1;
      await trx.updateTable('workflows').set({ version_count: number }).where('id', '=', locked.id).where('account_id', '=', accountId).execute();
      return insertVersion(trx, locked, number, spec, hash, 'run_override');
    }));
  return {
    workflow: { id: row.id, active: row.active },
    version: { version: version.version, hash: version.hash, origin: version.origin },
    plan,
  };
}
