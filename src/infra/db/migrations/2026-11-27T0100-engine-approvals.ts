import { sql, type Kysely } from 'kysely';

// Approvals: one request per waiting control.approval node (run, generation, node), the decisions
// taken on it (one per approver), the one-time links that let someone without an account decide
// (stored hashed), and the reminders sent while it waits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table engine_approval_requests (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      run_id uuid not null references runs(id) on delete cascade,
      generation int not null,
      node_id text not null,
      workflow_id text not null,
      status text not null default 'pending',
      message text,
      approvers jsonb not null default '[]'::jsonb,
      link_approvers jsonb not null default '[]'::jsonb,
      quorum int not null default 1,
      reject_rule text not null default 'any',
      default_decision text not null default 'rejected',
      form jsonb,
      inputs_preview jsonb not null default '{}'::jsonb,
      remind jsonb,
      reminders_sent int not null default 0,
      next_reminder_at timestamptz,
      outcome jsonb,
      signal_claimed_at timestamptz,
      signalled_at timestamptz,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      decided_at timestamptz,
      unique (run_id, generation, node_id)
    );
    create index engine_approval_requests_account_idx on engine_approval_requests (account_id, status, created_at desc);
    create index engine_approval_requests_reminder_idx on engine_approval_requests (next_reminder_at) where status = 'pending' and next_reminder_at is not null;
    create index engine_approval_requests_unsignalled_idx on engine_approval_requests (decided_at) where outcome is not null and signalled_at is null;

    create table engine_approval_decisions (
      id text primary key,
      approval_id text not null references engine_approval_requests(id) on delete cascade,
      approver text not null,
      via text not null,
      approved boolean not null,
      comment text,
      form_values jsonb not null default '{}'::jsonb,
      decided_at timestamptz not null default now(),
      unique (approval_id, approver)
    );

    create table engine_approval_links (
      token_hash text primary key,
      approval_id text not null references engine_approval_requests(id) on delete cascade,
      approver text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index engine_approval_links_approval_idx on engine_approval_links (approval_id);

    create table engine_approval_reminders (
      approval_id text not null references engine_approval_requests(id) on delete cascade,
      n int not null,
      channel text not null,
      target text not null,
      response_status int,
      error text,
      sent_at timestamptz not null default now(),
      primary key (approval_id, n)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists engine_approval_reminders;
    drop table if exists engine_approval_links;
    drop table if exists engine_approval_decisions;
    drop table if exists engine_approval_requests;
  `.execute(db);
}
