// `npm run -s db:migrate`: brings DATABASE_URL's schema to this release and exits (what the Helm
// chart's migration Job runs before API and workers roll). Every process also migrates at
// start-up under the migrator's lock, so running this first is about failing early: a migration
// that cannot apply stops the upgrade before any pod of the new release takes traffic.
import { ConfigError, loadConfig } from '../src/config';
import { createDb } from '../src/infra/db/index';
import { migrateToLatest } from '../src/infra/db/migrate';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('DATABASE_URL is not set (the embedded PostgreSQL migrates when the server starts).');
    return 2;
  }
  const db = createDb(config.databaseUrl, { max: 1 });
  try {
    const result = await migrateToLatest(db);
    const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'schema already up to date');
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
