import { z } from 'zod';
import { jsonEqual, type NodeDefinition } from '../../../src/engine/node-sdk';
import { getPath } from '../../_lib/items';

const params = z.object({
  a: z.array(z.unknown()).max(100_000).describe('The first dataset (e.g. rows already in the database).'),
  b: z.array(z.unknown()).max(100_000).describe('The second dataset (e.g. rows from the source).'),
  key: z.array(z.string().min(1)).min(1).max(10).describe('Fields that identify the same record in both (`id`, or `email`).'),
  ignore_fields: z.array(z.string().min(1)).max(100).default([]).describe('Fields left out when deciding whether a matched pair differs (`updated_at`).'),
});

export const logicCompareDatasets: NodeDefinition<typeof params> = {
  type: 'logic.compare_datasets',
  version: 1,
  category: 'logic',
  subcategory: 'sync',
  name: 'Compare datasets',
  description: 'Matches two lists of records by key and sorts them out for a sync: `in_a_only`, `in_b_only`, `same`, `different` ({key, a, b}). Every port is emitted (possibly empty); `main` carries the counts.',
  tags: ['sync', 'diff', 'compare', 'dataset'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'main', description: '{in_a_only, in_b_only, same, different} counts' },
    { name: 'in_a_only', description: 'Records only in `a`.' },
    { name: 'in_b_only', description: 'Records only in `b`.' },
    { name: 'same', description: 'Records equal in both (the `b` version).' },
    { name: 'different', description: '[{key, a, b}] for records whose fields differ.' },
  ],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const keyOf = (r: unknown) => JSON.stringify(p.key.map((k) => getPath(r, k) ?? null));
    const strip = (r: unknown) => {
      if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
      const copy: Record<string, unknown> = { ...(r as Record<string, unknown>) };
      for (const f of p.ignore_fields) delete copy[f];
      return copy;
    };
    const inA = new Map<string, unknown>();
    for (const r of p.a) if (!inA.has(keyOf(r))) inA.set(keyOf(r), r);
    const seen = new Set<string>();
    const in_b_only: unknown[] = [];
    const same: unknown[] = [];
    const different: unknown[] = [];
    for (const r of p.b) {
      const k = keyOf(r);
      if (seen.has(k)) continue;
      seen.add(k);
      if (!inA.has(k)) in_b_only.push(r);
      else if (jsonEqual(strip(inA.get(k)), strip(r))) same.push(r);
      else different.push({ key: JSON.parse(k) as unknown, a: inA.get(k), b: r });
    }
    const in_a_only = [...inA.entries()].filter(([k]) => !seen.has(k)).map(([, r]) => r);
    return {
      output: {
        main: { in_a_only: in_a_only.length, in_b_only: in_b_only.length, same: same.length, different: different.length },
        in_a_only, in_b_only, same, different,
      },
    };
  },
};
