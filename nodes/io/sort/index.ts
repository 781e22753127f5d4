import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { compareValues, getPath, itemsFrom, itemsParam } from '../../_lib/items';

const params = z.object({
  items: itemsParam(),
  by: z.array(z.object({
    field: z.string().max(500).default('').describe('Path of the sort key inside each item; empty = the item itself.'),
    order: z.enum(['asc', 'desc']).default('asc').describe('Ascending or descending.'),
  })).max(10).default([{ field: '', order: 'asc' }]).describe('Sort keys, most significant first. Numbers sort numerically, strings by locale; missing values go last.'),
});

export const ioSort: NodeDefinition<typeof params> = {
  type: 'io.sort',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Sort items',
  description: 'Sorts a list by one or more keys (stable; missing values last).',
  tags: ['data', 'list', 'sort'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The sorted list.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const items = [...itemsFrom(p.items, inputs)];
    items.sort((a, b) => {
      for (const key of p.by) {
        const av = getPath(a, key.field);
        const bv = getPath(b, key.field);
        const missing = av === undefined || av === null || bv === undefined || bv === null;
        const c = compareValues(av, bv);
        if (c !== 0) return missing || key.order === 'asc' ? c : -c;
      }
      return 0;
    });
    return { output: { main: items } };
  },
};
