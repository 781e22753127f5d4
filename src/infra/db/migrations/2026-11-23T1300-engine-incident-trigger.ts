import { sql, type Kysely } from 'kysely';

// Incidents: a run that becomes `failed` opens (or, failing again after a resume,
// reopens) its incident in the same transaction as the status change, naming the failing node and
// its error. The node's input is derived from the run's plan and outputs when read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function engine_open_incident() returns trigger language plpgsql as $$
    begin
      if new.status = 'failed' and old.status is distinct from 'failed' then
        insert into engine_incidents (id, account_id, workflow_id, run_id, node_id, node_type, error)
        select 'inc_' || replace(gen_random_uuid()::text, '-', ''), new.account_id, new.workflow_id, new.id,
               o.node_id, o.node_type, coalesce(o.error, new.error)
        from (select 1) one
        left join lateral (
          select node_id, node_type, error from run_node_outputs
          where run_id = new.id and status = 'failed'
          order by finished_at nulls last, node_id limit 1
        ) o on true
        on conflict (run_id) do update
          set node_id = excluded.node_id, node_type = excluded.node_type, error = excluded.error,
              status = 'unresolved', resolved_at = null;
      end if;
      return new;
    end $$;
    create trigger runs_open_incident after update of status on runs
      for each row execute function engine_open_incident();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists runs_open_incident on runs; drop function if exists engine_open_incident();`.execute(db);
}
