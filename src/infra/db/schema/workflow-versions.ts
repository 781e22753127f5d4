import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

export type WorkflowVersionOrigin = 'edit' | 'run_override';

export interface WorkflowVersionsTable {
  account_id: string;
  workflow_id: string;
  version: number;
  hash: string;
  /** The normalised WorkflowSpec (defaults applied). */
  spec: JSONColumnType<Record<string, unknown>>;
  origin: Generated<WorkflowVersionOrigin>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type WorkflowVersion = Selectable<WorkflowVersionsTable>;
