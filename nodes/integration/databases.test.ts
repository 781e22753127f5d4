// PostgreSQL, MariaDB and Redis nodes against the real local servers (loopback; the harness allows
// private networks the way ATELIER_ALLOW_PRIVATE_NETWORK=1 does).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNode } from '../index';
import { credentialsFor, harness, main, run, undescribedParams } from '../_lib/harness';

const suffix = randomBytes(4).toString('hex');
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgCred = { connection_string: pgUrl };
const myCred = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };

describe.each([
  ['postgres', pgCred, `nodes_pg_${suffix}`, 'id serial primary key, email text unique not null, name text, meta jsonb'],
  ['mysql', myCred, `nodes_my_${suffix}`, 'id int auto_increment primary key, email varchar(200) unique not null, name text, meta json'],
] as const)('integration.%s_*', (dialect, cred, table, columns) => {
  const p = (extra: Record<string, unknown>) => ({ ...extra, credential: cred });
  beforeAll(async () => {
    await main(`integration.${dialect}_query`, p({ sql: `create table ${table} (${columns})` }));
  });
  afterAll(async () => {
    await main(`integration.${dialect}_query`, p({ sql: `drop table if exists ${table}` }));
  });

  it('inserts rows from upstream, upserts, queries with bound params, updates and deletes', async () => {
    const ins = (await main(`integration.${dialect}_insert`, p({ table }), { up: [{ email: 'a@x', name: 'A', meta: { vip: true } }, { email: 'b@x', name: "B'; drop table x; --" }] })) as Record<string, unknown>;
    expect(ins).toMatchObject({ row_count: 2 });
    if (dialect === 'postgres') expect((ins.rows as { email: string }[]).map((r) => r.email)).toEqual(['a@x', 'b@x']);
    const dup = await main(`integration.${dialect}_insert`, p({ table, rows: [{ email: 'a@x', name: 'A2' }], on_conflict: 'ignore', ...(dialect === 'postgres' ? { conflict_columns: ['email'] } : {}) })) as { row_count: number };
    expect(dup.row_count).toBe(0);
    await main(`integration.${dialect}_insert`, p({ table, rows: [{ email: 'a@x', name: 'A3' }], on_conflict: 'update', conflict_columns: ['email'] }));
    const q = (await main(`integration.${dialect}_query`, p({ sql: `select email, name from ${table} where email in (${dialect === 'postgres' ? '$1, $2' : '?, ?'}) order by email`, params: ['a@x', 'b@x'] }))) as { rows: unknown[]; fields: string[] };
    expect(q.rows).toEqual([{ email: 'a@x', name: 'A3' }, { email: 'b@x', name: "B'; drop table x; --" }]);
    expect(q.fields).toEqual(['email', 'name']);
    const up = (await main(`integration.${dialect}_update`, p({ table, set: { name: 'Bee' }, where: { email: ['b@x', 'zz'] } }))) as { row_count: number };
    expect(up.row_count).toBe(1);
    const del = (await main(`integration.${dialect}_delete`, p({ table, where: { name: 'Bee' } }))) as { row_count: number };
    expect(del.row_count).toBe(1);
    const left = (await main(`integration.${dialect}_query`, p({ sql: `select count(*) as n from ${table}` }))) as { rows: { n: unknown }[] };
    expect(Number(left.rows[0]!.n)).toBe(1);
  });

  it('reads the connection from the credentials slot, fails clearly and never leaks the password', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ [dialect]: { secret: 'wrong-pass-123', metadata: { host: '127.0.0.1', port: dialect === 'postgres' ? 5432 : 3306, database: dialect === 'postgres' ? 'postgres' : 'test', user: 'atelier_nobody' } } }) } });
    const err = (await main(`integration.${dialect}_query`, { sql: 'select 1' }, {}, h).catch((e: unknown) => e)) as Error & { type: string };
    expect(err).toMatchObject({ name: 'NodeError', type: 'sql_error' });
    expect(err.message).not.toContain('wrong-pass-123');
    await expect(main(`integration.${dialect}_query`, p({ sql: 'select * from no_such_table_here' }))).rejects.toMatchObject({ type: 'sql_error', retryable: false });
    await expect(main(`integration.${dialect}_delete`, p({ table: 'x; drop', where: { a: 1 } }))).rejects.toMatchObject({ type: 'invalid_params' });
    await expect(main(`integration.${dialect}_query`, { sql: 'select 1' })).rejects.toMatchObject({ type: 'missing_credential' });
    expect(() => getNode(`integration.${dialect}_delete`)!.params.parse(p({ table, where: {} }))).toThrow(/at least one condition/);
  });

  it('refuses loopback hosts unless the deployment allows private networks', async () => {
    const h = harness({ capabilities: { allowPrivateNetwork: false } });
    await expect(main(`integration.${dialect}_query`, p({ sql: 'select 1' }), {}, h)).rejects.toMatchObject({ type: 'blocked_address' });
  });
});

describe('integration.redis_*', () => {
  const cred = { url: 'redis://127.0.0.1:6379/0' };
  const k = (name: string) => `atelier-test:${suffix}:${name}`;
  const p = (extra: Record<string, unknown>) => ({ ...extra, credential: cred });

  it('set / get / incr / delete with TTL and NX', async () => {
    expect(await main('integration.redis_set', p({ key: k('a'), value: { n: 1 }, ttl_s: 60 }))).toEqual({ key: k('a'), written: true });
    expect(await main('integration.redis_set', p({ key: k('a'), value: 'other', mode: 'if_absent' }))).toEqual({ key: k('a'), written: false });
    const got = (await main('integration.redis_get', p({ key: k('a') }))) as Record<string, unknown>;
    expect(got).toMatchObject({ value: { n: 1 }, exists: true });
    expect(got.ttl_s).toBeGreaterThan(50);
    expect(await main('integration.redis_get', p({ key: k('none') }))).toEqual({ key: k('none'), value: null, exists: false, ttl_s: null });
    expect(await main('integration.redis_incr', p({ key: k('c'), by: 5, ttl_s: 30 }))).toEqual({ key: k('c'), value: 5 });
    expect(await main('integration.redis_incr', p({ key: k('c'), by: -2 }))).toEqual({ key: k('c'), value: 3 });
    expect(await main('integration.redis_delete', p({ keys: [k('a'), k('c'), k('none')] }))).toEqual({ deleted: 2 });
  });

  it('list push / pop as a queue, with an empty port', async () => {
    expect(await main('integration.redis_list_push', p({ key: k('q'), values: [{ job: 1 }, 'two', 3], max_length: 10 }))).toEqual({ key: k('q'), length: 3 });
    expect(await main('integration.redis_list_pop', p({ key: k('q'), count: 2 }))).toEqual({ key: k('q'), values: [{ job: 1 }, 'two'], remaining: 1 });
    expect(await main('integration.redis_list_pop', p({ key: k('q'), side: 'right' }))).toEqual({ key: k('q'), values: [3], remaining: 0 });
    expect((await run('integration.redis_list_pop', p({ key: k('q') }))).output).toEqual({ empty: { key: k('q') } });
  });

  it('publishes to subscribers', async () => {
    const { Redis } = await import('ioredis');
    const sub = new Redis('redis://127.0.0.1:6379');
    try {
      const got = new Promise<string>((resolve) => sub.on('message', (_c, m: string) => resolve(m)));
      await sub.subscribe(k('ch'));
      expect(await main('integration.redis_publish', p({ channel: k('ch'), message: { hi: 1 } }))).toEqual({ channel: k('ch'), receivers: 1 });
      expect(JSON.parse(await got)).toEqual({ hi: 1 });
    } finally {
      sub.disconnect();
    }
  });

  it('fails clearly when the server is not there', async () => {
    await expect(main('integration.redis_get', { key: 'x', credential: { url: 'redis://127.0.0.1:1/0' } })).rejects.toMatchObject({ type: 'redis_error', retryable: true });
  });
});

describe('database and cache nodes', () => {
  it('describe every param', () => {
    for (const t of ['postgres', 'mysql'].flatMap((d) => ['query', 'insert', 'update', 'delete'].map((o) => `integration.${d}_${o}`))
      .concat(['get', 'set', 'incr', 'delete', 'publish', 'list_push', 'list_pop'].map((o) => `integration.redis_${o}`))) expect(undescribedParams(t), t).toEqual([]);
  });
});
