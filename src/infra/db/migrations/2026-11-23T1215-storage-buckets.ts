import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Storage (issue 13): simple buckets and their files, object-store buckets with their access keys,
 * request counters, and the hourly storage accruals that make the wallet charges idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const account = (c: ColumnDefinitionBuilder) => c.notNull().references('accounts.id').onDelete('cascade');
  const now = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

  await db.schema
    .createTable('simple_buckets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path_prefix', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('region', 'text', (c) => c.notNull().defaultTo('eu'))
    .addColumn('max_file_size_mb', 'integer')
    .addColumn('allowed_mime_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addUniqueConstraint('simple_buckets_account_name_key', ['account_id', 'name'])
    .execute();

  await db.schema
    .createTable('storage_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('bucket_id', 'text', (c) => c.notNull().references('simple_buckets.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', now)
    .execute();
  await db.schema.createIndex('storage_files_bucket_idx').on('storage_files').columns(['bucket_id', 'created_at']).execute();
  await db.schema.createIndex('storage_files_account_idx').on('storage_files').column('account_id').execute();

  await db.schema
    .createTable('s3_buckets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', account)
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('server_bucket', 'text', (c) => c.notNull().unique())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_class', 'text', (c) => c.notNull())
    .addColumn('quota_gb', 'integer', (c) => c.notNull())
    .addColumn('billing_mode', 'text', (c) => c.notNull())
    .addColumn('block_public_access', 'boolean', (c) => c.notNull())
    .addColumn('mfa_delete_enabled', 'boolean', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    /** Configuration as last set through the API (applied on the server where it supports it). */
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reservation_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reservation_operation_id', 'text')
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('object_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_updated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('updated_at', 'timestamptz', now)
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('s3_buckets_account_idx').on('s3_buckets').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('s3_credentials')
    .addColumn('access_key_id', 'text', (c) => c.primaryKey())
    .addColumn('bucket_id', 'text', (c) => c.notNull().references('s3_buckets.id').onDelete('cascade'))
    .addColumn('account_id', 'text', account)
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', now)
    .addColumn('last_used', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('s3_credentials_bucket_idx').on('s3_credentials').column('bucket_id').execute();

  await db.schema
    .createTable('s3_request_metrics')
    .addColumn('bucket_id', 'text', (c) => c.notNull().references('s3_buckets.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('all_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('get_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('put_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors_4xx', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors_5xx', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_downloaded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_uploaded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint')
    .addColumn('object_count', 'bigint')
    .addPrimaryKeyConstraint('s3_request_metrics_pkey', ['bucket_id', 'hour'])
    .execute();

  await db.schema
    .createTable('storage_accruals')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('account_id', 'text', account)
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('amount_micros', 'bigint', (c) => c.notNull())
    .addColumn('from_reservation_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('from_wallet_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', now)
    .addPrimaryKeyConstraint('storage_accruals_pkey', ['subject', 'hour'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['storage_accruals', 's3_request_metrics', 's3_credentials', 's3_buckets', 'storage_files', 'simple_buckets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
