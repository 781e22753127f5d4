import { z } from 'zod';
import { jsonEqual, type NodeDefinition, passThrough, type PortSpec } from '../../../src/engine/node-sdk';

const params = z.object({
  value: z.unknown().describe('The value compared with each case (templated)'),
  cases: z.array(z.unknown()).max(100).default([]).describe('Case values; each becomes an output port of that name'),
});

/** Routes its input to the port of the first case equal to `value`, else `default`. */
export const logicSwitch: NodeDefinition<typeof params> = {
  type: 'logic.switch',
  version: 1,
  category: 'logic',
  name: 'Switch',
  description: 'Compares `value` with each entry of `cases` (structural equality) and passes its input on `case_<i>` of the first match, or on `default`.',
  tags: ['branch', 'condition'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'case_0', description: 'One port per entry of `cases`: case_0 … case_<n-1>.' },
    { name: 'default', description: 'The input, when no case matches.' },
  ],
  outputsFor(p): PortSpec[] {
    return [...p.cases.map((_, i) => ({ name: `case_${i}` })), { name: 'default' }];
  },
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const index = p.cases.findIndex((c) => jsonEqual(c, p.value));
    return { output: { [index >= 0 ? `case_${index}` : 'default']: passThrough(inputs) } };
  },
};
