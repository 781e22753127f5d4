import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../../src/engine/node-sdk';

const params = z.object({
  note: z.string().max(2000).default('').describe('A comment shown in the editor; no effect on the run.'),
});

export const logicNoop: NodeDefinition<typeof params> = {
  type: 'logic.noop',
  version: 1,
  category: 'logic',
  subcategory: 'flow',
  name: 'No operation',
  description: 'Does nothing and passes its input on (the single upstream value, or the inputs keyed by source id): a junction or placeholder in a graph.',
  tags: ['flow', 'placeholder', 'passthrough'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The input, unchanged.' }],
  execution: 'local',
  async execute(_ctx, { inputs }) {
    return { output: { main: passThrough(inputs) } };
  },
};
