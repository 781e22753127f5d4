import { sql, type Kysely } from 'kysely';

// 3 /v1/tools/workflow and /v1/tools/mcp: workflows exposed as agent tools, the
// account's MCP servers (auth token sealed) with the tools their last discovery found, and the
// parent of a run an agent started through a workflow tool.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table engine_workflow_tools (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      tool_id text not null,
      category text not null default 'general',
      active boolean not null default true,
      config jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (account_id, tool_id)
    );
    create index engine_workflow_tools_workflow_idx on engine_workflow_tools (account_id, workflow_id);

    create table engine_mcp_servers (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      name text not null,
      transport text not null,
      url text,
      command text,
      args jsonb not null default '[]'::jsonb,
      auth_token_sealed text,
      tools jsonb,
      discovered_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index engine_mcp_servers_account_idx on engine_mcp_servers (account_id, created_at);

    alter table runs add column parent_run_id uuid, add column parent_node_id text;
    create index runs_parent_idx on runs (parent_run_id) where parent_run_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table engine_mcp_servers;
    drop table engine_workflow_tools;
    alter table runs drop column parent_run_id, drop column parent_node_id;
  `.execute(db);
}
