import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { canonicalKey, eachItem, getPath, itemSource, listWriter, streamedItemsParam } from '../../_lib/items';

const params = z.object({
  items: streamedItemsParam(),
  fields: z.array(z.string().min(1)).max(20).default([]).describe('Fields that make an item unique (`email`, `user.id`…); empty = the whole item.'),
  keep: z.enum(['first', 'last']).default('first').describe('Which of the duplicates to keep.'),
  case_insensitive: z.boolean().default(false).describe('Compare string keys without regard to case.'),
});

export const ioDedupe: NodeDefinition<typeof params> = {
  type: 'io.dedupe',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Remove duplicates',
  description: 'Removes duplicate items from a list, comparing whole items or the listed fields (key order of objects does not matter); `main` = unique items, `duplicates` = the removed ones. A long list an upstream node stored streams through, only the keys are kept (keep = last reads it twice).',
  tags: ['data', 'list', 'unique', 'dedupe'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'Unique items in their original order.' }, { name: 'duplicates', description: 'Removed items.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    const key = (item: unknown) => canonicalKey(p.fields.length ? p.fields.map((f) => getPath(item, f)) : item, p.case_insensitive);
    if (!Array.isArray(source)) {
      // A stored list: only the keys are kept (the last one's position first, for keep = last), the items stream through.
      const last = new Map<string, number>();
      if (p.keep === 'last') {
        let i = 0;
        for await (const item of eachItem(ctx, source)) last.set(key(item), i++);
      }
      const seen = new Set<string>();
      const main = listWriter(ctx, 'main');
      const duplicates = listWriter(ctx, 'duplicates');
      let i = 0;
      for await (const item of eachItem(ctx, source)) {
        const k = key(item);
        const keep = p.keep === 'last' ? last.get(k) === i : !seen.has(k);
        seen.add(k);
        i += 1;
        await (keep ? main : duplicates).write(item);
      }
      return { output: { main: await main.finish(), duplicates: await duplicates.finish() } };
    }
    const items = source;
    const chosen = new Map<string, number>();
    items.forEach((item, i) => {
      const k = key(item);
      if (p.keep === 'last' || !chosen.has(k)) chosen.set(k, i);
    });
    const keepIdx = new Set(chosen.values());
    return { output: { main: items.filter((_, i) => keepIdx.has(i)), duplicates: items.filter((_, i) => !keepIdx.has(i)) } };
  },
};
