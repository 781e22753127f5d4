import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { compareValues, eachItem, getPath, itemSource, listWriter, streamedItemsParam } from '../../_lib/items';
import { sortedItems, type SortKeys } from '../../_lib/item-runs';

const params = z.object({
  items: streamedItemsParam(),
  by: z.array(z.object({
    field: z.string().max(500).default('').describe('Path of the sort key inside each item; empty = the item itself.'),
    order: z.enum(['asc', 'desc']).default('asc').describe('Ascending or descending.'),
  })).max(10).default([{ field: '', order: 'asc' }]).describe('Sort keys, most significant first. Numbers sort numerically, strings by locale; missing values go last.'),
});

/** The keys of `by` and their order: missing values last whatever the direction. */
export function sortKeys(by: { field: string; order: 'asc' | 'desc' }[]): SortKeys {
  return {
    keysOf: (item) => by.map((key) => getPath(item, key.field)),
    compare(a, b) {
      for (let i = 0; i < by.length; i++) {
        const av = a[i];
        const bv = b[i];
        const missing = av === undefined || av === null || bv === undefined || bv === null;
        const c = compareValues(av, bv);
        if (c !== 0) return missing || by[i]!.order === 'asc' ? c : -c;
      }
      return 0;
    },
  };
}

export const ioSort: NodeDefinition<typeof params> = {
  type: 'io.sort',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Sort items',
  description: 'Sorts a list by one or more keys (stable; missing values last). A long list an upstream node stored is sorted in bounded memory: sorted runs of up to 16 MB go to temp files (removed afterwards) and are merged into a stored list.',
  tags: ['data', 'list', 'sort'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The sorted list.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    const sort = sortKeys(p.by);
    if (Array.isArray(source)) {
      const keyed = source.map((item) => ({ item, keys: sort.keysOf(item) }));
      keyed.sort((a, b) => sort.compare(a.keys, b.keys));
      return { output: { main: keyed.map((k) => k.item) } };
    }
    const out = listWriter(ctx, 'main');
    for await (const item of sortedItems(eachItem(ctx, source), sort, { signal: ctx.signal })) await out.write(item);
    return { output: { main: await out.finish() } };
  },
};
