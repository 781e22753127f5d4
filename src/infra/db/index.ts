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

export function createDb(connectionString: string, options: { max?: number; connectRetryMs?: number } = {}): Database {
  const pool = createPool(connectionString, options.max);
  const retryMs = options.connectRetryMs ?? CONNECT_RETRY_MS;
  let ending = false;
  // A Postgres restart or failover makes new connections fail for a few seconds; waiting for it
  // here (no statement has been sent yet, so this is always safe) turns a blip into latency
  // instead of failed requests, activities and runs.
  return new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: {
        connect: () => connectWithRetry(pool, () => (ending ? 0 : retryMs)),
        end: () => {
          ending = true;
          return pool.end();
        },
      },
    }),
  });
}

/** How long a new connection waits for Postgres to come back (restart, failover) before failing. */
export const CONNECT_RETRY_MS = 30_000;

/** Errors that mean "Postgres is not reachable right now", as opposed to bad credentials or a missing database. */
export function isTransientConnectError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'].includes(e.code)) {
    return true;
  }
  return /Connection terminated|timeout expired/i.test(e.message ?? '');
}

const ignore = () => undefined;

async function connectWithRetry(pool: pg.Pool, retryMs: () => number): Promise<pg.PoolClient> {
  const started = Date.now();
  let delay = 100;
  for (;;) {
    try {
      const client = await pool.connect();
      // A checked-out client has no 'error' listener of the pool's: if Postgres ends its session
      // (restart, shutdown) the error must fail its query, not crash the process.
      if (!client.listeners('error').includes(ignore)) client.on('error', ignore);
      return client;
    } catch (err) {
      // No waiting once the database is being closed (shutdown).
      if (!isTransientConnectError(err) || Date.now() + delay > started + retryMs()) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 1000);
    }
  }
}

/** Postgres' unique_violation, the one place a duplicate becomes a conflict. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A row still referenced elsewhere (or a reference to a row that is gone): Postgres 23503. */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '23503';
}
