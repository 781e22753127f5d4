import type { ColumnType, Generated, Selectable } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Updated = ColumnType<Date, Date | undefined, Date>;

/** Routing rule. */
export interface OutputRulesTable {
  id: string;
  account_id: string;
  key_id: string;
  model_pattern: string;
  destination_id: string;
  path_template: string | null;
  priority: Generated<number>;
  created_at: Created;
  updated_at: Updated;
}

export type OutputRule = Selectable<OutputRulesTable>;
