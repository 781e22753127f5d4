import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

/** A workflow exposed to agents as a tool (/v1/tools/workflow). */
export interface EngineWorkflowToolsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  /** The tool's name, unique per account; agents list it as `workflow:<tool_id>`. */
  tool_id: string;
  category: string;
  active: boolean;
  config: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type EngineWorkflowTool = Selectable<EngineWorkflowToolsTable>;
