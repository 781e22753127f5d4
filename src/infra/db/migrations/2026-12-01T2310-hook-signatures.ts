import { sql, type Kysely } from 'kysely';

// Signatures of public hook calls already accepted, kept while their timestamp is inside the window:
// a captured signed call replayed within it is refused, one replayed after it is stale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_hook_signatures')
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('engine_hook_signatures_pk', ['webhook_id', 'signature'])
    .execute();
  await db.schema.createIndex('engine_hook_signatures_expires_idx').on('engine_hook_signatures').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_hook_signatures').execute();
}
