import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema/index';

export type { DB } from './schema/index';
export type Database = Kysely<DB>;

// int8 columns hold micro-USD amounts and counters well inside 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection (Postgres restart) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(connectionString: string, options: { max?: number } = {}): Database {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPool(connectionString, options.max) }) });
}

/** Postgres' unique_violation, the one place a duplicate becomes a conflict. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
