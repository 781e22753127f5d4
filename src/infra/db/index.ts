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

/**
 * Hot statements sent as named prepared statements: Postgres parses and plans a statement sent
 * without a name on every call, which for the run path's statements (the run's start, its events,
 * its end) cost more server time than executing them (0.1-0.3 ms each to parse, 0.1-0.35 ms to
 * bind, against 0.05-1 ms to run). Named, each is parsed once per connection, and its plan is kept
 * (Postgres switches to a generic plan after five executions when that plan is no worse).
 * Only statements registered here are named (see `prepared`): their text is fixed, with the values
 * as parameters, so each connection holds a handful of them. ATELIER_DB_PREPARED=0 turns it off
 * (for a pooler in transaction mode that does not track prepared statements).
 *
 * Two refusals retire a statement's name for good (sent unnamed from then on) and retry the call
 * once (inside a transaction the retry fails as the statement would have): a migration that changes
 * the columns it returns (`select *`, `returning *`) while this process runs — another version
 * migrating during a rolling deploy — ("cached plan must not change result type", 0A000), and a
 * session that lost its prepared statements under the client (a pooler handing it another server
 * connection, `DISCARD ALL`: "prepared statement … does not exist", 26000).
 */
const preparedNames = new Map<string, string>();
/** Texts whose prepared statement Postgres refused after a schema change: never named again. */
const retiredTexts = new Set<string>();
let preparedCount = 0;

/** Switch for benches (A/B) and for poolers that cannot hold prepared statements. */
export const preparedStatements = { enabled: process.env.ATELIER_DB_PREPARED !== '0' };

/** Sends the statement with this exact text as a named prepared statement from now on (idempotent). */
export function prepared<T extends { sql: string }>(compiled: T): T {
  if (!preparedNames.has(compiled.sql) && !retiredTexts.has(compiled.sql)) preparedNames.set(compiled.sql, `atelier_${(preparedCount += 1)}`);
  return compiled;
}

const withNames = Symbol('atelier.preparedStatements');

/** Postgres' refusals of a prepared statement that sending it unnamed cures. */
function preparedStatementRefused(err: unknown): boolean {
  const code = (err as { code?: string } | undefined)?.code;
  return (code === '0A000' && /cached plan/.test((err as Error).message)) || code === '26000';
}

/** The client's `query` names registered statements (kysely calls it with the text and a values array, no callback). */
function namePreparedStatements(client: pg.PoolClient): void {
  const c = client as pg.PoolClient & { [withNames]?: true };
  if (c[withNames]) return;
  c[withNames] = true;
  const query = client.query;
  client.query = function namedWhenPrepared(this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) && preparedStatements.enabled ? preparedNames.get(text) : undefined;
    const plain = () => (query as (...a: unknown[]) => unknown).apply(this, args);
    if (!name) return plain();
    return (query as (config: pg.QueryConfig) => Promise<unknown>).call(this, { name, text: text as string, values: values as unknown[] }).catch((err: unknown) => {
      if (!preparedStatementRefused(err)) throw err;
      if (preparedNames.get(text as string) === name) {
        preparedNames.delete(text as string);
        retiredTexts.add(text as string);
      }
      return plain();
    });
  } as typeof client.query;
}

async function connectWithRetry(pool: pg.Pool, retryMs: () => number): Promise<pg.PoolClient> {
  const started = Date.now();
  let delay = 100;
  for (;;) {
    try {
      const client = await pool.connect();
      // A checked-out client has no 'error' listener of the pool's: if Postgres ends its session
      // (restart, shutdown) the error must fail its query, not crash the process.
      if (!client.listeners('error').includes(ignore)) client.on('error', ignore);
      namePreparedStatements(client);
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
