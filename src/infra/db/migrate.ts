import { Migrator, type MigrationResultSet } from 'kysely';
import type { Database } from './index';
import { migrations } from './migrations/index';

export async function migrateToLatest(db: Database): Promise<MigrationResultSet> {
  // Capabilities add independent migrations in parallel; one released after another with an
  // earlier timestamp must still run on databases that already have the later one.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
