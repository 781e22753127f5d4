import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A workflow's embeddable widget config. */
export interface EngineWidgetsTable {
  workflow_id: string;
  account_id: string;
  config: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineWidget = Selectable<EngineWidgetsTable>;
