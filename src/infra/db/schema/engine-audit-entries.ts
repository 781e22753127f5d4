import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

export interface AuditDiffOp {
  op: 'add' | 'remove' | 'replace';
  path: string;
  before?: unknown;
  after?: unknown;
}

/** One audit entry: what changed on a workflow and its satellites, by whom. */
export interface EngineAuditEntriesTable {
  id: string;
  account_id: string;
  workflow_id: string | null;
  action: string;
  summary: string;
  actor_id: string | null;
  actor_email: string | null;
  diff: JSONColumnType<AuditDiffOp[] | Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type EngineAuditEntry = Selectable<EngineAuditEntriesTable>;
