import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { conditionSchema, test } from '../../_lib/conditions';
import { eachItem, itemSource, listWriter, streamedItemsParam } from '../../_lib/items';

const params = z.object({
  items: streamedItemsParam(),
  conditions: z.array(conditionSchema).min(1).max(50).describe('Conditions each kept item must meet.'),
  combine: z.enum(['all', 'any']).default('all').describe('`all`: every condition must hold; `any`: at least one.'),
});

export const ioFilter: NodeDefinition<typeof params> = {
  type: 'io.filter',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Filter items',
  description: 'Keeps the items of a list that meet the conditions (`all` or `any` of them); `main` = kept items, `rejected` = the others. Both ports are always emitted.',
  tags: ['data', 'list', 'filter'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'Items that passed.' }, { name: 'rejected', description: 'Items that did not.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    const passes = (item: unknown) => (p.combine === 'all' ? p.conditions.every((c) => test(item, c)) : p.conditions.some((c) => test(item, c)));
    if (Array.isArray(source)) {
      const kept: unknown[] = [];
      const rejected: unknown[] = [];
      for (const item of source) (passes(item) ? kept : rejected).push(item);
      return { output: { main: kept, rejected } };
    }
    // A stored list: read as it comes, each side written as it goes (long ones stored in turn).
    const kept = listWriter(ctx, 'main');
    const rejected = listWriter(ctx, 'rejected');
    for await (const item of eachItem(ctx, source)) await (passes(item) ? kept : rejected).write(item);
    return { output: { main: await kept.finish(), rejected: await rejected.finish() } };
  },
};
