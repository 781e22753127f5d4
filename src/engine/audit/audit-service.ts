// Audit entry {workflow_id, action, summary, actor_id, actor_email, diff}. Entries
// are written with the caller's transaction, so a change and its entry commit (or vanish) together.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../infra/db/index';
import type { AuditDiffOp, EngineAuditEntry } from '../../infra/db/schema/index';
import { isoTime, listOf } from '../../infra/http/views';
import type { AuthContext } from '../../platform/auth/context';
import { jsonDiff } from './json-diff';

export interface Actor {
  id: string | null;
  email: string | null;
}

/** The acting key (`key_<prefix>` … its row id) or session; the account's email when known. */
export async function actorOf(db: Database, auth: AuthContext): Promise<Actor> {
  const account = await db.selectFrom('accounts').select('email').where('id', '=', auth.accountId).executeTakeFirst();
  return { id: auth.key ? auth.key.id : `session:${auth.accountId}`, email: account?.email ?? null };
}

/** An actor that is the engine itself (auto-rollback, schedules firing). */
export const SYSTEM_ACTOR: Actor = { id: 'system', email: null };

export interface AuditInput {
  accountId: string;
  workflowId: string | null;
  action: string;
  summary: string;
  actor: Actor;
  before?: unknown;
  after?: unknown;
  /** A diff given as is (POST /v1/audit). */
  diff?: AuditDiffOp[] | Record<string, unknown>;
}

export async function recordAudit(db: Database, input: AuditInput): Promise<EngineAuditEntry> {
  const diff = input.diff ?? jsonDiff(input.before, input.after);
  return db
    .insertInto('engine_audit_entries')
    .values({
      id: `aud_${randomBytes(12).toString('hex')}`,
      account_id: input.accountId,
      workflow_id: input.workflowId,
      action: input.action,
      summary: input.summary,
      actor_id: input.actor.id,
      actor_email: input.actor.email,
      diff: JSON.stringify(diff),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const AuditEntryView = z.object({
  id: z.string(),
  workflow_id: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  diff: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).describe('The change as JSON-diff operations, or the diff a client wrote as given'),
  created_at: isoTime,
});
export const AuditListView = listOf(AuditEntryView, { total: z.number().int() });

export function auditView(row: EngineAuditEntry): z.output<typeof AuditEntryView> {
  return {
    id: row.id,
    workflow_id: row.workflow_id,
    action: row.action,
    summary: row.summary,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    diff: row.diff,
    created_at: row.created_at.toISOString(),
  };
}

export async function listAudit(db: Database, accountId: string, opts: { workflowId?: string; limit: number }) {
  let q = db.selectFrom('engine_audit_entries').selectAll().where('account_id', '=', accountId);
  if (opts.workflowId) q = q.where('workflow_id', '=', opts.workflowId);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map(auditView);
}
