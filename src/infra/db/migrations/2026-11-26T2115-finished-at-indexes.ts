import { sql, type Kysely } from 'kysely';

// /metrics reads the nodes and runs that finished since its last scrape (duration histograms),
// and the last hour's nodes: both walk finished_at forward instead of scanning the tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists run_node_outputs_finished_idx on run_node_outputs (finished_at, run_id, node_id) where finished_at is not null;
    create index if not exists runs_finished_idx on runs (finished_at, id) where finished_at is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists run_node_outputs_finished_idx;
    drop index if exists runs_finished_idx;
  `.execute(db);
}
