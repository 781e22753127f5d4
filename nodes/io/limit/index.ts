import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { eachItem, itemSource, listWriter, streamedItemsParam } from '../../_lib/items';

const params = z.object({
  items: streamedItemsParam(),
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
  description: 'Keeps `count` items of a list after skipping `offset`, from the start or from the end; `main` = the kept items, in their original order. A long list an upstream node stored is parsed only as far as the last kept item (the rest is only checked against its hash).',
  tags: ['data', 'list', 'paginate'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The kept items.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    if (!Array.isArray(source)) {
      // A stored list: its length is known, so either end is a range of positions read once, up to its end.
      const total = source.$atelier_ref.items;
      const end = p.from === 'start' ? Math.min(total, p.offset + p.count) : Math.max(0, total - p.offset);
      const start = p.from === 'start' ? Math.min(p.offset, end) : Math.max(0, end - p.count);
      const kept = listWriter(ctx, 'main');
      let i = 0;
      if (end > start) {
        for await (const item of eachItem(ctx, source)) {
          if (i >= start) await kept.write(item);
          if (++i >= end) break;
        }
      }
      return { output: { main: await kept.finish() } };
    }
    const items = source;
    if (p.from === 'start') return { output: { main: items.slice(p.offset, p.offset + p.count) } };
    const end = Math.max(0, items.length - p.offset);
    return { output: { main: items.slice(Math.max(0, end - p.count), end) } };
  },
};
