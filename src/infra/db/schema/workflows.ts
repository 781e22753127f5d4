import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export interface WorkflowsTable {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  tags: JSONColumnType<string[]>;
  active: Generated<boolean>;
  legacy: Generated<boolean>;
  current_version: number;
  /** Highest version number handed out (versions include run overrides). */
  version_count: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Date | null;
}

export type Workflow = Selectable<WorkflowsTable>;
