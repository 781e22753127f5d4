import type { ColumnType, Generated } from 'kysely';

export interface RunWatchdogActionsTable {
  id: Generated<number>;
  run_id: string;
  account_id: string;
  action: string;
  reason: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
