// The process's one LISTEN connection (src/infra/db/listener.ts), against the real Postgres: many
// channels on one backend, the barrier, reconnect after Postgres drops the connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, PgListener } from '../../src/infra/db/listener';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/postgres';
import { createLogger } from '../../src/infra/logging/logger';

let database: ScratchDatabase;
let admin: pg.Client;
let listener: PgListener;

beforeAll(async () => {
  database = await createScratchDatabase(inject('pgAdminUrl'), 'atelier_listener');
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  listener = new PgListener(database.url, createLogger('silent'));
  await listener.start();
});
afterAll(async () => {
  await listener?.stop();
  await admin?.end();
  await database?.drop();
});

async function listenerBackends(): Promise<number[]> {
  const r = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1 order by pid',
    [LISTENER_APPLICATION_NAME],
  );
  return r.rows.map((row) => row.pid);
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('PgListener', () => {
  it('listens on several channels over one connection; the barrier comes back after what was committed before it', async () => {
    const heard: string[] = [];
    const a1 = await listener.subscribe('test_a', { notify: (p) => heard.push(`a1:${p}`) });
    const a2 = await listener.subscribe('test_a', { notify: (p) => heard.push(`a2:${p}`) });
    const b = await listener.subscribe('test_b', { notify: (p) => heard.push(`b:${p}`) });
    expect([a1.listening, a2.listening, b.listening]).toEqual([true, true, true]);
    expect(await listenerBackends()).toEqual([listener.backendPid]);

    await admin.query(`select pg_notify('test_a', 'one'), pg_notify('test_b', 'two'), pg_notify('test_other', 'x')`);
    expect(await listener.barrier()).toBe(true);
    expect(heard.sort()).toEqual(['a1:one', 'a2:one', 'b:two']);

    // Unsubscribing one handler leaves the channel's others; the last one UNLISTENs.
    heard.length = 0;
    await a1.unsubscribe();
    expect(a1.listening).toBe(false);
    await admin.query(`select pg_notify('test_a', 'three')`);
    expect(await listener.barrier()).toBe(true);
    expect(heard).toEqual(['a2:three']);
    await a2.unsubscribe();
    await b.unsubscribe();
    await admin.query(`select pg_notify('test_a', 'four'), pg_notify('test_b', 'five')`);
    expect(await listener.barrier()).toBe(true);
    expect(heard).toEqual(['a2:three']);
    expect(await listenerBackends()).toEqual([listener.backendPid]);
  });

  it('many concurrent barriers share round trips, and all resolve after the earlier commit', async () => {
    const heard: string[] = [];
    const s = await listener.subscribe('test_c', { notify: (p) => heard.push(p) });
    await admin.query(`select pg_notify('test_c', 'before')`);
    const results = await Promise.all(Array.from({ length: 50 }, () => listener.barrier().then((ok) => ok && heard.includes('before'))));
    expect(results.every(Boolean)).toBe(true);
    await s.unsubscribe();
  });

  it('reconnects after Postgres drops the connection, re-listens every channel and tells each subscriber', async () => {
    const events: string[] = [];
    const subs = await Promise.all(
      ['test_d', 'test_e'].map((channel) =>
        listener.subscribe(channel, {
          notify: (p) => events.push(`${channel}:${p}`),
          onReconnect: () => events.push(`${channel}:reconnect`),
          onDisconnect: () => events.push(`${channel}:disconnect`),
        }),
      ),
    );
    // Subscribing while connected counts as (re)connecting: the subscriber starts from a clean slate.
    expect(events.sort()).toEqual(['test_d:reconnect', 'test_e:reconnect']);
    events.length = 0;
    const before = listener.backendPid!;
    await admin.query('select pg_terminate_backend($1)', [before]);
    await waitFor('the listener to notice', () => !listener.connected);
    expect(subs.map((s) => s.listening)).toEqual([false, false]);
    expect(await listener.barrier()).toBe(false);
    await waitFor('the listener to reconnect', () => subs.every((s) => s.listening));
    expect(events.sort()).toEqual(['test_d:disconnect', 'test_d:reconnect', 'test_e:disconnect', 'test_e:reconnect']);
    expect(listener.backendPid).not.toBe(before);
    expect(await listenerBackends()).toEqual([listener.backendPid]);

    events.length = 0;
    await admin.query(`select pg_notify('test_d', 'again'), pg_notify('test_e', 'again')`);
    expect(await listener.barrier()).toBe(true);
    expect(events.sort()).toEqual(['test_d:again', 'test_e:again']);
    for (const s of subs) await s.unsubscribe();
  });

  it('stop closes the connection', async () => {
    const other = new PgListener(database.url, createLogger('silent'));
    await other.start();
    const sub = await other.subscribe('test_g', { notify: () => undefined });
    expect((await listenerBackends()).length).toBe(2);
    await other.stop();
    expect(sub.listening).toBe(false);
    expect(await other.barrier()).toBe(false);
    await waitFor('the backend to go', async () => (await listenerBackends()).length === 1);
  });
});
