import type { Kysely } from 'kysely';

// A reminder whose webhook or e-mail failed is sent again, a few times with growing pauses, over
// the channels that failed: how many attempts it has had, which channels still owe it, and when
// the next attempt is due (null: delivered, or given up).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_approval_reminders')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('retry_channels', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('engine_approval_reminders_retry_idx').on('engine_approval_reminders').column('next_attempt_at').where('next_attempt_at', 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('engine_approval_reminders_retry_idx').execute();
  await db.schema.alterTable('engine_approval_reminders').dropColumn('next_attempt_at').dropColumn('retry_channels').dropColumn('attempts').execute();
}
