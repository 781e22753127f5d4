import { sql, type Kysely } from 'kysely';

// Runs of the workflow engine (seed 002 §2.3, §3): one row per run, one row per node output, and
// the append-only event log SSE replays from (DESIGN §2 "Events").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // No foreign key: deleting a workflow does not touch its runs (seed 002 §4.3).
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('workflow_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('trigger_type', 'text', (c) => c.notNull())
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('input', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('usd_cap_micros', 'bigint')
    .addColumn('usd_charged_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_node', 'text')
    .addColumn('nodes_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nodes_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_heartbeat_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('error', 'text')
    .addColumn('temporal_workflow_id', 'text', (c) => c.notNull())
    .addColumn('resumed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retried_from', 'uuid')
    .execute();
  await db.schema.createIndex('runs_account_idx').on('runs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('runs_workflow_idx').on('runs').columns(['account_id', 'workflow_id', 'created_at']).execute();
  await db.schema.createIndex('runs_active_idx').on('runs').columns(['status', 'last_heartbeat_at']).execute();

  await db.schema
    .createTable('run_node_outputs')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('output', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('usd_charged_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('logs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tokens_consumed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('run_node_outputs_pk', ['run_id', 'node_id'])
    .execute();

  await db.schema
    .createTable('run_events')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text')
    // `<generation>:<node_id>:<type>`: a retried projection activity never appends an event twice.
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('run_events_pk', ['run_id', 'seq'])
    .addUniqueConstraint('run_events_dedupe_uq', ['run_id', 'dedupe_key'])
    .execute();

  // The watchdog/reaper's counters and the actions it took (GET /v1/runs/watchdog/status).
  await db.schema
    .createTable('run_watchdog_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('total_scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_recovered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_stalled_detected', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_reaped', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_scan_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('run_watchdog_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('run_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('run_watchdog_actions_account_idx').on('run_watchdog_actions').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_watchdog_actions').execute();
  await db.schema.dropTable('run_watchdog_state').execute();
  await db.schema.dropTable('run_events').execute();
  await db.schema.dropTable('run_node_outputs').execute();
  await db.schema.dropTable('runs').execute();
}
