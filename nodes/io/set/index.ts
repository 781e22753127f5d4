import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  values: z.record(z.string(), z.unknown()).default({}).describe('Keys and values the node outputs (templated)'),
});

/** Builds an object from (templated) values. */
export const ioSet: NodeDefinition<typeof params> = {
  type: 'io.set',
  version: 1,
  category: 'io',
  name: 'Set values',
  description: 'Emits `values` (after template resolution) on `main`.',
  tags: ['data', 'transform'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The resolved `values` object.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    return { output: { main: p.values } };
  },
};
