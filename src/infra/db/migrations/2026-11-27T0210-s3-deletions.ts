import { sql, type Kysely } from 'kysely';

// s3_deletions: what a deleted account leaves on the S3 server, written in the transaction that
// deletes its rows and removed once the server has let it go — an object-store bucket (every object,
// version and multipart upload, its access-key users, then the bucket) or a folder of the shared
// simple-bucket store. A process that dies in between leaves the row for the sweep to finish.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table s3_deletions (
      bucket text not null,
      prefix text not null,
      whole_bucket boolean not null,
      access_keys text[] not null default '{}',
      reason text not null,
      requested_at timestamptz not null default now(),
      primary key (bucket, prefix)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists s3_deletions;`.execute(db);
}
