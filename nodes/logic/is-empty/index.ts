import { z } from 'zod';
import { type NodeDefinition, passThrough } from '../../../src/engine/node-sdk';
import { compare } from '../../_lib/conditions';
import { valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('The value to test; defaults to the upstream value. Empty: missing, null, "", [] or {}.'),
});

export const logicIsEmpty: NodeDefinition<typeof params> = {
  type: 'logic.is_empty',
  version: 1,
  category: 'logic',
  subcategory: 'branch',
  name: 'Is empty',
  description: 'Routes the input to `empty` when the value is missing, null, an empty string, list or object, else to `not_empty` (e.g. stop when a search found nothing).',
  tags: ['branch', 'condition', 'empty'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'empty', description: 'The input, when the value is empty.' }, { name: 'not_empty', description: 'The input, otherwise.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const empty = compare(valueFrom(p.value, inputs), 'empty', undefined);
    return { output: { [empty ? 'empty' : 'not_empty']: passThrough(inputs) } };
  },
};
