import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({});

/** Starts a workflow run by hand (POST /v1/runs): `main` = the run's input. */
export const triggerManual: NodeDefinition<typeof params> = {
  type: 'trigger.manual',
  version: 1,
  category: 'trigger',
  name: 'Manual trigger',
  description: 'Emits the run input (POST /v1/runs `input`) on `main`.',
  tags: ['trigger', 'start'],
  params,
  inputs: [],
  outputs: [{ name: 'main', description: 'The run input object.' }],
  execution: 'local',
  reads: ['runInput'],
  async execute(ctx) {
    return { output: { main: ctx.runInput ?? {} } };
  },
};
