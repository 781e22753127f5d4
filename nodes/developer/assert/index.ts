import { z } from 'zod';
import { type NodeDefinition, NodeError, passThrough } from '../../../src/engine/node-sdk';
import { conditionSchema, test } from '../../_lib/conditions';
import { getPath, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('The value the assertions test; defaults to the upstream value.'),
  assertions: z.array(conditionSchema.extend({ message: z.string().max(500).optional().describe('Message when this assertion fails.') })).min(1).max(50).describe('Conditions that must all hold.'),
});

export const developerAssert: NodeDefinition<typeof params> = {
  type: 'developer.assert',
  version: 1,
  category: 'developer',
  subcategory: 'validation',
  name: 'Assert',
  description: 'Checks assertions about a value and fails the run (not retried) listing every failed one with the actual value; passes its input on when all hold. For contracts between steps and workflow tests.',
  tags: ['assert', 'test', 'validation', 'contract'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The input, when every assertion holds.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    const failed = p.assertions.filter((a) => !test(value, a)).map((a) =>
      a.message ?? `expected ${a.field || 'value'} ${a.operator}${a.value !== undefined ? ` ${JSON.stringify(a.value)}` : ''}, got ${JSON.stringify(getPath(value, a.field)) ?? 'undefined'}`);
    if (failed.length) throw new NodeError(`assertion failed: ${failed.join('; ')}`, { type: 'assertion_failed' });
    return { output: { main: passThrough(inputs) } };
  },
};
