import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { runTriggerInfo } from '../../_lib/run-info';

const params = z.object({
  include_input: z.boolean().default(false).describe('Also emit the run input as `input`.'),
});

export const systemRunMetadata: NodeDefinition<typeof params> = {
  type: 'system.run_metadata',
  version: 1,
  category: 'system',
  subcategory: 'run',
  name: 'Run metadata',
  description: 'Facts about the current run for logging, naming files or idempotency keys: `main` = {run_id, workflow_id, node_id, attempt, sandbox, trigger_type, created_at, now, variables (names only), input?}.',
  tags: ['run', 'metadata', 'context'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{run_id, workflow_id, node_id, attempt, sandbox, trigger_type, created_at, now, variables}' }],
  execution: 'local',
  reads: ['runInput', 'variables'],
  async execute(ctx, { params: p }) {
    const info = await runTriggerInfo(ctx);
    return {
      output: {
        main: {
          run_id: ctx.runId, workflow_id: ctx.workflowId, node_id: ctx.nodeId, attempt: ctx.attempt, sandbox: ctx.sandbox,
          trigger_type: info.type, created_at: info.created_at, now: new Date().toISOString(), variables: Object.keys(ctx.variables).sort(),
          ...(p.include_input ? { input: ctx.runInput ?? {} } : {}),
        },
      },
    };
  },
};
