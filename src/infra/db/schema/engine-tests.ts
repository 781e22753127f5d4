import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

export interface TestAssertion {
  path: string;
  operator: string;
  value?: unknown;
}

/** A workflow test: an input and assertions over the run's node outputs. */
export interface EngineTestsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  name: string;
  kind: string;
  input: JSONColumnType<Record<string, unknown>>;
  assertions: JSONColumnType<TestAssertion[]>;
  last_result: string | null;
  last_run_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type EngineTest = Selectable<EngineTestsTable>;
