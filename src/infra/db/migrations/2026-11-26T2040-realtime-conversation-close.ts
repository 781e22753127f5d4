import { sql, type Kysely } from 'kysely';

// The local realtime engine counts an account's open conversations across API processes: a
// conversation is open from connected_at until closed_at (or, if its process died, until the
// secret's expires_at, the latest it could have lasted).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table voice_realtime_secrets add column closed_at timestamptz;
    create index voice_realtime_secrets_open_idx on voice_realtime_secrets (account_id, expires_at)
      where connected_at is not null and closed_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists voice_realtime_secrets_open_idx;
    alter table voice_realtime_secrets drop column if exists closed_at;
  `.execute(db);
}
