import { sql, type Kysely } from 'kysely';

/** Voice agents and the local realtime engine's client secrets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_agents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('greeting', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('tools', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('temperature', 'double precision')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Newest first, per account (GET /v1/voice/agents).
  await sql`create index voice_agents_account_created_idx on voice_agents (account_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('voice_realtime_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('agent_id', 'uuid')
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('session', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('connected_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('voice_realtime_secrets_expires_idx').on('voice_realtime_secrets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_realtime_secrets').ifExists().execute();
  await db.schema.dropTable('voice_agents').ifExists().execute();
}
