// Test assertions [{path, operator, value}] over a run's node outputs. `path` reads
// like a template reference without braces: `node_id.output.port.field` (array items by index),
// `node_id.ok`, `node_id.error`; `$run.status` and `$run.usd_charged` read the run itself.
import { canonicalJson } from '../workflows/service';

export const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'length_gte', 'length_lte', 'exists'] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Assertion {
  path: string;
  operator: Operator;
  value?: unknown;
}

export function readPath(root: Record<string, unknown>, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const lengthOf = (v: unknown) => (typeof v === 'string' || Array.isArray(v) ? v.length : v && typeof v === 'object' ? Object.keys(v).length : undefined);
const comparable = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');

export function check(a: Assertion, actual: unknown): boolean {
  const v = a.value;
  switch (a.operator) {
    case 'eq': return same(actual, v);
    case 'neq': return !same(actual, v);
    case 'gt': return comparable(actual, v) && (actual as number) > (v as number);
    case 'gte': return comparable(actual, v) && (actual as number) >= (v as number);
    case 'lt': return comparable(actual, v) && (actual as number) < (v as number);
    case 'lte': return comparable(actual, v) && (actual as number) <= (v as number);
    case 'contains':
      if (typeof actual === 'string') return typeof v === 'string' && actual.includes(v);
      if (Array.isArray(actual)) return actual.some((item) => same(item, v));
      if (actual && typeof actual === 'object') return typeof v === 'string' && Object.prototype.hasOwnProperty.call(actual, v);
      return false;
    case 'length_gte': { const n = lengthOf(actual); return n !== undefined && typeof v === 'number' && n >= v; }
    case 'length_lte': { const n = lengthOf(actual); return n !== undefined && typeof v === 'number' && n <= v; }
    case 'exists': return (actual !== undefined && actual !== null) === (v === undefined ? true : Boolean(v));
  }
}
