import type { ColumnType, Generated, Selectable } from 'kysely';

/** A workflow's rate policy; null limits are unlimited. */
export interface EngineRatePoliciesTable {
  workflow_id: string;
  account_id: string;
  max_concurrent_runs: number | null;
  requests_per_minute: number | null;
  burst_allowance: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineRatePolicy = Selectable<EngineRatePoliciesTable>;
