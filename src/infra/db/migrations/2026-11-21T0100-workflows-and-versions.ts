import { sql, type Kysely } from 'kysely';

// Workflows of the engine and their immutable, content-addressed spec versions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Imported from an older format (templates, migrations); hidden from lists unless include_legacy.
    .addColumn('legacy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_version', 'integer', (c) => c.notNull())
    .addColumn('version_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Soft delete: runs keep pointing at their workflow and its versions.
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('workflows_account_idx').on('workflows').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('workflow_versions')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // sha256 hex of the canonical JSON of the normalised spec.
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('spec', 'jsonb', (c) => c.notNull())
    // `edit` (create/PUT/duplicate) or `run_override` (a run's spec_override, never current).
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('edit'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workflow_versions_pk', ['workflow_id', 'version'])
    .execute();
  await db.schema.createIndex('workflow_versions_hash_idx').on('workflow_versions').columns(['workflow_id', 'hash']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_versions').execute();
  await db.schema.dropTable('workflows').execute();
}
