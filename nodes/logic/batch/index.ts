import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { itemsFrom, itemsParam } from '../../_lib/items';

const params = z.object({
  items: itemsParam(),
  size: z.number().int().min(1).max(100_000).default(10).describe('Items per batch.'),
  max_batches: z.number().int().min(1).max(100_000).optional().describe('Fail-safe: keep only this many batches (the rest go to `overflow`).'),
});

export const logicBatch: NodeDefinition<typeof params> = {
  type: 'logic.batch',
  version: 1,
  category: 'logic',
  subcategory: 'loop',
  name: 'Batch',
  description: 'Splits a list into batches of `size` for a downstream node that takes a batch at a time (bulk insert, API with a page size): `main` = {batches: [{index, items}], count, total}; items beyond `max_batches` go to `overflow`.',
  tags: ['loop', 'batch', 'chunk', 'list'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{batches, count, total}' }, { name: 'overflow', description: 'Items past max_batches (only emitted when there are some).' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const items = itemsFrom(p.items, inputs);
    const batches: { index: number; items: unknown[] }[] = [];
    for (let i = 0; i < items.length; i += p.size) batches.push({ index: batches.length, items: items.slice(i, i + p.size) });
    const kept = p.max_batches ? batches.slice(0, p.max_batches) : batches;
    const output: Record<string, unknown> = { main: { batches: kept, count: kept.length, total: items.length } };
    if (kept.length < batches.length) output.overflow = batches.slice(kept.length).flatMap((b) => b.items);
    return { output };
  },
};
