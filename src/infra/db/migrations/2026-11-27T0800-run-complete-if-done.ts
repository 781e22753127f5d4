import { sql, type Kysely } from 'kysely';

// run_complete_if_done: the run's end, completed, written only when every node of the run has a
// succeeded row — called by a node's executor in the statement that commits the node, so that the
// last of a run's nodes to commit ends the run with its own write. Answers run_finish's event data,
// or null when some node has not succeeded yet (or the end is already written). The counter is
// checked first (cheap); the rows themselves decide, so a count off by a reset or a resume can
// never end a run early.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function run_complete_if_done(p_run uuid, p_dedupe text)
    returns jsonb language plpgsql as $$
    declare
      v_total int;
    begin
      select nodes_total into v_total from runs where id = p_run and nodes_completed >= nodes_total;
      if not found then
        return null;
      end if;
      if (select count(*) from run_node_outputs o where o.run_id = p_run and o.status = 'succeeded') < v_total then
        return null;
      end if;
      return run_finish(p_run, p_dedupe, 'completed', null);
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists run_complete_if_done(uuid, text)`.execute(db);
}
