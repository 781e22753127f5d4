import { z } from 'zod';
import { jsonEqual, type NodeDefinition } from '../../../src/engine/node-sdk';
import { isRecord } from '../../_lib/items';

const params = z.object({
  a: z.unknown().describe('The first (old) value.'),
  b: z.unknown().describe('The second (new) value.'),
  max_changes: z.number().int().min(1).max(100_000).default(1000).describe('Stop listing differences after this many.'),
});

interface Diff { added: { path: string; value: unknown }[]; removed: { path: string; value: unknown }[]; changed: { path: string; from: unknown; to: unknown }[] }

function walk(a: unknown, b: unknown, path: string, out: Diff, max: number): void {
  if (out.added.length + out.removed.length + out.changed.length >= max) return;
  if (jsonEqual(a, b)) return;
  const join = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (isRecord(a) && isRecord(b)) {
    for (const k of Object.keys(a)) if (!(k in b)) out.removed.push({ path: join(k), value: a[k] });
    for (const k of Object.keys(b)) {
      if (!(k in a)) out.added.push({ path: join(k), value: b[k] });
      else walk(a[k], b[k], join(k), out, max);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i >= a.length) out.added.push({ path: join(i), value: b[i] });
      else if (i >= b.length) out.removed.push({ path: join(i), value: a[i] });
      else walk(a[i], b[i], join(i), out, max);
    }
    return;
  }
  out.changed.push({ path, from: a ?? null, to: b ?? null });
}

export const ioCompare: NodeDefinition<typeof params> = {
  type: 'io.compare',
  version: 1,
  category: 'io',
  subcategory: 'fields',
  name: 'Compare values',
  description: 'Deep-compares two JSON values; `main` = {equal, added, removed, changed} with dotted paths (`items.2.price`). Key order does not matter; lists are compared position by position.',
  tags: ['data', 'diff', 'compare'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{equal, added:[{path,value}], removed:[{path,value}], changed:[{path,from,to}]}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const out: Diff = { added: [], removed: [], changed: [] };
    walk(p.a, p.b, '', out, p.max_changes);
    return { output: { main: { equal: jsonEqual(p.a, p.b), ...out } } };
  },
};
