// logic.if's comparison, and the node inside the engineRun workflow task (a PureNodeHandler).
// Workflow code: deterministic, no Node built-ins; index.ts uses the same compare().
import { jsonEqual, passThrough, type PureNodeHandler } from '../../../src/engine/node-sdk/workflow';

export const IF_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'exists'] as const;
export type IfOperator = (typeof IF_OPERATORS)[number];

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

export const evaluateLogicIf: PureNodeHandler = (params, inputs) => {
  // The schema requires `left`; a missing (or unresolved) one is for the activity to refuse.
  if (params.left === undefined) return undefined;
  const operator = params.operator === undefined ? 'eq' : params.operator;
  if (typeof operator !== 'string' || !(IF_OPERATORS as readonly string[]).includes(operator)) return undefined;
  const result = compare(params.left, operator as IfOperator, params.right);
  return { output: { [result ? 'true' : 'false']: passThrough(inputs) } };
};
