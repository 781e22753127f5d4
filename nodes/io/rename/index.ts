import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { clone, deletePath, getPath, isRecord, setPath, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('An object or a list of objects; defaults to the upstream value.'),
  fields: z.record(z.string(), z.string().min(1)).default({}).describe('Old field path → new field path (dotted paths such as `user.name` allowed).'),
});

function renameOne(item: unknown, fields: Record<string, string>): unknown {
  if (!isRecord(item)) return item;
  const out = clone(item);
  for (const [from, to] of Object.entries(fields)) {
    const v = getPath(out, from);
    if (v === undefined) continue;
    deletePath(out, from);
    setPath(out, to, v);
  }
  return out;
}

export const ioRename: NodeDefinition<typeof params> = {
  type: 'io.rename',
  version: 1,
  category: 'io',
  subcategory: 'fields',
  name: 'Rename fields',
  description: 'Renames (moves) fields of an object, or of every object in a list: `fields` maps old paths to new ones. Missing fields are left alone.',
  tags: ['data', 'transform', 'fields'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The object or list with the fields renamed.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const value = valueFrom(p.value, inputs);
    return { output: { main: Array.isArray(value) ? value.map((v) => renameOne(v, p.fields)) : renameOne(value, p.fields) } };
  },
};
