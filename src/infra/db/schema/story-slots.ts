import type { ColumnType } from 'kysely';

export interface StorySlotsTable {
  operation_id: string;
  account_id: string;
  story_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
