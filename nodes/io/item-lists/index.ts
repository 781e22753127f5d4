import { z } from 'zod';
import { jsonEqual, type NodeDefinition } from '../../../src/engine/node-sdk';
import { itemsFrom, itemsParam } from '../../_lib/items';

const params = z.object({
  operation: z.enum(['concat', 'zip', 'flatten', 'chunk', 'reverse', 'unique', 'first', 'last', 'length', 'index_of']).describe('concat/zip `lists`; flatten (by `depth`), chunk (into `size`), reverse, unique, first, last, length or index_of (`value`) of `items`.'),
  items: itemsParam(),
  lists: z.array(z.array(z.unknown())).max(100).default([]).describe('The lists to concat or zip; when empty, the upstream inputs that are lists, in edge order.'),
  depth: z.number().int().min(1).max(100).default(1).describe('Levels flattened by `flatten`.'),
  size: z.number().int().min(1).max(100_000).default(10).describe('Chunk size for `chunk`.'),
  value: z.unknown().optional().describe('The value `index_of` looks for (structural equality).'),
});

export const ioItemLists: NodeDefinition<typeof params> = {
  type: 'io.item_lists',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Item lists',
  description: 'List utilities: concat or zip several lists, flatten, chunk, reverse, unique, first, last, length, index_of.',
  tags: ['data', 'list', 'array'],
  params,
  inputs: [{ name: 'main', description: 'One or more lists (concat/zip take them all).' }],
  outputs: [{ name: 'main', description: 'The resulting list (or value for first, last, length, index_of).' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const lists = () => (p.lists.length ? p.lists : Object.values(inputs).filter(Array.isArray));
    let main: unknown;
    switch (p.operation) {
      case 'concat': main = lists().flat(); break;
      case 'zip': {
        const ls = lists();
        const n = Math.max(0, ...ls.map((l) => l.length));
        main = Array.from({ length: n }, (_, i) => ls.map((l) => l[i] ?? null));
        break;
      }
      case 'flatten': main = itemsFrom(p.items, inputs).flat(p.depth); break;
      case 'chunk': {
        const items = itemsFrom(p.items, inputs);
        const out: unknown[][] = [];
        for (let i = 0; i < items.length; i += p.size) out.push(items.slice(i, i + p.size));
        main = out;
        break;
      }
      case 'reverse': main = [...itemsFrom(p.items, inputs)].reverse(); break;
      case 'unique': {
        const out: unknown[] = [];
        for (const item of itemsFrom(p.items, inputs)) if (!out.some((o) => jsonEqual(o, item))) out.push(item);
        main = out;
        break;
      }
      case 'first': main = itemsFrom(p.items, inputs)[0] ?? null; break;
      case 'last': main = itemsFrom(p.items, inputs).at(-1) ?? null; break;
      case 'length': main = itemsFrom(p.items, inputs).length; break;
      case 'index_of': main = itemsFrom(p.items, inputs).findIndex((i) => jsonEqual(i, p.value)); break;
    }
    return { output: { main } };
  },
};
