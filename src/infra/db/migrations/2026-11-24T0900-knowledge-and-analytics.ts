import { sql, type Kysely } from 'kysely';

// Knowledge document and analytics criterion / data point records /v1/knowledge
// and /v1/analytics/…: documents and their indexed chunks (full-text tsvector with a GIN index, and
// embeddings as plain float arrays — cosine is computed in SQL, no vector extension needed), the
// criteria and data points of a workflow, and one analysis per finished run.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table knowledge_documents (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      title text not null,
      source_type text not null check (source_type in ('url', 'text')),
      source_url text,
      text text,
      status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
      error text,
      char_count integer not null default 0,
      chunk_count integer not null default 0,
      embedding_model text,
      indexed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index knowledge_documents_workflow_idx on knowledge_documents (account_id, workflow_id, created_at);

    create table knowledge_chunks (
      id bigint generated always as identity primary key,
      document_id text not null references knowledge_documents(id) on delete cascade,
      account_id text not null,
      workflow_id text not null,
      chunk_index integer not null,
      text text not null,
      tsv tsvector not null,
      embedding real[],
      unique (document_id, chunk_index)
    );
    create index knowledge_chunks_tsv_idx on knowledge_chunks using gin (tsv);
    create index knowledge_chunks_scope_idx on knowledge_chunks (account_id, workflow_id);

    create table analytics_criteria (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      name text not null,
      description text not null default '',
      weight double precision not null check (weight >= 0 and weight <= 1),
      llm_prompt text not null default '',
      created_at timestamptz not null default now(),
      unique (workflow_id, name)
    );
    create index analytics_criteria_workflow_idx on analytics_criteria (account_id, workflow_id);

    create table analytics_data_points (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      name text not null,
      data_type text not null check (data_type in ('string', 'number', 'boolean', 'enum')),
      description text not null default '',
      enum_values jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      unique (workflow_id, name)
    );
    create index analytics_data_points_workflow_idx on analytics_data_points (account_id, workflow_id);

    create table run_analyses (
      id text primary key,
      account_id text not null references accounts(id) on delete cascade,
      workflow_id text not null references workflows(id) on delete cascade,
      run_id uuid not null unique references runs(id) on delete cascade,
      status text not null check (status in ('completed', 'failed')),
      scores jsonb not null default '{}'::jsonb,
      composite_score double precision,
      data_points jsonb not null default '{}'::jsonb,
      errors jsonb not null default '[]'::jsonb,
      model text,
      cost_micros bigint not null default 0,
      error text,
      analyzed_at timestamptz not null default now()
    );
    create index run_analyses_workflow_idx on run_analyses (account_id, workflow_id, analyzed_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists run_analyses, analytics_data_points, analytics_criteria, knowledge_chunks, knowledge_documents`.execute(db);
}
