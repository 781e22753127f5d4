import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

export type DataPointType = 'string' | 'number' | 'boolean' | 'enum';

/** What a finished run is scored on (analytics criterion). */
export interface AnalyticsCriteriaTable {
  id: string;
  account_id: string;
  workflow_id: string;
  name: string;
  description: string;
  weight: number;
  llm_prompt: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type AnalyticsCriterion = Selectable<AnalyticsCriteriaTable>;

/** A typed value extracted from each finished run (data point). */
export interface AnalyticsDataPointsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  name: string;
  data_type: DataPointType;
  description: string;
  enum_values: JSONColumnType<string[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type AnalyticsDataPoint = Selectable<AnalyticsDataPointsTable>;

/** One analysis per run (run-analysis row). */
export interface RunAnalysesTable {
  id: string;
  account_id: string;
  workflow_id: string;
  run_id: string;
  status: 'completed' | 'failed';
  scores: JSONColumnType<Record<string, number | null>>;
  composite_score: number | null;
  data_points: JSONColumnType<Record<string, string | number | boolean | null>>;
  /** Fields the model answered with something that did not validate (they are null above). */
  errors: JSONColumnType<string[]>;
  model: string | null;
  cost_micros: number;
  error: string | null;
  analyzed_at: ColumnType<Date, Date | undefined, never>;
}
export type RunAnalysis = Selectable<RunAnalysesTable>;
