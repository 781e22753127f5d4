import { sql, type Kysely } from 'kysely';

// Story Studio: the story projection written by activities, its append-only event
// log (SSE), concurrency slots, render log, and the generic included-credits ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('concept', 'jsonb')
    .addColumn('frames_resolution', 'text')
    .addColumn('voiceover', 'jsonb')
    .addColumn('final', 'jsonb')
    .addColumn('steps_done', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('generation_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stories_account_idx').on('stories').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('story_characters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('age', 'text')
    .addColumn('gender', 'text')
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('consistency_embedding', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('story_characters_story_idx').on('story_characters').columns(['story_id', 'position']).execute();

  await db.schema
    .createTable('story_frames')
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('scene_index', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('composition_notes', 'text', (c) => c.notNull())
    .addColumn('camera_direction', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('story_frames_pk', ['story_id', 'scene_index'])
    .execute();

  await db.schema
    .createTable('story_videos')
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('scene_index', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('video_key', 'text')
    .addColumn('duration', 'double precision', (c) => c.notNull())
    .addColumn('model_requested', 'text', (c) => c.notNull())
    .addColumn('model_used', 'text', (c) => c.notNull())
    .addColumn('frame_version', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('story_videos_pk', ['story_id', 'scene_index'])
    .execute();

  // One row per scene render actually started (ffmpeg run): operators and tests count re-renders.
  await db.schema
    .createTable('story_renders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addColumn('scene_index', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('worker_pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('story_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('story_events_key_uq', ['story_id', 'key'])
    .execute();

  await db.schema
    .createTable('story_slots')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('story_slots_account_idx').on('story_slots').columns(['account_id']).execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addColumn('reference_operation_id', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('credits', 'double precision', (c) => c.notNull())
    .addColumn('included_credits', 'double precision', (c) => c.notNull())
    .addColumn('wallet_micros', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_ledger_operation_uq', ['account_id', 'operation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['credit_ledger', 'story_slots', 'story_events', 'story_renders', 'story_videos', 'story_frames', 'story_characters', 'stories']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
