import { sql, type Kysely } from 'kysely';

// Runs of the workflow engine: one row per run, one row per node output, and
// the append-only event log SSE replays from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // No foreign key: deleting a workflow does not touch its runs.
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('workflow_version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('trigger_type', 'text', (c) => c.notNull())
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('input', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('usd_cap_micros', 'bigint')
    .addColumn('usd_charged_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_node', 'text')
    .addColumn('nodes_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nodes_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_heartbeat_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('error', 'text')
    .addColumn('temporal_workflow_id', 'text', (c) => c.notNull())
    .addColumn('resumed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retried_from', 'uuid')
    .execute();
  await db.schema.createIndex('runs_account_idx').on('runs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('runs_workflow_idx').on('runs').columns(['account_id', 'workflow_id', 'created_at']).execute();
  await db.schema.createIndex('runs_active_idx').on('runs').columns(['status', 'last_heartbeat_at']).execute();

  await db.schema
    .createTable('run_node_outputs')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('node_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('output', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('usd_charged_micros', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('logs', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tokens_consumed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('run_node_outputs_pk', ['run_id', 'node_id'])
    .execute();

  await db.schema
    .createTable('run_events')
    .addColumn('run_id', 'uuid', (c) => c.notNull().references('runs.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text')
    // `<generation>:<node_id>:<type>`: a retried projection activity never appends an event twice.
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('run_events_pk', ['run_id', 'seq'])
    .addUniqueConstraint('run_events_dedupe_uq', ['run_id', 'dedupe_key'])
    .execute();

  // The hot path of the event log in one statement (one round trip, the run row locked only while
  // it runs): optionally upsert a node's row, then lock the run, append the events not yet present
  // (dedupe_key) with consecutive seqs, bump the run's counters and NOTIFY (delivered on commit).
  await sql`
    create function run_events_append(p_run uuid, p_events jsonb, p_node jsonb, p_run_set jsonb)
    returns jsonb language plpgsql as $$
    declare
      v_last bigint;
      v_event jsonb;
      v_out jsonb := '[]'::jsonb;
      v_completed int := 0;
    begin
      if p_node is not null then
        insert into run_node_outputs as o
          (run_id, node_id, node_type, status, ok, output, usd_charged_micros, error, logs, duration_ms, skipped, attempt, started_at, finished_at)
        select p_run, r.node_id, r.node_type, r.status, r.ok, r.output, r.usd_charged_micros, r.error, r.logs, r.duration_ms, r.skipped, r.attempt, r.started_at, r.finished_at
          from jsonb_populate_record(null::run_node_outputs, p_node) r
        on conflict (run_id, node_id) do update set
          node_type = excluded.node_type, status = excluded.status, ok = excluded.ok, output = excluded.output,
          usd_charged_micros = excluded.usd_charged_micros, error = excluded.error, logs = excluded.logs,
          duration_ms = excluded.duration_ms, skipped = excluded.skipped, attempt = excluded.attempt,
          started_at = excluded.started_at, finished_at = excluded.finished_at;
      end if;
      -- NO KEY UPDATE: the node row's foreign key holds KEY SHARE on this run row; FOR UPDATE would deadlock with it.
      select last_seq into v_last from runs where id = p_run for no key update;
      if not found then
        raise exception 'run % does not exist', p_run;
      end if;
      for v_event in select value from jsonb_array_elements(p_events) loop
        if not exists (select 1 from run_events e where e.run_id = p_run and e.dedupe_key = v_event->>'dedupe_key') then
          v_last := v_last + 1;
          insert into run_events (run_id, seq, type, node_id, dedupe_key, data, created_at)
          values (p_run, v_last, v_event->>'type', v_event->>'node_id', v_event->>'dedupe_key',
                  (v_event->'data') || jsonb_build_object('seq', v_last), clock_timestamp());
          v_out := v_out || jsonb_build_object('seq', v_last, 'type', v_event->>'type', 'dedupe_key', v_event->>'dedupe_key');
          if v_event->>'type' = 'node_completed' then
            v_completed := v_completed + 1;
          end if;
        end if;
      end loop;
      update runs set
        last_seq = v_last,
        last_heartbeat_at = now(),
        nodes_completed = nodes_completed + case when coalesce((p_run_set->>'count_completed')::boolean, false) then v_completed else 0 end,
        current_node = coalesce(p_run_set->>'current_node', current_node),
        status = case when coalesce((p_run_set->>'mark_running')::boolean, false) and status = 'queued' then 'running' else status end,
        started_at = case when coalesce((p_run_set->>'mark_running')::boolean, false) then coalesce(started_at, now()) else started_at end
      where id = p_run;
      if jsonb_array_length(v_out) > 0 then
        perform pg_notify('atelier_run_events', p_run::text);
      end if;
      return v_out;
    end
    $$
  `.execute(db);

  // A run's end in one statement: its status and the run_finished event, once per dedupe key.
  await sql`
    create function run_finish(p_run uuid, p_dedupe text, p_status text, p_error text)
    returns jsonb language plpgsql as $$
    declare
      v_run runs%rowtype;
      v_seq bigint;
      v_now timestamptz := clock_timestamp();
      v_data jsonb;
    begin
      select * into v_run from runs where id = p_run for no key update;
      if not found then
        raise exception 'run % does not exist', p_run;
      end if;
      if exists (select 1 from run_events e where e.run_id = p_run and e.dedupe_key = p_dedupe) then
        return null;
      end if;
      v_seq := v_run.last_seq + 1;
      v_data := jsonb_build_object(
        'status', p_status,
        'total_usd_charged', v_run.usd_charged_micros::numeric / 1000000,
        'duration_ms', floor(extract(epoch from (v_now - coalesce(v_run.started_at, v_run.created_at))) * 1000)::bigint,
        'seq', v_seq);
      insert into run_events (run_id, seq, type, node_id, dedupe_key, data, created_at)
      values (p_run, v_seq, 'run_finished', null, p_dedupe, v_data, v_now);
      update runs set
        last_seq = v_seq, last_heartbeat_at = v_now, status = p_status, error = p_error, finished_at = v_now,
        current_node = null, started_at = coalesce(started_at, v_now)
      where id = p_run;
      perform pg_notify('atelier_run_events', p_run::text);
      return v_data;
    end
    $$
  `.execute(db);

  // The watchdog/reaper's counters and the actions it took (GET /v1/runs/watchdog/status).
  await db.schema
    .createTable('run_watchdog_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('total_scans', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_recovered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_stalled_detected', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_reaped', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_scan_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('run_watchdog_actions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('run_id', 'uuid', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('run_watchdog_actions_account_idx').on('run_watchdog_actions').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('run_watchdog_actions').execute();
  await db.schema.dropTable('run_watchdog_state').execute();
  await sql`drop function if exists run_finish(uuid, text, text, text)`.execute(db);
  await sql`drop function if exists run_events_append(uuid, jsonb, jsonb, jsonb)`.execute(db);
  await db.schema.dropTable('run_events').execute();
  await db.schema.dropTable('run_node_outputs').execute();
  await db.schema.dropTable('runs').execute();
}
