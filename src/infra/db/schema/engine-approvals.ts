import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'timed_out' | 'cancelled';

/** One waiting control.approval node: who may decide, how many must, and what it asks for. */
export interface EngineApprovalRequestsTable {
  id: string;
  account_id: string;
  run_id: string;
  generation: number;
  node_id: string;
  workflow_id: string;
  status: ColumnType<ApprovalStatus, ApprovalStatus | undefined, ApprovalStatus>;
  message: string | null;
  /** Console users (e-mail) and API key ids that may decide; empty with no link approvers = anyone in the account. */
  approvers: JSONColumnType<string[]>;
  /** Labels of approvers who decide through a one-time link. */
  link_approvers: JSONColumnType<string[]>;
  quorum: number;
  reject_rule: 'any' | 'quorum';
  default_decision: 'approved' | 'rejected';
  form: JSONColumnType<{ fields: Array<Record<string, unknown>> } | null, string | null, string | null>;
  inputs_preview: JSONColumnType<Record<string, unknown>>;
  remind: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  reminders_sent: Generated<number>;
  next_reminder_at: Date | null;
  /** The `approve` signal payload once the outcome is decided. */
  outcome: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  signal_claimed_at: Date | null;
  signalled_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date | null;
  decided_at: Date | null;
}
export type EngineApprovalRequest = Selectable<EngineApprovalRequestsTable>;

export interface EngineApprovalDecisionsTable {
  id: string;
  approval_id: string;
  approver: string;
  via: 'api_key' | 'session' | 'link';
  approved: boolean;
  comment: string | null;
  form_values: JSONColumnType<Record<string, unknown>>;
  /** A decision through a one-time link: who minted that link (a key id or a console e-mail). */
  minted_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date, Date | undefined, never>;
}
export type EngineApprovalDecision = Selectable<EngineApprovalDecisionsTable>;

export interface EngineApprovalLinksTable {
  token_hash: string;
  approval_id: string;
  approver: string;
  /** Who minted the link: an API key id or a console user's e-mail (null: the reminder sweep). */
  minted_by: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface EngineApprovalRemindersTable {
  approval_id: string;
  n: number;
  channel: string;
  target: string;
  response_status: number | null;
  error: string | null;
  /** Sends made so far (the first included); a failed one is tried again up to REMINDER_ATTEMPTS. */
  attempts: ColumnType<number, number | undefined, number>;
  /** The channels (`webhook`, `email`, comma-separated) a retry still owes; null when none. */
  retry_channels: string | null;
  next_attempt_at: Date | null;
  sent_at: ColumnType<Date, Date | undefined, never>;
}
