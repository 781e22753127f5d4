import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { eachItem, getPath, itemSource, setPath, streamedItemsParam, type ItemSource } from '../../_lib/items';

const operation = z.object({
  op: z.enum(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'first', 'last', 'collect', 'concat']).describe('count, count_distinct, sum, avg, min, max, first, last, collect (list of values) or concat (joined text).'),
  field: z.string().max(500).default('').describe('Path of the value inside each item; empty = the item itself (count ignores it).'),
  as: z.string().min(1).max(200).optional().describe('Output field name; defaults to `<op>_<field>` (or `count`).'),
  separator: z.string().max(100).default(', ').describe('Separator for `concat`.'),
});

const params = z.object({
  items: streamedItemsParam(),
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

/** One aggregate over items seen one at a time (a stored list read as it comes): the same results as `aggregate`. */
class Accumulator {
  private n = 0;
  private seen = 0;
  private total = 0;
  private low = Infinity;
  private high = -Infinity;
  private distinct?: Set<string | undefined>;
  private values?: unknown[];
  private firstValue: unknown;
  private lastValue: unknown;

  constructor(private readonly op: Op) {
    if (op.op === 'count_distinct') this.distinct = new Set();
    if (op.op === 'collect' || op.op === 'concat') this.values = [];
  }

  add(item: unknown): void {
    const v = getPath(item, this.op.field);
    if (this.seen === 0) this.firstValue = v;
    this.seen += 1;
    this.lastValue = v;
    switch (this.op.op) {
      case 'count': if (!this.op.field || (v !== undefined && v !== null)) this.n += 1; break;
      case 'count_distinct': this.distinct!.add(JSON.stringify(v)); break;
      case 'sum': case 'avg': case 'min': case 'max':
        for (const x of numbers([v], this.op)) {
          this.n += 1;
          this.total += x;
          if (x < this.low) this.low = x;
          if (x > this.high) this.high = x;
        }
        break;
      case 'collect': if (v !== undefined) this.values!.push(v); break;
      case 'concat': if (v !== undefined && v !== null) this.values!.push(typeof v === 'string' ? v : JSON.stringify(v)); break;
      default: break;
    }
  }

  result(): unknown {
    switch (this.op.op) {
      case 'count': return this.n;
      case 'count_distinct': return this.distinct!.size;
      case 'sum': return this.total;
      case 'avg': return this.n ? this.total / this.n : null;
      case 'min': return this.n ? this.low : null;
      case 'max': return this.n ? this.high : null;
      case 'first': return this.firstValue ?? null;
      case 'last': return this.lastValue ?? null;
      case 'collect': return this.values;
      case 'concat': return this.values!.join(this.op.separator);
    }
  }
}

/** The group of `item` (by the `group_by` fields), made with its base fields on first sight. */
function groupOf<G>(groups: Map<string, G>, item: unknown, groupBy: string[], make: (base: Record<string, unknown>) => G): G {
  const keys = groupBy.map((f) => getPath(item, f) ?? null);
  const k = JSON.stringify(keys);
  let g = groups.get(k);
  if (!g) {
    const base: Record<string, unknown> = {};
    groupBy.forEach((f, i) => setPath(base, f, keys[i]));
    g = make(base);
    groups.set(k, g);
  }
  return g;
}

/** The aggregates of a stored list, read once: per group, one accumulator per operation (memory grows with the groups, not the items). */
async function aggregateStream(ctx: Parameters<typeof eachItem>[0], source: ItemSource, p: z.output<typeof params>, name: (op: Op) => string): Promise<unknown> {
  const groups = new Map<string, { base: Record<string, unknown>; ops: Accumulator[] }>();
  const result = (g: { base: Record<string, unknown>; ops: Accumulator[] }) => {
    const out = { ...g.base };
    p.operations.forEach((op, i) => { out[name(op)] = g.ops[i]!.result(); });
    return out;
  };
  for await (const item of eachItem(ctx, source)) {
    for (const acc of groupOf(groups, item, p.group_by, (base) => ({ base, ops: p.operations.map((op) => new Accumulator(op)) })).ops) acc.add(item);
  }
  if (p.group_by.length === 0) return result(groups.get('[]') ?? { base: {}, ops: p.operations.map((op) => new Accumulator(op)) });
  return [...groups.values()].map(result);
}

export const ioAggregate: NodeDefinition<typeof params> = {
  type: 'io.aggregate',
  version: 1,
  category: 'io',
  subcategory: 'lists',
  name: 'Aggregate',
  description: 'Summarises a list: count, sum, average, min, max, first, last, collect or concat per field, optionally grouped by fields. Without `group_by`, `main` is one object; with it, a list of `{<group fields>, <aggregates>}`. A long list an upstream node stored is read once, as it comes: memory grows with the groups (and what collect, concat and count_distinct keep), not with the items.',
  tags: ['data', 'list', 'group', 'sum', 'statistics'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'An object of aggregates, or a list of groups.' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const source = itemSource(p.items, inputs);
    const name = (op: Op) => op.as ?? (op.op === 'count' && !op.field ? 'count' : `${op.op}_${op.field.replace(/\./g, '_') || 'item'}`);
    if (!Array.isArray(source)) return { output: { main: await aggregateStream(ctx, source, p, name) } };
    const items = source;
    const compute = (group: unknown[], base: Record<string, unknown>) => {
      const out = { ...base };
      for (const op of p.operations) out[name(op)] = aggregate(group, op);
      return out;
    };
    if (p.group_by.length === 0) return { output: { main: compute(items, {}) } };
    const groups = new Map<string, { base: Record<string, unknown>; items: unknown[] }>();
    for (const item of items) groupOf(groups, item, p.group_by, (base) => ({ base, items: [] as unknown[] })).items.push(item);
    return { output: { main: [...groups.values()].map((g) => compute(g.items, g.base)) } };
  },
};
