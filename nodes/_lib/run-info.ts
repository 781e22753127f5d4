// What started a run, for trigger nodes: the run's trigger type and start time, as the run's record
// holds them (`ctx.runs.trigger()`); null where the context offers no runs (tests, connection tests).
import type { NodeContext } from '../../src/engine/node-sdk';

export interface RunTriggerInfo {
  type: string | null;
  run_id: string;
  workflow_id: string;
  created_at: string | null;
  sandbox: boolean;
}

export async function runTriggerInfo(ctx: NodeContext): Promise<RunTriggerInfo> {
  const started = await ctx.runs?.trigger().catch(() => undefined);
  return {
    type: started?.type ?? null,
    run_id: ctx.runId,
    workflow_id: ctx.workflowId,
    created_at: started ? started.createdAt.toISOString() : null,
    sandbox: ctx.sandbox,
  };
}
