import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { clone, deletePath, isRecord, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('An object or a list of objects; defaults to the upstream value.'),
  fields: z.array(z.string().min(1)).min(1).max(500).describe('Field paths to remove (`password`, `meta.internal`…).'),
});

function omitOne(item: unknown, fields: string[]): unknown {
  if (!isRecord(item)) return item;
  const out = clone(item);
  for (const f of fields) deletePath(out, f);
  return out;
}

export const ioOmit: NodeDefinition<typeof params> = {
  type: 'io.omit',
  version: 1,
  category: 'io',
  subcategory: 'fields',
  name: 'Omit fields',
  description: 'Removes the listed fields from an object, or from every object in a list.',
  tags: ['data', 'transform', 'fields'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The object or list without the omitted fields.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    return { output: { main: Array.isArray(value) ? value.map((v) => omitOne(v, p.fields)) : omitOne(value, p.fields) } };
  },
};
