// Hot statements go to Postgres as named prepared statements (src/infra/db/index.ts `prepared`):
// parsed once per connection. A schema change under one falls back to sending it unnamed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, prepared, preparedStatements, type Database } from '../../src/infra/db/index';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/postgres';

let scratch: ScratchDatabase;
let db: Database;
beforeAll(async () => {
  scratch = await createScratchDatabase(inject('pgAdminUrl'), 'atelier_prep');
  // One connection, so every statement below runs on the session pg_prepared_statements shows.
  db = createDb(scratch.url, { max: 1 });
  await sql`create table things (id int primary key, name text not null)`.execute(db);
  await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  await scratch?.drop();
});

const named = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

describe('prepared statements', () => {
  it('sends a registered statement named, parsed once per connection, and others unnamed', async () => {
    const byId = prepared(db.selectFrom('things' as never).selectAll().where('id' as never, '=', 1 as never).compile());
    for (const id of [1, 2, 1]) {
      const rows = (await db.executeQuery({ ...byId, parameters: [id] })).rows as Array<{ id: number; name: string }>;
      expect(rows).toEqual([{ id, name: id === 1 ? 'one' : 'two' }]);
    }
    const mine = (await named()).filter((s) => s.statement === byId.sql);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^atelier_\d+$/);
    // A statement nobody registered stays unnamed.
    await sql`select name from things where id = ${2}`.execute(db);
    expect((await named()).some((s) => s.statement.includes('select name from things'))).toBe(false);
  });

  it('after a migration changes what it returns, the statement answers with the new columns, unnamed from then on', async () => {
    const all = prepared(db.selectFrom('things' as never).selectAll().where('id' as never, '=', 0 as never).orderBy('id' as never).compile());
    expect((await db.executeQuery({ ...all, parameters: [2] })).rows).toEqual([{ id: 2, name: 'two' }]);
    await sql`alter table things add column colour text not null default 'red'`.execute(db);
    expect((await db.executeQuery({ ...all, parameters: [2] })).rows).toEqual([{ id: 2, name: 'two', colour: 'red' }]);
    // Registered again (as every call of a hot statement does), it is not named again.
    expect((await db.executeQuery({ ...prepared(all), parameters: [1] })).rows).toEqual([{ id: 1, name: 'one', colour: 'red' }]);
  });

  it('a session that lost its prepared statements (a pooler, DISCARD ALL) gets the statement unnamed from then on', async () => {
    const byName = prepared(db.selectFrom('things' as never).select('id' as never).where('name' as never, '=', '' as never).orderBy('id' as never).compile());
    expect((await db.executeQuery({ ...byName, parameters: ['two'] })).rows).toEqual([{ id: 2 }]);
    expect((await named()).some((s) => s.statement === byName.sql)).toBe(true);
    // The client still takes it as parsed on this connection; the server has forgotten it.
    await sql`deallocate all`.execute(db);
    expect((await db.executeQuery({ ...byName, parameters: ['one'] })).rows).toEqual([{ id: 1 }]);
    expect((await db.executeQuery({ ...prepared(byName), parameters: ['two'] })).rows).toEqual([{ id: 2 }]);
    expect((await named()).some((s) => s.statement === byName.sql)).toBe(false);
  });

  it('ATELIER_DB_PREPARED=0 (the switch) sends registered statements unnamed', async () => {
    await sql`deallocate all`.execute(db);
    const byName = prepared(db.selectFrom('things' as never).select('name' as never).where('id' as never, '>', 0 as never).compile());
    preparedStatements.enabled = false;
    try {
      expect((await db.executeQuery({ ...byName, parameters: [1] })).rows).toEqual([{ name: 'two' }]);
      expect(await named()).toEqual([]);
    } finally {
      preparedStatements.enabled = true;
    }
  });
});
