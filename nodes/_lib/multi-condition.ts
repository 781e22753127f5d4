// logic.if_all and logic.if_any: one definition, AND or OR over the same conditions.
import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../src/engine/node-sdk';
import { conditionSchema, test } from './conditions';
import { valueFrom } from './items';

export function multiConditionNode(mode: 'all' | 'any') {
  const params = z.object({
    value: z.unknown().optional().describe('The value the conditions test (their `field` paths read inside it); defaults to the upstream value.'),
    conditions: z.array(conditionSchema).min(1).max(50).describe(mode === 'all' ? 'The conditions; every one must hold for `true`.' : 'The conditions; at least one must hold for `true`.'),
  });
  const definition: NodeDefinition<typeof params> = {
    type: `logic.if_${mode}`,
    version: 1,
    category: 'logic',
    subcategory: 'branch',
    name: mode === 'all' ? 'If all' : 'If any',
    description: `Tests several conditions (${mode === 'all' ? 'AND: all' : 'OR: any'} of them) against a value and passes the input on \`true\` or \`false\`; the other branch is skipped.`,
    tags: ['branch', 'condition', mode === 'all' ? 'and' : 'or'],
    params,
    inputs: [{ name: 'main' }],
    outputs: [{ name: 'true', description: 'The input, when the conditions hold.' }, { name: 'false', description: 'The input, otherwise.' }],
    execution: 'local',
    async execute(_ctx, { params: p, inputs }) {
      const value = valueFrom(p.value, inputs);
      const holds = (c: (typeof p.conditions)[number]) => test(value, c);
      const ok = mode === 'all' ? p.conditions.every(holds) : p.conditions.some(holds);
      return { output: { [ok ? 'true' : 'false']: passThrough(inputs) } };
    },
  };
  return definition;
}
