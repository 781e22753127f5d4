import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { clone, isRecord } from '../../_lib/items';

const params = z.object({
  objects: z.array(z.unknown()).max(100).optional().describe('Objects to merge, later ones win; defaults to the upstream inputs in edge order.'),
  deep: z.boolean().default(true).describe('Merge nested objects key by key (`false`: later top-level values replace earlier ones).'),
  arrays: z.enum(['replace', 'concat']).default('replace').describe('How two lists at the same path combine in a deep merge.'),
});

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

function merge(a: unknown, b: unknown, deep: boolean, arrays: 'replace' | 'concat'): unknown {
  if (Array.isArray(a) && Array.isArray(b) && arrays === 'concat') return [...a, ...clone(b)];
  if (!deep || !isRecord(a) || !isRecord(b)) return clone(b);
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (UNSAFE.has(k)) continue;
    out[k] = k in out ? merge(out[k], v, deep, arrays) : clone(v);
  }
  return out;
}

export const ioMergeObjects: NodeDefinition<typeof params> = {
  type: 'io.merge_objects',
  version: 1,
  category: 'io',
  subcategory: 'fields',
  name: 'Merge objects',
  description: 'Merges objects into one (later wins), deeply by default; lists are replaced or concatenated. Non-object entries are ignored.',
  tags: ['data', 'transform', 'merge'],
  params,
  inputs: [{ name: 'main', description: 'Objects from one or more upstream nodes.' }],
  outputs: [{ name: 'main', description: 'The merged object.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const objects = (p.objects ?? Object.values(inputs)).filter(isRecord);
    let out: Record<string, unknown> = {};
    for (const o of objects) out = p.deep ? (merge(out, o, true, p.arrays) as Record<string, unknown>) : { ...out, ...clone(o) };
    return { output: { main: out } };
  },
};
