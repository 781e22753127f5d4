import { z } from 'zod';
import { isItemListRef, type NodeDefinition } from '../../../src/engine/node-sdk';
import { clone, deletePath, eachItem, getPath, isRecord, listWriter, setPath, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('An object (or a list of objects) holding the list to split; defaults to the upstream value.'),
  field: z.string().min(1).max(500).describe('Path of the list to split out (`order.lines`).'),
  include: z.enum(['none', 'all', 'selected']).default('none').describe('`none`: each output item is the list element alone; `all`: the other fields of the parent are copied next to it; `selected`: only `include_fields`.'),
  include_fields: z.array(z.string().min(1)).max(100).default([]).describe('Parent fields copied when include = selected.'),
  as: z.string().min(1).max(200).optional().describe('Field name for the element when parent fields are included (defaults to the last segment of `field`).'),
});

export const ioSplitOut: NodeDefinition<typeof params> = {
  type: 'io.split_out',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Split out',
  description: 'Turns a list held in a field into items of their own (one per element), optionally keeping fields of the parent next to each element. A long list of parents an upstream node stored is read as it comes, and a long result is stored as it is written.',
  tags: ['data', 'list', 'unwind', 'explode'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The list of split-out items.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    // A stored list of parents streams through: each parent's elements are written as they come.
    const parents = isItemListRef(value) ? eachItem(ctx, value) : Array.isArray(value) ? value : [value];
    const as = p.as ?? p.field.split('.').at(-1)!;
    const out = listWriter(ctx, 'main');
    for await (const parent of parents) {
      const list = getPath(parent, p.field);
      const elements = Array.isArray(list) ? list : list === undefined || list === null ? [] : [list];
      for (const el of elements) {
        if (p.include === 'none' || !isRecord(parent)) { await out.write(el); continue; }
        let base: Record<string, unknown>;
        if (p.include === 'all') {
          base = clone(parent);
          deletePath(base, p.field);
        } else {
          base = {};
          for (const f of p.include_fields) { const v = getPath(parent, f); if (v !== undefined) setPath(base, f, clone(v)); }
        }
        setPath(base, as, el);
        await out.write(base);
      }
    }
    return { output: { main: await out.finish() } };
  },
};
