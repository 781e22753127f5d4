import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { getPath, itemsFrom, itemsParam, setPath } from '../../_lib/items';

const operation = z.object({
  op: z.enum(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'first', 'last', 'collect', 'concat']).describe('count, count_distinct, sum, avg, min, max, first, last, collect (list of values) or concat (joined text).'),
  field: z.string().max(500).default('').describe('Path of the value inside each item; empty = the item itself (count ignores it).'),
  as: z.string().min(1).max(200).optional().describe('Output field name; defaults to `<op>_<field>` (or `count`).'),
  separator: z.string().max(100).default(', ').describe('Separator for `concat`.'),
});

const params = z.object({
  items: itemsParam(),
  group_by: z.array(z.string().min(1)).max(10).default([]).describe('Fields to group by; empty = one group of all items.'),
  operations: z.array(operation).min(1).max(50).default([{ op: 'count', field: '', separator: ', ' }]).describe('Aggregates to compute per group.'),
});

type Op = z.output<typeof operation>;

function numbers(values: unknown[], op: Op): number[] {
  return values.filter((v) => v !== undefined && v !== null && v !== '').map((v) => {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) throw new NodeError(`${op.op} of "${op.field}": ${JSON.stringify(v)} is not a number`, { type: 'invalid_input' });
    return n;
  });
}

function aggregate(items: unknown[], op: Op): unknown {
  const values = items.map((i) => getPath(i, op.field));
  switch (op.op) {
    case 'count': return op.field ? values.filter((v) => v !== undefined && v !== null).length : items.length;
    case 'count_distinct': return new Set(values.map((v) => JSON.stringify(v))).size;
    case 'sum': return numbers(values, op).reduce((a, b) => a + b, 0);
    case 'avg': { const n = numbers(values, op); return n.length ? n.reduce((a, b) => a + b, 0) / n.length : null; }
    case 'min': { const n = numbers(values, op); return n.length ? Math.min(...n) : null; }
    case 'max': { const n = numbers(values, op); return n.length ? Math.max(...n) : null; }
    case 'first': return values[0] ?? null;
    case 'last': return values.at(-1) ?? null;
    case 'collect': return values.filter((v) => v !== undefined);
    case 'concat': return values.filter((v) => v !== undefined && v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(op.separator);
  }
}

export const ioAggregate: NodeDefinition<typeof params> = {
  type: 'io.aggregate',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Aggregate',
  description: 'Summarises a list: count, sum, average, min, max, first, last, collect or concat per field, optionally grouped by fields. Without `group_by`, `main` is one object; with it, a list of `{<group fields>, <aggregates>}`.',
  tags: ['data', 'list', 'group', 'sum', 'statistics'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'An object of aggregates, or a list of groups.' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const items = itemsFrom(p.items, inputs);
    const compute = (group: unknown[], base: Record<string, unknown>) => {
      const out = { ...base };
      for (const op of p.operations) out[op.as ?? (op.op === 'count' && !op.field ? 'count' : `${op.op}_${op.field.replace(/\./g, '_') || 'item'}`)] = aggregate(group, op);
      return out;
    };
    if (p.group_by.length === 0) return { output: { main: compute(items, {}) } };
    const groups = new Map<string, { base: Record<string, unknown>; items: unknown[] }>();
    for (const item of items) {
      const keys = p.group_by.map((f) => getPath(item, f) ?? null);
      const k = JSON.stringify(keys);
      let g = groups.get(k);
      if (!g) {
        const base: Record<string, unknown> = {};
        p.group_by.forEach((f, i) => setPath(base, f, keys[i]));
        g = { base, items: [] };
        groups.set(k, g);
      }
      g.items.push(item);
    }
    return { output: { main: [...groups.values()].map((g) => compute(g.items, g.base)) } };
  },
};
