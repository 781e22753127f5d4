// What the operator commands (admin-key, account:delete) share: the server's own database, and
// the exit status a command's main function answers.
import { join } from 'node:path';
import { ConfigError, type Config } from '../src/config';
import { createDb, type Database } from '../src/infra/db/index';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/infra/db/postgres';

/**
 * Runs `fn` on the database the server uses: DATABASE_URL, or the embedded PostgreSQL under
 * $ATELIER_DATA_DIR/pg, started for the moment if the server is not running. Closes both after.
 */
export async function withServerDatabase<T>(config: Config, fn: (db: Database) => Promise<T>, opts: { max?: number } = {}): Promise<T> {
  let pg: RunningPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    pg = await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'pg'), port: config.embeddedPgPort });
    url = pg.url;
  }
  const db = createDb(url, { max: opts.max ?? 1, connectRetryMs: 0 });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
    await pg?.stop();
  }
}

/** Exits with the code `main` answers; an error prints its message and exits 1. */
export function exitWith(main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
