import { sql, type Kysely } from 'kysely';

// The Temporal execution a run's writes come from (its run id, and the run's generation it serves):
// set by the first activity of each execution, so that a new execution of the same generation —
// an operator's reset in the Temporal UI or CLI — is noticed and recorded in the run's events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table runs add column if not exists temporal_run_id text, add column if not exists temporal_generation int`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table runs drop column if exists temporal_run_id, drop column if exists temporal_generation`.execute(db);
}
