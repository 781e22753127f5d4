import type { ColumnType, Generated, Selectable } from 'kysely';

/** A workflow's canary rule; versions are spec content hashes. */
export interface EngineCanaryRulesTable {
  workflow_id: string;
  account_id: string;
  canary_version: string;
  stable_version: string;
  canary_weight_pct: ColumnType<string, number, number>;
  auto_rollback_error_threshold_pct: ColumnType<string | null, number | null, number | null>;
  sticky_sessions: Generated<boolean>;
  is_active: Generated<boolean>;
  rollback_triggered: Generated<boolean>;
  rollback_reason: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineCanaryRule = Selectable<EngineCanaryRulesTable>;
