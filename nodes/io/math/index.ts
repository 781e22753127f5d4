import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const num = z.union([z.number(), z.string().max(100)]);
const params = z.object({
  operation: z.enum(['add', 'subtract', 'multiply', 'divide', 'modulo', 'power', 'round', 'floor', 'ceil', 'abs', 'sqrt', 'min', 'max', 'sum', 'average', 'median', 'clamp', 'percent']).describe('Binary (`a` op `b`): add, subtract, multiply, divide, modulo, power, percent (a as % of b). Unary (`a`): round, floor, ceil, abs, sqrt. Over `values`: min, max, sum, average, median. clamp: `a` into [`min`, `max`].'),
  a: num.optional().describe('First operand (numbers or numeric strings).'),
  b: num.optional().describe('Second operand.'),
  values: z.array(num).max(100_000).default([]).describe('Operands of min, max, sum, average and median.'),
  min: z.number().optional().describe('Lower bound for clamp.'),
  max: z.number().optional().describe('Upper bound for clamp.'),
  decimals: z.number().int().min(0).max(15).optional().describe('Round the result to this many decimals (round uses it too; default 0 there).'),
});

function toNumber(v: unknown, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw new NodeError(`${name} is not a number: ${JSON.stringify(v)}`, { type: 'invalid_input' });
  return n;
}

const roundTo = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

export const ioMath: NodeDefinition<typeof params> = {
  type: 'io.math',
  version: 1,
  category: 'io',
  subcategory: 'numbers',
  name: 'Math',
  description: 'Arithmetic on numbers: binary operations on `a` and `b`, rounding, aggregates over `values`, clamp and percent. Division by zero fails the node. `main` = {result}.',
  tags: ['math', 'number', 'calculate'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{result}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const A = () => toNumber(p.a, 'a');
    const B = () => toNumber(p.b, 'b');
    const V = () => p.values.map((v, i) => toNumber(v, `values[${i}]`));
    let r: number | null;
    switch (p.operation) {
      case 'add': r = A() + B(); break;
      case 'subtract': r = A() - B(); break;
      case 'multiply': r = A() * B(); break;
      case 'divide': case 'modulo': case 'percent': {
        const b = B();
        if (b === 0) throw new NodeError(`${p.operation} by zero`, { type: 'invalid_input' });
        r = p.operation === 'divide' ? A() / b : p.operation === 'modulo' ? A() % b : (A() / b) * 100;
        break;
      }
      case 'power': r = A() ** B(); break;
      case 'round': r = roundTo(A(), p.decimals ?? 0); break;
      case 'floor': r = Math.floor(A()); break;
      case 'ceil': r = Math.ceil(A()); break;
      case 'abs': r = Math.abs(A()); break;
      case 'sqrt': {
        const a = A();
        if (a < 0) throw new NodeError('sqrt of a negative number', { type: 'invalid_input' });
        r = Math.sqrt(a);
        break;
      }
      case 'min': { const v = V(); r = v.length ? Math.min(...v) : null; break; }
      case 'max': { const v = V(); r = v.length ? Math.max(...v) : null; break; }
      case 'sum': r = V().reduce((x, y) => x + y, 0); break;
      case 'average': { const v = V(); r = v.length ? v.reduce((x, y) => x + y, 0) / v.length : null; break; }
      case 'median': {
        const v = V().sort((x, y) => x - y);
        r = v.length === 0 ? null : v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
        break;
      }
      case 'clamp': r = Math.min(p.max ?? Infinity, Math.max(p.min ?? -Infinity, A())); break;
    }
    if (r !== null && !Number.isFinite(r)) throw new NodeError('result is not a finite number', { type: 'invalid_input' });
    if (r !== null && p.decimals !== undefined) r = roundTo(r, p.decimals);
    return { output: { main: { result: r } } };
  },
};
