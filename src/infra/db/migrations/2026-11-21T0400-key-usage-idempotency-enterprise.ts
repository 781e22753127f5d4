import { sql, type Kysely } from 'kysely';

/** Platform access (issue 4, part 1): per-key daily request counts, idempotency records, enterprise applications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_daily_requests')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_key_daily_requests_pk', ['key_id', 'day'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'jsonb')
    .addColumn('response_body', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('idempotency_keys_account_key_uq', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('enterprise_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text')
    .addColumn('use_case', 'text')
    .addColumn('expected_monthly_spend_usd', 'double precision')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one pending application per account, enforced by the database.
  await sql`CREATE UNIQUE INDEX enterprise_applications_pending_uq ON enterprise_applications (account_id) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enterprise_applications').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('api_key_daily_requests').execute();
}
