// One comparison vocabulary for the nodes that test values (io.filter, logic.if_all/if_any,
// logic.partition, developer.assert), a superset of logic.if's operators.
import { z } from 'zod';
import { jsonEqual } from '../../src/engine/node-sdk';
import { getPath, isRecord } from './items';

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'not_contains', 'starts_with', 'ends_with',
  'matches', 'exists', 'not_exists', 'empty', 'not_empty', 'in', 'not_in', 'is_true', 'is_false', 'type_is',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const operatorParam = () =>
  z.enum(OPERATORS).default('eq').describe(
    'eq/neq (structural equality), gt/gte/lt/lte (numbers, numeric strings or strings), contains/not_contains (substring, array element or object key), starts_with/ends_with, matches (regular expression), exists/not_exists, empty/not_empty, in/not_in (`value` is a list), is_true/is_false, type_is (`value` is string|number|boolean|object|array|null).',
  );

export const conditionSchema = z.object({
  field: z.string().max(500).default('').describe('Path of the value inside each item (`a.b.0`); empty = the item itself.'),
  operator: operatorParam(),
  value: z.unknown().optional().describe('The value to compare with (not used by exists, empty, is_true…).'),
}).describe('One condition: `<item.field> <operator> <value>`.');
export type Condition = z.output<typeof conditionSchema>;

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function order(left: unknown, right: unknown): number | undefined {
  const l = num(left);
  const r = num(right);
  if (l !== undefined && r !== undefined) return l - r;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return undefined;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isRecord(v)) return Object.keys(v).length === 0;
  return false;
}

/** `left <operator> right`. */
export function compare(left: unknown, operator: Operator, right: unknown): boolean {
  switch (operator) {
    case 'eq': return jsonEqual(left, right);
    case 'neq': return !jsonEqual(left, right);
    case 'gt': { const o = order(left, right); return o !== undefined && o > 0; }
    case 'gte': { const o = order(left, right); return o !== undefined && o >= 0; }
    case 'lt': { const o = order(left, right); return o !== undefined && o < 0; }
    case 'lte': { const o = order(left, right); return o !== undefined && o <= 0; }
    case 'contains':
      if (typeof left === 'string') return typeof right === 'string' || typeof right === 'number' ? left.includes(String(right)) : false;
      if (Array.isArray(left)) return left.some((x) => jsonEqual(x, right));
      if (isRecord(left)) return typeof right === 'string' && Object.prototype.hasOwnProperty.call(left, right);
      return false;
    case 'not_contains': return !compare(left, 'contains', right);
    case 'starts_with': return typeof left === 'string' && left.startsWith(String(right ?? ''));
    case 'ends_with': return typeof left === 'string' && left.endsWith(String(right ?? ''));
    case 'matches':
      try {
        return typeof left === 'string' && new RegExp(String(right ?? '')).test(left);
      } catch {
        return false;
      }
    case 'exists': return left !== undefined && left !== null;
    case 'not_exists': return left === undefined || left === null;
    case 'empty': return isEmpty(left);
    case 'not_empty': return !isEmpty(left);
    case 'in': return Array.isArray(right) && right.some((x) => jsonEqual(x, left));
    case 'not_in': return !(Array.isArray(right) && right.some((x) => jsonEqual(x, left)));
    case 'is_true': return left === true || left === 'true';
    case 'is_false': return left === false || left === 'false';
    case 'type_is': return typeName(left) === right;
  }
}

/** Tests one condition against an item. */
export function test(item: unknown, c: Condition): boolean {
  return compare(getPath(item, c.field), c.operator, c.value);
}
