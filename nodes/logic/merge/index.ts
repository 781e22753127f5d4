import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  /** `all`: waits for every incoming branch; `any`: runs once any branch delivered (the executor decides when it starts). */
  mode: z.enum(['all', 'any']).default('all').describe('How inputs are combined'),
});

/** Joins branches: `main` = its inputs keyed by source node id. */
export const logicMerge: NodeDefinition<typeof params> = {
  type: 'logic.merge',
  version: 1,
  category: 'logic',
  name: 'Merge',
  description: 'Joins branches; `main` is an object of the values that arrived, keyed by source node id. Mode `all` needs every incoming branch, `any` at least one.',
  tags: ['join'],
  params,
  inputs: [{ name: 'main', description: 'Any number of incoming edges.' }],
  outputs: [{ name: 'main', description: '{source_node_id: value}' }],
  execution: 'local',
  async execute(_ctx, { inputs }) {
    return { output: { main: { ...inputs } } };
  },
};
