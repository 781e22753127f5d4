import { sql, type Kysely } from 'kysely';

// run_events_append_many: several node appends of one run (what run_events_append does for one) in
// one call. It writes what calling run_events_append once per item, in order, would write — the node
// rows (of several rows of one node, the last given), the events whose dedupe key is new (the first
// of a key wins, also inside the call) numbered consecutively in item order, the run's counters —
// but as set-based statements: one upsert of node rows, one insert of events, one update of the run
// row and one NOTIFY, where the per-item calls made one update of the run row (and one trigger
// check) per item. Answers one array per item, of {seq, type, dedupe_key} of the events it wrote.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function run_events_append_many(p_run uuid, p_items jsonb)
    returns jsonb language plpgsql as $$
    declare
      v_last bigint;
      v_out jsonb;
      v_completed int;
      v_max bigint;
      v_current text;
      v_mark boolean;
    begin
      if jsonb_array_length(p_items) = 0 then
        return '[]'::jsonb;
      end if;
      -- Node rows first (their foreign key takes KEY SHARE on the run row); of several rows of one node the last given wins.
      insert into run_node_outputs as o
        (run_id, node_id, node_type, status, ok, output, usd_charged_micros, error, logs, duration_ms, skipped, attempt, started_at, finished_at)
      select distinct on (r.node_id) p_run, r.node_id, r.node_type, r.status, r.ok, r.output, r.usd_charged_micros, r.error, r.logs, r.duration_ms, r.skipped, r.attempt, r.started_at, r.finished_at
        from jsonb_array_elements(p_items) with ordinality as b(item, ord)
        cross join lateral jsonb_populate_record(null::run_node_outputs, b.item->'node') r
       where jsonb_typeof(b.item->'node') = 'object'
       order by r.node_id, b.ord desc
      on conflict (run_id, node_id) do update set
        node_type = excluded.node_type, status = excluded.status, ok = excluded.ok, output = excluded.output,
        usd_charged_micros = excluded.usd_charged_micros, error = excluded.error, logs = excluded.logs,
        duration_ms = excluded.duration_ms, skipped = excluded.skipped, attempt = excluded.attempt,
        started_at = excluded.started_at, finished_at = excluded.finished_at;
      select last_seq into v_last from runs where id = p_run for no key update;
      if not found then
        raise exception 'run % does not exist', p_run;
      end if;
      with given as (
        select b.ord, e.idx, e.ev, coalesce((b.item->'run_set'->>'count_completed')::boolean, false) as counts
          from jsonb_array_elements(p_items) with ordinality as b(item, ord)
          cross join lateral jsonb_array_elements(b.item->'events') with ordinality as e(ev, idx)
      ), fresh as (
        -- The first event of each dedupe key, unless the log already has it.
        select distinct on (g.ev->>'dedupe_key') g.* from given g
         where not exists (select 1 from run_events x where x.run_id = p_run and x.dedupe_key = g.ev->>'dedupe_key')
         order by g.ev->>'dedupe_key', g.ord, g.idx
      ), numbered as materialized (
        select f.*, v_last + row_number() over (order by f.ord, f.idx) as seq from fresh f
      ), ins as (
        insert into run_events (run_id, seq, type, node_id, dedupe_key, data, created_at)
        select p_run, n.seq, n.ev->>'type', n.ev->>'node_id', n.ev->>'dedupe_key', (n.ev->'data') || jsonb_build_object('seq', n.seq), clock_timestamp()
          from numbered n order by n.seq
      ), per_item as (
        select n.ord, jsonb_agg(jsonb_build_object('seq', n.seq, 'type', n.ev->>'type', 'dedupe_key', n.ev->>'dedupe_key') order by n.idx) as appended
          from numbered n group by n.ord
      )
      select (select coalesce(jsonb_agg(coalesce(p.appended, '[]'::jsonb) order by b.ord), '[]'::jsonb)
                from jsonb_array_elements(p_items) with ordinality as b(item, ord) left join per_item p on p.ord = b.ord),
             (select count(*) from numbered n where n.counts and n.ev->>'type' = 'node_completed'),
             (select max(n.seq) from numbered n)
        into v_out, v_completed, v_max;
      select b.item->'run_set'->>'current_node' into v_current
        from jsonb_array_elements(p_items) with ordinality as b(item, ord)
       where b.item->'run_set'->>'current_node' is not null
       order by b.ord desc limit 1;
      select coalesce(bool_or((b.item->'run_set'->>'mark_running')::boolean), false) into v_mark
        from jsonb_array_elements(p_items) as b(item);
      update runs set
        last_seq = coalesce(v_max, v_last),
        last_heartbeat_at = now(),
        nodes_completed = nodes_completed + v_completed,
        current_node = coalesce(v_current, current_node),
        status = case when v_mark and status = 'queued' then 'running' else status end,
        started_at = case when v_mark then coalesce(started_at, now()) else started_at end
      where id = p_run;
      if v_max is not null then
        perform pg_notify('atelier_run_events', p_run::text);
      end if;
      return v_out;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists run_events_append_many(uuid, jsonb)`.execute(db);
}
