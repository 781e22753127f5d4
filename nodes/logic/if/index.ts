import { z } from 'zod';
import { jsonEqual, passThrough } from '../../../src/engine/node-io';
import type { NodeDefinition } from '../../../src/engine/types';

export const IF_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'exists'] as const;
export type IfOperator = (typeof IF_OPERATORS)[number];

const params = z.object({
  left: z.unknown().describe('Left operand (templated)'),
  operator: z.enum(IF_OPERATORS).default('eq').describe('Comparison to apply'),
  right: z.unknown().optional().describe('Right operand (templated)'),
});

/**
 * - `eq`/`neq`: structural JSON equality (no type coercion).
 * - `gt gte lt lte`: numbers (numeric strings count as numbers) or, when both are strings, string order; otherwise false.
 * - `contains`: substring of a string, element of an array (structural), or key of an object.
 * - `exists`: left is neither undefined nor null (`right` is ignored).
 */
export function compare(left: unknown, operator: IfOperator, right: unknown): boolean {
  switch (operator) {
    case 'eq': return jsonEqual(left, right);
    case 'neq': return !jsonEqual(left, right);
    case 'exists': return left !== undefined && left !== null;
    case 'contains':
      if (typeof left === 'string') return right !== undefined && right !== null && left.includes(String(right));
      if (Array.isArray(left)) return left.some((item) => jsonEqual(item, right));
      if (left !== null && typeof left === 'object') return typeof right === 'string' && Object.prototype.hasOwnProperty.call(left, right);
      return false;
    default: {
      const order = ordering(left, right);
      if (order === null) return false;
      if (operator === 'gt') return order > 0;
      if (operator === 'gte') return order >= 0;
      if (operator === 'lt') return order < 0;
      return order <= 0;
    }
  }
}

function ordering(a: unknown, b: unknown): number | null {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x === y ? 0 : x > y ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : a > b ? 1 : -1;
  return null;
}

function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Routes its input to `true` or `false`. */
export const logicIf: NodeDefinition<typeof params> = {
  type: 'logic.if',
  version: 1,
  category: 'logic',
  name: 'If',
  description: 'Compares `left` with `right` using `operator` and passes its input on port `true` or `false`; the other port is not emitted, so its branch is skipped.',
  tags: ['branch', 'condition'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [
    { name: 'true', description: 'The input, when the condition holds.' },
    { name: 'false', description: 'The input, when it does not.' },
  ],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const result = compare(p.left, p.operator, p.right);
    return { output: { [result ? 'true' : 'false']: passThrough(inputs) } };
  },
};
