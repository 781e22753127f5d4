import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { itemsFrom, itemsParam } from '../../_lib/items';

const params = z.object({
  items: itemsParam(),
  count: z.number().int().min(0).max(100_000).default(10).describe('How many items to keep.'),
  offset: z.number().int().min(0).default(0).describe('Items to skip first (counted from the chosen end).'),
  from: z.enum(['start', 'end']).default('start').describe('Keep the first items (`start`) or the last ones (`end`).'),
});

export const ioLimit: NodeDefinition<typeof params> = {
  type: 'io.limit',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Limit items',
  description: 'Keeps `count` items of a list after skipping `offset`, from the start or from the end; `main` = the kept items, in their original order.',
  tags: ['data', 'list', 'paginate'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The kept items.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const items = itemsFrom(p.items, inputs);
    if (p.from === 'start') return { output: { main: items.slice(p.offset, p.offset + p.count) } };
    const end = Math.max(0, items.length - p.offset);
    return { output: { main: items.slice(Math.max(0, end - p.count), end) } };
  },
};
