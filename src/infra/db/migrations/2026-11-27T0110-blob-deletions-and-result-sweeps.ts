import { sql, type Kysely } from 'kysely';

// Blob lifecycle of deleted rows and finished runs.
// - blob_deletions: blob prefixes whose rows are gone (a deleted run's results, a deleted
//   account's files). Written in the transaction that deletes the rows, removed once the blobs
//   are: a process that dies in between leaves the row for the sweep to finish.
// - run_result_sweeps: the finished runs whose unreferenced result blobs were swept, and at which
//   resume count (a resumed run is swept again once it finishes again).
// - runs_retried_from_idx: the runs re-run or retried from a run, which may reference its results.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blob_deletions (
      prefix text primary key,
      reason text not null,
      requested_at timestamptz not null default now()
    );
    create table run_result_sweeps (
      run_id uuid primary key references runs(id) on delete cascade,
      resumed_count integer not null,
      swept_at timestamptz not null default now()
    );
    create index if not exists runs_retried_from_idx on runs (retried_from) where retried_from is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists runs_retried_from_idx;
    drop table if exists run_result_sweeps;
    drop table if exists blob_deletions;
  `.execute(db);
}
