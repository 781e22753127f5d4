import type { ColumnType, Selectable } from 'kysely';

/** Which canary arm (`stable` or `canary`) a run took, and the spec version it ran. */
export interface EngineRunArmsTable {
  run_id: string;
  account_id: string;
  workflow_id: string;
  arm: 'stable' | 'canary';
  version_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type EngineRunArm = Selectable<EngineRunArmsTable>;
