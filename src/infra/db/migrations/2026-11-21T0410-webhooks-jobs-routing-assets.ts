import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Platform money and outputs (issue 4, part 2): webhooks and their delivery log, generation jobs,
 * output destinations and per-key routing rules, registered face assets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('webhooks_account_idx').on('webhooks').column('account_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('account_id', 'text', account)
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('webhook_deliveries_webhook_idx').on('webhook_deliveries').columns(['webhook_id', 'attempted_at']).execute();

  await db.schema
    .createTable('generation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('key_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('cost_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_operation_id', 'text')
    .addColumn('blob_key', 'text')
    .addColumn('output', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addColumn('completed_at', 'timestamptz')
    .addColumn('purged_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('generation_jobs_account_idx').on('generation_jobs').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('output_destinations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('output_destinations_account_idx').on('output_destinations').column('account_id').execute();

  await db.schema
    .createTable('output_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('model_pattern', 'text', (c) => c.notNull())
    .addColumn('destination_id', 'uuid', (c) => c.notNull().references('output_destinations.id'))
    .addColumn('path_template', 'text')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addUniqueConstraint('output_rules_key_pattern_uq', ['key_id', 'model_pattern'])
    .execute();

  await db.schema
    .createTable('face_assets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('key_id', 'text')
    .addColumn('name', 'text')
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('retention_hours', 'integer')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('purged_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('face_assets_account_idx').on('face_assets').columns(['account_id', 'created_at']).execute();
  await sql`CREATE INDEX face_assets_live_idx ON face_assets (expires_at) WHERE deleted_at IS NULL AND purged_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['face_assets', 'output_rules', 'output_destinations', 'generation_jobs', 'webhook_deliveries', 'webhooks']) {
    await db.schema.dropTable(t).execute();
  }
}
