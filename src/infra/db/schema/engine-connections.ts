import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A stored credential (connection); the secret is sealed and never returned. */
export interface EngineConnectionsTable {
  id: string;
  account_id: string;
  provider: string;
  name: string;
  secret_sealed: string;
  metadata: JSONColumnType<Record<string, unknown>>;
  last_tested_at: Date | null;
  last_test_valid: boolean | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineConnection = Selectable<EngineConnectionsTable>;
