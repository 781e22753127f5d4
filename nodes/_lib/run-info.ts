// What started a run, for trigger nodes: the run's trigger type and times come from its `runs` row
// when the executor gives nodes the database (`ctx.services.db`), and are null otherwise.
import type { Database, NodeContext } from '../../src/engine/node-sdk';

export interface RunTriggerInfo {
  type: string | null;
  run_id: string;
  workflow_id: string;
  created_at: string | null;
  sandbox: boolean;
}

export async function runTriggerInfo(ctx: NodeContext): Promise<RunTriggerInfo> {
  const db = (ctx.services as { db?: unknown }).db as Database | undefined;
  let row: { trigger_type: string; created_at: Date } | undefined;
  if (db && typeof (db as { selectFrom?: unknown }).selectFrom === 'function') {
    row = await db.selectFrom('runs').select(['trigger_type', 'created_at']).where('id', '=', ctx.runId).executeTakeFirst().catch(() => undefined);
  }
  return {
    type: row?.trigger_type ?? null,
    run_id: ctx.runId,
    workflow_id: ctx.workflowId,
    created_at: row ? new Date(row.created_at).toISOString() : null,
    sandbox: ctx.sandbox,
  };
}
