import { sql, type Kysely } from 'kysely';

// 3 "Other records": schedules, public hooks, connections, rate policies,
// audit entries, incidents, tests, canary rules and the arm each run took, widget configs and
// template use counts. Every customer row carries account_id; ids are text (prefixed) so they
// read well in URLs and logs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table engine_schedules (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      cron text not null,
      timezone text not null,
      active boolean not null default true,
      input jsonb not null default '{}'::jsonb,
      temporal_schedule_id text not null unique,
      last_fired_at timestamptz,
      last_run_id uuid,
      last_error text,
      fire_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index engine_schedules_account_idx on engine_schedules (account_id, created_at);
    create index engine_schedules_workflow_idx on engine_schedules (workflow_id);

    create table engine_hooks (
      workflow_id text primary key references workflows(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      webhook_id text not null unique,
      secret_sealed text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table engine_connections (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      provider text not null,
      name text not null,
      secret_sealed text not null,
      metadata jsonb not null default '{}'::jsonb,
      last_tested_at timestamptz,
      last_test_valid boolean,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index engine_connections_account_idx on engine_connections (account_id, created_at);

    create table engine_rate_policies (
      workflow_id text primary key references workflows(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      max_concurrent_runs integer,
      requests_per_minute integer,
      burst_allowance integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table engine_audit_entries (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text,
      action text not null,
      summary text not null,
      actor_id text,
      actor_email text,
      diff jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now()
    );
    create index engine_audit_workflow_idx on engine_audit_entries (account_id, workflow_id, created_at desc);
    create index engine_audit_recent_idx on engine_audit_entries (account_id, created_at desc);

    create table engine_incidents (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null,
      run_id uuid not null unique,
      node_id text,
      node_type text,
      error text,
      node_input jsonb not null default '{}'::jsonb,
      node_params jsonb not null default '{}'::jsonb,
      status text not null default 'unresolved',
      resolution_note text,
      replay_count integer not null default 0,
      last_replayed_run_id uuid,
      created_at timestamptz not null default now(),
      resolved_at timestamptz
    );
    create index engine_incidents_account_idx on engine_incidents (account_id, status, created_at desc);

    create table engine_tests (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      name text not null,
      kind text not null,
      input jsonb not null default '{}'::jsonb,
      assertions jsonb not null default '[]'::jsonb,
      last_result text,
      last_run_id uuid,
      created_at timestamptz not null default now()
    );
    create index engine_tests_workflow_idx on engine_tests (account_id, workflow_id);

    create table engine_canary_rules (
      workflow_id text primary key references workflows(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      canary_version text not null,
      stable_version text not null,
      canary_weight_pct numeric not null,
      auto_rollback_error_threshold_pct numeric,
      sticky_sessions boolean not null default true,
      is_active boolean not null default true,
      rollback_triggered boolean not null default false,
      rollback_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table engine_run_arms (
      run_id uuid primary key,
      account_id text not null,
      workflow_id text not null,
      arm text not null,
      version_hash text not null,
      created_at timestamptz not null default now()
    );
    create index engine_run_arms_workflow_idx on engine_run_arms (workflow_id, arm);

    create table engine_widgets (
      workflow_id text primary key references workflows(id) on delete cascade,
      account_id text not null references accounts(id) on delete cascade,
      config jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table engine_template_uses (
      template_id text primary key,
      use_count integer not null default 0
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists engine_template_uses, engine_widgets, engine_run_arms, engine_canary_rules, engine_tests,
      engine_incidents, engine_audit_entries, engine_rate_policies, engine_connections, engine_hooks, engine_schedules;
  `.execute(db);
}
