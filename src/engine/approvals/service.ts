// Approvals: a request per waiting control.approval node, opened by its node_started projection
// and closed by its node-finished one. Decisions are recorded here (one per approver, in a
// transaction holding the request row), each also an `approval_decided` run event and an audit
// entry; once the outcome is decided (quorum reached, or rejected) the one `approve` signal the
// node waits for is sent, addressed to it. A signal that could not be sent is sent again by the
// approvals sweep (./sweep.ts), so nothing depends on the API process that took the decision.
import { createHash, randomBytes } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/common';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../infra/db/index';
import type { ApprovalStatus, EngineApprovalDecision, EngineApprovalRequest } from '../../infra/db/schema/index';
import { coded, notFound, sandboxOnLive, validationFailed } from '../../infra/http/errors';
import type { AuthContext } from '../../platform/auth/context';
import { recordAudit } from '../audit/audit-service';
import { approveSignal } from '../contract/signals';
import type { NodeOutput, RunPlan } from '../contract/types';
import { resolveTemplates } from '../contract/templates';
import { appendNodeEventsBatch } from '../events/store';
import { FINISHED_STATUSES } from '../run/service';
import type { FormField } from '../widget/fields';
import { checkFormValues } from './form';
import { ApprovalParams } from './params';

export { APPROVAL_NODE_TYPE } from './params';
/** A link minted without `expires_in_s` lasts this long (never past the request's own expiry). */
export const DEFAULT_LINK_TTL_S = 7 * 24 * 3600;
/** A claimed signal not confirmed within this long is sent again by the sweep. */
const SIGNAL_RETRY_AFTER_S = 30;
const PREVIEW_MAX_CHARS = 2_000;

export type DecidedVia = 'api_key' | 'session' | 'link';

/** Who decides: a console user (by e-mail), an API key (by id), or a link approver (`link:<label>`). */
export interface Approver {
  id: string;
  via: DecidedVia;
  email: string | null;
}

export interface DecisionInput {
  approved: boolean;
  comment?: string | undefined;
  values?: Record<string, unknown> | undefined;
}

/** The one approver of a request whose params were invalid: no key id or e-mail is ever this. */
export const NO_ONE = '!no_one: params invalid';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** E-mail addresses compare without case; key ids and labels exactly. */
const normalise = (entry: string) => (entry.includes('@') ? entry.toLowerCase() : entry);

// ── Opening and closing (the node's projections) ─────────────────────────────────────────────────

function preview(value: unknown): unknown {
  const text = JSON.stringify(value ?? null);
  return text.length <= PREVIEW_MAX_CHARS ? value ?? null : { truncated: true, preview: text.slice(0, PREVIEW_MAX_CHARS) };
}

/**
 * The request of an approval node that starts waiting: its params resolved against what the run
 * has produced so far (as the workflow resolves them), what it was given, when it expires and
 * when its first reminder is due. Written once per (run, generation, node): a retried projection
 * changes nothing.
 */
export async function openApprovalRequest(db: Database, input: { runId: string; generation: number; nodeId: string }): Promise<void> {
  const run = await db.selectFrom('runs').select(['account_id', 'workflow_id', 'plan']).where('id', '=', input.runId).executeTakeFirst();
  const node = run ? (run.plan as RunPlan).nodes[input.nodeId] : undefined;
  if (!run || !node) return;
  const rows = await db.selectFrom('run_node_outputs').select(['node_id', 'output']).where('run_id', '=', input.runId).execute();
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const r of rows) outputs[r.node_id] = r.output as Record<string, unknown>;
  const resolved = resolveTemplates(node.params, { outputs, variables: (run.plan as RunPlan).variables });
  // Params were checked when the run was planned; a template may still make them invalid once
  // filled in. The message is only shown, so a value that is not text is shown as text; anything
  // else that a template made invalid fails closed: the request names no one who can decide it (a
  // caller of a webhook-triggered workflow must not be able to open an approval to everyone).
  if (resolved.message !== undefined && typeof resolved.message !== 'string') resolved.message = JSON.stringify(resolved.message);
  const parsed = ApprovalParams.safeParse(resolved);
  const invalid = parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
  const p = parsed.success
    ? parsed.data
    : { default: resolved.default === 'approved' ? ('approved' as const) : ('rejected' as const), message: `${typeof resolved.message === 'string' ? `${resolved.message}\n\n` : ''}This approval's params were invalid once their templates were filled in (${invalid}); no one can decide it: cancel the run, or let it time out.` };
  const inputs: Record<string, unknown> = {};
  for (const edge of node.incoming) inputs[edge.source] = preview(outputs[edge.source]?.[edge.sourcePort]);
  const now = Date.now();
  const remind = parsed.success && parsed.data.remind ? { ...parsed.data.remind, credentials: node.credentials } : null;
  await db
    .insertInto('engine_approval_requests')
    .values({
      id: newId('apr'),
      account_id: run.account_id,
      run_id: input.runId,
      generation: input.generation,
      node_id: input.nodeId,
      workflow_id: run.workflow_id,
      message: p.message ?? null,
      approvers: JSON.stringify(parsed.success ? (parsed.data.approvers ?? []).map(normalise) : [NO_ONE]),
      link_approvers: JSON.stringify(parsed.success ? parsed.data.links ?? [] : []),
      quorum: parsed.success ? parsed.data.quorum ?? 1 : 1,
      reject_rule: parsed.success ? parsed.data.reject ?? 'any' : 'any',
      default_decision: p.default,
      form: parsed.success && parsed.data.form?.fields.length ? JSON.stringify(parsed.data.form) : null,
      inputs_preview: JSON.stringify(inputs),
      remind: remind ? JSON.stringify(remind) : null,
      next_reminder_at: remind ? new Date(now + remind.after_s * 1000) : null,
      expires_at: parsed.success && parsed.data.timeout_s ? new Date(now + parsed.data.timeout_s * 1000) : null,
    })
    .onConflict((oc) => oc.columns(['run_id', 'generation', 'node_id']).doNothing())
    .execute();
  // A resumed run waits again in a new generation: the request of the one before can no longer be
  // decided (its signal would reach the new wait).
  await db
    .updateTable('engine_approval_requests')
    .set({ status: 'cancelled', next_reminder_at: null })
    .where('run_id', '=', input.runId)
    .where('node_id', '=', input.nodeId)
    .where('generation', '<', input.generation)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * The node ended: its request takes the outcome the node emitted. A decision sent through the API
 * keeps its status when the node emitted it; a node that ended otherwise (its timeout, a direct
 * `approve` signal, a failure or cancellation) says so.
 */
export async function closeApprovalRequest(db: Database, input: { runId: string; generation: number; nodeId: string; output: NodeOutput }): Promise<void> {
  const row = await db
    .selectFrom('engine_approval_requests')
    .select(['id', 'status', 'outcome'])
    .where('run_id', '=', input.runId)
    .where('generation', '=', input.generation)
    .where('node_id', '=', input.nodeId)
    .executeTakeFirst();
  if (!row) return;
  let status: ApprovalStatus;
  const port = Object.keys(input.output.output)[0];
  const emitted = (port ? input.output.output[port] : undefined) as Record<string, unknown> | undefined;
  if (!input.output.ok || (port !== 'approved' && port !== 'rejected')) status = 'cancelled';
  else if (row.outcome && emitted?.approval_id === row.id) status = port;
  else if (emitted && typeof emitted.approved === 'boolean') status = port;
  else status = 'timed_out';
  if (status === row.status) return;
  await db
    .updateTable('engine_approval_requests')
    .set({ status, decided_at: sql`coalesce(decided_at, now())`, next_reminder_at: null })
    .where('id', '=', row.id)
    .execute();
}

// ── Who is calling ───────────────────────────────────────────────────────────────────────────────

/** The approver an API key or console session decides as. */
export async function approverOf(db: Database, auth: AuthContext): Promise<Approver> {
  if (auth.via === 'api_key' && auth.key) return { id: auth.key.id, via: 'api_key', email: null };
  let email = auth.email ?? null;
  if (!email) email = (await db.selectFrom('accounts').select('email').where('id', '=', auth.accountId).executeTakeFirst())?.email ?? null;
  return { id: email ? email.toLowerCase() : `session:${auth.accountId}`, via: 'session', email: email?.toLowerCase() ?? null };
}

const openToAll = (r: Pick<EngineApprovalRequest, 'approvers' | 'link_approvers'>) => r.approvers.length === 0 && r.link_approvers.length === 0;

export function mayDecide(r: Pick<EngineApprovalRequest, 'approvers' | 'link_approvers'>, who: Approver): boolean {
  if (who.via === 'link') return r.link_approvers.includes(who.id.slice('link:'.length));
  return openToAll(r) || r.approvers.includes(who.id) || (who.email !== null && r.approvers.includes(who.email));
}

// ── Views ────────────────────────────────────────────────────────────────────────────────────────

type RequestRow = EngineApprovalRequest & { run_status: string; usd_charged_micros: number; workflow_name: string | null };

/** pending while the run can still take the decision; a run that ended first leaves it cancelled. */
const effectiveStatus = (r: RequestRow): ApprovalStatus => (r.status === 'pending' && (FINISHED_STATUSES as string[]).includes(r.run_status) ? 'cancelled' : r.status);

export function decisionView(d: EngineApprovalDecision) {
  return { approver: d.approver, via: d.via, approved: d.approved, comment: d.comment, values: d.form_values, minted_by: d.minted_by ?? null, decided_at: d.decided_at.toISOString() };
}

function tally(r: Pick<EngineApprovalRequest, 'quorum' | 'approvers' | 'link_approvers'>, decisions: EngineApprovalDecision[]) {
  const approvals = decisions.filter((d) => d.approved).length;
  return { approvals, rejections: decisions.length - approvals, quorum: r.quorum, approvers_total: openToAll(r) ? null : r.approvers.length + r.link_approvers.length };
}

export function approvalView(r: RequestRow, decisions: EngineApprovalDecision[], who: Approver | null) {
  const status = effectiveStatus(r);
  const mine = who ? decisions.find((d) => d.approver === who.id) : undefined;
  return {
    id: r.id,
    object: 'approval' as const,
    status,
    run_id: r.run_id,
    workflow_id: r.workflow_id,
    workflow_name: r.workflow_name,
    node_id: r.node_id,
    generation: r.generation,
    message: r.message,
    approvers: r.approvers,
    links: r.link_approvers,
    quorum: r.quorum,
    reject: r.reject_rule,
    default: r.default_decision,
    form: r.form ? { fields: r.form.fields as FormField[] } : null,
    inputs_preview: r.inputs_preview,
    cost_so_far_usd: r.usd_charged_micros / 1_000_000,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at?.toISOString() ?? null,
    decided_at: r.decided_at?.toISOString() ?? null,
    decisions: decisions.map(decisionView),
    tally: tally(r, decisions),
    can_decide: status === 'pending' && who !== null && !mine && mayDecide(r, who),
    my_decision: mine ? decisionView(mine) : null,
    reminders_sent: r.reminders_sent,
  };
}

function requestQuery(db: Database) {
  return db
    .selectFrom('engine_approval_requests as a')
    .innerJoin('runs as r', 'r.id', 'a.run_id')
    .leftJoin('workflows as w', 'w.id', 'a.workflow_id')
    .selectAll('a')
    .select(['r.status as run_status', 'r.usd_charged_micros', 'w.name as workflow_name']);
}

async function decisionsOf(db: Database, ids: string[]): Promise<Map<string, EngineApprovalDecision[]>> {
  const out = new Map<string, EngineApprovalDecision[]>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('engine_approval_decisions').selectAll().where('approval_id', 'in', ids).orderBy('decided_at').orderBy('id').execute();
  for (const d of rows) out.set(d.approval_id, [...(out.get(d.approval_id) ?? []), d]);
  return out;
}

export type ApprovalFilter = ApprovalStatus | 'all';

/**
 * The inbox: an API key sees the account's approvals; a console session those naming its user or
 * open to anyone in the account. `pending` lists what can still be decided, oldest first.
 */
export async function listApprovals(deps: Deps, auth: AuthContext, opts: { status: ApprovalFilter; runId?: string | undefined; limit: number; offset: number }) {
  const who = await approverOf(deps.db, auth);
  let q = requestQuery(deps.db).where('a.account_id', '=', auth.accountId);
  const finished = FINISHED_STATUSES;
  if (opts.status === 'pending') q = q.where('a.status', '=', 'pending').where('r.status', 'not in', finished);
  else if (opts.status === 'cancelled') q = q.where((eb) => eb.or([eb('a.status', '=', 'cancelled'), eb.and([eb('a.status', '=', 'pending'), eb('r.status', 'in', finished)])]));
  else if (opts.status !== 'all') q = q.where('a.status', '=', opts.status);
  if (opts.runId) q = q.where('a.run_id', '=', opts.runId);
  if (who.via === 'session') {
    const named = [who.id, ...(who.email && who.email !== who.id ? [who.email] : [])];
    q = q.where((eb) => eb.or([
      eb.and([sql<boolean>`a.approvers = '[]'::jsonb`, sql<boolean>`a.link_approvers = '[]'::jsonb`]),
      ...named.map((n) => sql<boolean>`a.approvers ? ${n}`),
    ]));
  }
  const rows = (await q.orderBy('a.created_at', opts.status === 'pending' ? 'asc' : 'desc').orderBy('a.id').limit(opts.limit + 1).offset(opts.offset).execute()) as RequestRow[];
  const page = rows.slice(0, opts.limit);
  const decisions = await decisionsOf(deps.db, page.map((r) => r.id));
  return {
    object: 'list' as const,
    data: page.map((r) => approvalView(r, decisions.get(r.id) ?? [], who)),
    limit: opts.limit,
    offset: opts.offset,
    has_more: rows.length > opts.limit,
  };
}

async function requestRow(db: Database, accountId: string, id: string): Promise<RequestRow> {
  const row = (await requestQuery(db).where('a.id', '=', id).where('a.account_id', '=', accountId).executeTakeFirst()) as RequestRow | undefined;
  if (!row) throw notFound();
  return row;
}

export async function getApproval(deps: Deps, auth: AuthContext, id: string) {
  const who = await approverOf(deps.db, auth);
  const row = await requestRow(deps.db, auth.accountId, id);
  return approvalView(row, (await decisionsOf(deps.db, [row.id])).get(row.id) ?? [], who);
}

// ── Deciding ─────────────────────────────────────────────────────────────────────────────────────

/** The outcome the decisions so far reach, or null while it is open. */
export function outcomeOf(r: Pick<EngineApprovalRequest, 'quorum' | 'reject_rule' | 'approvers' | 'link_approvers'>, decisions: Array<{ approved: boolean }>): 'approved' | 'rejected' | null {
  const approvals = decisions.filter((d) => d.approved).length;
  const rejections = decisions.length - approvals;
  if (approvals >= r.quorum) return 'approved';
  if (r.reject_rule === 'any') return rejections > 0 ? 'rejected' : null;
  // `quorum`: rejected once the approvers left cannot reach the quorum (or, open to all, once as
  // many have rejected as the quorum asks to approve).
  const total = openToAll(r) ? null : r.approvers.length + r.link_approvers.length;
  if (total !== null) return total - rejections < r.quorum ? 'rejected' : null;
  return rejections >= r.quorum ? 'rejected' : null;
}

const closed = (id: string, status: ApprovalStatus) => coded(409, 'approval_closed', `Approval ${id} is ${status}; it takes no more decisions.`, { status });

/**
 * Records `who`'s decision on the request (the caller checked it is the account's). A second
 * decision by the same approver answers the first, unchanged. Returns the request as it now is;
 * when the decision settled the outcome, the node's `approve` signal is sent before returning.
 */
export async function decide(deps: Deps, accountId: string, id: string, who: Approver, input: DecisionInput, opts: { linkHash?: string; mintedBy?: string | null } = {}) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = (await requestQuery(trx).where('a.id', '=', id).where('a.account_id', '=', accountId).forUpdate('a').executeTakeFirst()) as RequestRow | undefined;
    if (!row) throw notFound();
    const before = await trx.selectFrom('engine_approval_decisions').selectAll().where('approval_id', '=', id).orderBy('decided_at').orderBy('id').execute();
    const earlier = before.find((d) => d.approver === who.id);
    if (earlier) {
      if (opts.linkHash) await markLinkUsed(trx, opts.linkHash);
      return { row, decisions: before, decision: earlier, repeated: true, decided: false };
    }
    const status = effectiveStatus(row);
    if (status !== 'pending') throw closed(id, status);
    if (!mayDecide(row, who)) {
      throw coded(403, 'not_an_approver', `${who.id} is not among the approvers of approval ${id}.`, { approvers: row.approvers });
    }
    const fields = (row.form?.fields ?? []) as FormField[];
    const checked = checkFormValues(fields, input.values ?? {}, input.approved);
    if (checked.issues.length) throw validationFailed(checked.issues);
    if (opts.linkHash) await markLinkUsed(trx, opts.linkHash);
    const decision = await trx
      .insertInto('engine_approval_decisions')
      .values({ id: newId('apd'), approval_id: id, approver: who.id, via: who.via, approved: input.approved, comment: input.comment ?? null, form_values: JSON.stringify(checked.values), minted_by: opts.mintedBy ?? null })
      .returningAll()
      .executeTakeFirstOrThrow();
    const decisions = [...before, decision];
    const outcome = outcomeOf(row, decisions);
    const counted = tally(row, decisions);
    let updated: RequestRow = row;
    if (outcome) {
      const payload = outcomePayload(row, decisions, outcome, decision);
      const set = await trx
        .updateTable('engine_approval_requests')
        .set({ status: outcome, decided_at: sql`now()`, next_reminder_at: null, outcome: JSON.stringify(payload) })
        .where('id', '=', id)
        .returning(['status', 'decided_at', 'outcome'])
        .executeTakeFirstOrThrow();
      updated = { ...row, ...set };
    }
    await appendNodeEventsBatch(trx, row.run_id, [{
      events: [{
        type: 'approval_decided',
        nodeId: row.node_id,
        dedupeKey: `${row.generation}:${row.node_id}:approval_decided:${who.id}`,
        data: {
          node_id: row.node_id, approval_id: id, approver: who.id, via: who.via, approved: input.approved, comment: input.comment ?? null,
          decided_at: decision.decided_at.toISOString(), ...counted, outcome: outcome ?? 'pending',
        },
      }],
      opts: {},
    }]);
    await recordAudit(trx, {
      accountId,
      workflowId: row.workflow_id,
      action: 'approval.decided',
      actor: { id: who.id, email: who.email },
      summary: `${who.id} ${input.approved ? 'approved' : 'rejected'} ${row.node_id} of run ${row.run_id}${outcome ? ` (outcome: ${outcome})` : ''}`,
      diff: { approval_id: id, run_id: row.run_id, node_id: row.node_id, approved: input.approved, comment: input.comment ?? null, outcome: outcome ?? 'pending', ...(who.via === 'link' ? { link_minted_by: opts.mintedBy ?? null } : {}) },
    });
    return { row: updated, decisions, decision, repeated: false, decided: outcome !== null };
  });
  if (result.decided) await sendOutcome(deps, id);
  return { approval: approvalView(result.row, result.decisions, who), decision: decisionView(result.decision), repeated: result.repeated };
}

/** The `approve` signal's payload: the decision, addressed to the node. Its output is this without node_id. */
function outcomePayload(r: EngineApprovalRequest, decisions: EngineApprovalDecision[], outcome: 'approved' | 'rejected', last: EngineApprovalDecision) {
  const approved = outcome === 'approved';
  const values: Record<string, unknown> = {};
  for (const d of decisions) if (d.approved === approved) Object.assign(values, d.form_values);
  return {
    node_id: r.node_id,
    approved,
    approval_id: r.id,
    decided_by: last.approver,
    comment: last.comment,
    values,
    decisions: decisions.map(decisionView),
  };
}

/**
 * Sends a decided request's `approve` signal unless it was sent: claimed first, so two senders
 * (the deciding request and the sweep) never both send it; a claim left unconfirmed for
 * SIGNAL_RETRY_AFTER_S is taken again. A run that is gone takes it as sent. Returns whether it
 * is now sent.
 */
export async function sendOutcome(deps: Deps, id: string): Promise<boolean> {
  const claim = await deps.db
    .updateTable('engine_approval_requests')
    .set({ signal_claimed_at: sql`now()` })
    .where('id', '=', id)
    .where('outcome', 'is not', null)
    .where('signalled_at', 'is', null)
    .where((eb) => eb.or([eb('signal_claimed_at', 'is', null), eb('signal_claimed_at', '<', sql<Date>`now() - make_interval(secs => ${SIGNAL_RETRY_AFTER_S})`)]))
    .returning(['run_id', 'outcome'])
    .executeTakeFirst();
  if (!claim?.outcome) return false;
  try {
    await deps.temporal.workflow.getHandle(claim.run_id).signal(approveSignal, claim.outcome);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) {
      deps.logger.warn({ err, approval_id: id }, 'approval signal not sent; the approvals sweep sends it again');
      return false;
    }
  }
  await deps.db.updateTable('engine_approval_requests').set({ signalled_at: sql`now()` }).where('id', '=', id).execute();
  return true;
}

// ── One-time links ───────────────────────────────────────────────────────────────────────────────

export const linkUrl = (deps: Deps, token: string) => `${deps.config.publicBaseUrl}/engine/v1/v1/approvals/links/${token}`;

/** A new one-time link for link approver `label`: the token is returned once and kept only hashed. */
export async function mintLink(deps: Deps, db: Database, r: Pick<EngineApprovalRequest, 'id' | 'expires_at'>, label: string, expiresInS = DEFAULT_LINK_TTL_S, mintedBy: string | null = null) {
  const token = `apl_${randomBytes(32).toString('base64url')}`;
  let expires = new Date(Date.now() + expiresInS * 1000);
  if (r.expires_at && r.expires_at < expires) expires = r.expires_at;
  await db.insertInto('engine_approval_links').values({ token_hash: hashLinkToken(token), approval_id: r.id, approver: label, expires_at: expires, minted_by: mintedBy }).execute();
  return { object: 'approval_link' as const, approval_id: r.id, approver: label, token, url: linkUrl(deps, token), expires_at: expires.toISOString() };
}

/**
 * Whether `auth` may hand a link approver's vote to someone: an admin key, the account owner's
 * console session, or a named approver of this request. Any other key of the account (a CI write
 * key, say) could otherwise satisfy or veto an approval it was never named in.
 */
async function mayMintLinks(deps: Deps, auth: AuthContext, r: Pick<EngineApprovalRequest, 'approvers' | 'link_approvers'>): Promise<Approver | null> {
  const who = await approverOf(deps.db, auth);
  if (auth.via === 'api_key' && auth.key?.type === 'admin') return who;
  if (auth.via === 'session') {
    const owner = await deps.db.selectFrom('accounts').select('email').where('id', '=', auth.accountId).executeTakeFirst();
    if (!auth.email || (owner?.email && owner.email.toLowerCase() === auth.email.toLowerCase())) return who;
  }
  return r.approvers.includes(who.id) || (who.email !== null && r.approvers.includes(who.email)) ? who : null;
}

/** A sandbox key decides, and mints links for, only the approvals of sandbox runs (404 for an unknown id, 403 for a live run's). */
export async function refuseSandboxOnLive(deps: Deps, accountId: string, id: string): Promise<void> {
  const row = await deps.db
    .selectFrom('engine_approval_requests as a')
    .innerJoin('runs as r', 'r.id', 'a.run_id')
    .select(['r.sandbox'])
    .where('a.id', '=', id)
    .where('a.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!row.sandbox) throw sandboxOnLive('approval', id);
}

/** POST /approvals/{id}/links: an admin, the owner or a named approver mints a link for one of the request's link approvers. */
export async function createLink(deps: Deps, auth: AuthContext, id: string, label: string, expiresInS?: number) {
  const row = await requestRow(deps.db, auth.accountId, id);
  const status = effectiveStatus(row);
  if (status !== 'pending') throw closed(id, status);
  const minter = await mayMintLinks(deps, auth, row);
  if (!minter) {
    throw coded(403, 'not_a_link_minter', `Only an admin key, the account owner or a named approver of approval ${id} may mint its links.`, { approvers: row.approvers });
  }
  if (!row.link_approvers.includes(label)) {
    throw coded(422, 'unknown_link_approver', `Approval ${id} has no link approver "${label}"; its links are: ${row.link_approvers.join(', ') || 'none'}.`, { links: row.link_approvers });
  }
  const link = await mintLink(deps, deps.db, row, label, expiresInS, minter.id);
  await recordAudit(deps.db, {
    accountId: auth.accountId,
    workflowId: row.workflow_id,
    action: 'approval.link_minted',
    actor: { id: minter.id, email: minter.email },
    summary: `${minter.id} minted a one-time link for ${label} on ${row.node_id} of run ${row.run_id}`,
    diff: { approval_id: id, run_id: row.run_id, node_id: row.node_id, approver: label, expires_at: link.expires_at },
  });
  return link;
}

async function markLinkUsed(db: Database, hash: string): Promise<void> {
  const used = await db.updateTable('engine_approval_links').set({ used_at: sql`now()` }).where('token_hash', '=', hash).where('used_at', 'is', null).returning('token_hash').executeTakeFirst();
  if (!used) throw coded(410, 'approval_link_used', 'This approval link has been used.');
}

/** The request behind a link token, refused (404/410) unless the link is live and the request open. */
async function liveLink(deps: Deps, token: string) {
  const hash = hashLinkToken(token);
  const link = await deps.db.selectFrom('engine_approval_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!link) throw notFound();
  if (link.used_at) throw coded(410, 'approval_link_used', 'This approval link has been used.');
  if (link.expires_at.getTime() <= Date.now()) throw coded(410, 'approval_link_expired', 'This approval link has expired.', { expired_at: link.expires_at.toISOString() });
  const row = (await requestQuery(deps.db).where('a.id', '=', link.approval_id).executeTakeFirst()) as RequestRow | undefined;
  if (!row) throw notFound();
  const status = effectiveStatus(row);
  if (status !== 'pending') throw coded(410, 'approval_closed', `This approval is ${status}; it takes no more decisions.`, { status });
  return { hash, link, row };
}

/** What a link holder sees: the request without the account's details (no inputs, no approver list). */
function linkView(row: RequestRow, decisions: EngineApprovalDecision[], label: string, linkExpires: Date) {
  return {
    object: 'approval_link_request' as const,
    approval_id: row.id,
    status: effectiveStatus(row),
    approver: label,
    message: row.message,
    form: row.form ? { fields: row.form.fields as FormField[] } : null,
    workflow_name: row.workflow_name,
    run_id: row.run_id,
    node_id: row.node_id,
    tally: tally(row, decisions),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    link_expires_at: linkExpires.toISOString(),
  };
}

export async function viewLink(deps: Deps, token: string) {
  const { link, row } = await liveLink(deps, token);
  return linkView(row, (await decisionsOf(deps.db, [row.id])).get(row.id) ?? [], link.approver, link.expires_at);
}

/** POST /approvals/links/{token}: the link holder decides, once; the link is spent with the decision. */
export async function decideByLink(deps: Deps, token: string, input: DecisionInput) {
  const { hash, link, row } = await liveLink(deps, token);
  const done = await decide(deps, row.account_id, row.id, { id: `link:${link.approver}`, via: 'link', email: null }, input, { linkHash: hash, mintedBy: link.minted_by });
  return { object: 'approval_link_decision' as const, approval_id: row.id, status: done.approval.status, decision: done.decision, repeated: done.repeated };
}
