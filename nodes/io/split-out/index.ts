import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { clone, deletePath, getPath, isRecord, setPath, valueFrom } from '../../_lib/items';

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
  description: 'Turns a list held in a field into items of their own (one per element), optionally keeping fields of the parent next to each element.',
  tags: ['data', 'list', 'unwind', 'explode'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The list of split-out items.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    const parents = Array.isArray(value) ? value : [value];
    const as = p.as ?? p.field.split('.').at(-1)!;
    const out: unknown[] = [];
    for (const parent of parents) {
      const list = getPath(parent, p.field);
      const elements = Array.isArray(list) ? list : list === undefined || list === null ? [] : [list];
      for (const el of elements) {
        if (p.include === 'none' || !isRecord(parent)) { out.push(el); continue; }
        let base: Record<string, unknown>;
        if (p.include === 'all') {
          base = clone(parent);
          deletePath(base, p.field);
        } else {
          base = {};
          for (const f of p.include_fields) { const v = getPath(parent, f); if (v !== undefined) setPath(base, f, clone(v)); }
        }
        setPath(base, as, el);
        out.push(base);
      }
    }
    return { output: { main: out } };
  },
};
