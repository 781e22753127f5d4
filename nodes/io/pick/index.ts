import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { getPath, isRecord, setPath, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('An object or a list of objects; defaults to the upstream value.'),
  fields: z.array(z.string().min(1)).min(1).max(500).describe('Field paths to keep (`id`, `user.name`…); everything else is dropped.'),
});

function pickOne(item: unknown, fields: string[]): unknown {
  if (!isRecord(item)) return item;
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = getPath(item, f);
    if (v !== undefined) setPath(out, f, v);
  }
  return out;
}

export const ioPick: NodeDefinition<typeof params> = {
  type: 'io.pick',
  version: 1,
  category: 'io',
  subcategory: 'fields',
  name: 'Pick fields',
  description: 'Keeps only the listed fields of an object, or of every object in a list.',
  tags: ['data', 'transform', 'fields'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The object or list with only the picked fields.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    return { output: { main: Array.isArray(value) ? value.map((v) => pickOne(v, p.fields)) : pickOne(value, p.fields) } };
  },
};
