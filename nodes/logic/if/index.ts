import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../../src/engine/node-sdk';
import { compare, IF_OPERATORS } from './workflow';

export { compare, IF_OPERATORS, type IfOperator } from './workflow';

const params = z.object({
  left: z.unknown().describe('Left operand (templated)'),
  operator: z.enum(IF_OPERATORS).default('eq').describe('Comparison to apply'),
  right: z.unknown().optional().describe('Right operand (templated)'),
});

/** Routes its input to `true` or `false`. */
export const logicIf: NodeDefinition<typeof params> = {
  type: 'logic.if',
  version: 1,
  category: 'logic',
  name: 'If',
  description: 'Compares `left` with `right` using `operator` and passes its input on port `true` or `false`; the other port is not emitted, so its branch is skipped.',
  tags: ['branch', 'condition'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'true', description: 'The input, when the condition holds.' },
    { name: 'false', description: 'The input, when it does not.' },
  ],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const result = compare(p.left, p.operator, p.right);
    return { output: { [result ? 'true' : 'false']: passThrough(inputs) } };
  },
};
