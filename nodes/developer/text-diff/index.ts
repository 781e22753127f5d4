import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const MAX_LINES = 5000;
const params = z.object({
  a: z.unknown().describe('The old text (non-strings are compared as indented JSON).'),
  b: z.unknown().describe('The new text.'),
  context: z.number().int().min(0).max(100).default(3).describe('Unchanged lines shown around each change in `unified`.'),
  ignore_whitespace: z.boolean().default(false).describe('Compare lines with white space collapsed and trimmed.'),
});

type Op = { op: ' ' | '-' | '+'; line: string; a?: number; b?: number };

/** Line diff by longest common subsequence (Myers-equivalent output for these sizes). */
function diffLines(a: string[], b: string[], norm: (s: string) => string): Op[] {
  const n = a.length;
  const m = b.length;
  const A = a.map(norm);
  const B = b.map(norm);
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = A[i] === B[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && A[i] === B[j]) { ops.push({ op: ' ', line: b[j]!, a: i + 1, b: j + 1 }); i++; j++; }
    else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) { ops.push({ op: '-', line: a[i]!, a: i + 1 }); i++; }
    else { ops.push({ op: '+', line: b[j]!, b: j + 1 }); j++; }
  }
  return ops;
}

function unified(ops: Op[], context: number): string {
  const out: string[] = [];
  const changed = ops.map((o, k) => (o.op !== ' ' ? k : -1)).filter((k) => k >= 0);
  let k = 0;
  while (k < changed.length) {
    let start = Math.max(0, changed[k]! - context);
    let end = Math.min(ops.length, changed[k]! + context + 1);
    while (k + 1 < changed.length && changed[k + 1]! - context <= end) { k++; end = Math.min(ops.length, changed[k]! + context + 1); }
    const hunk = ops.slice(start, end);
    const aStart = hunk.find((o) => o.a !== undefined)?.a ?? 0;
    const bStart = hunk.find((o) => o.b !== undefined)?.b ?? 0;
    const aLen = hunk.filter((o) => o.op !== '+').length;
    const bLen = hunk.filter((o) => o.op !== '-').length;
    out.push(`@@ -${aStart},${aLen} +${bStart},${bLen} @@`, ...hunk.map((o) => o.op + o.line));
    start = end;
    k++;
  }
  return out.join('\n');
}

export const developerTextDiff: NodeDefinition<typeof params> = {
  type: 'developer.text_diff',
  version: 1,
  category: 'developer',
  subcategory: 'diff',
  name: 'Text diff',
  description: `Line diff of two texts (up to ${MAX_LINES} lines each): \`main\` = {equal, added, removed, unified (a unified-diff text with @@ hunks), changes: [{op, line}]} where op is +, - or space.`,
  tags: ['diff', 'text', 'compare', 'patch'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{equal, added, removed, unified, changes}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null, null, 2));
    const a = textOf(text(p.a)).split(/\r?\n/);
    const b = textOf(text(p.b)).split(/\r?\n/);
    if (a.length > MAX_LINES || b.length > MAX_LINES) throw new NodeError(`text_diff compares at most ${MAX_LINES} lines per side`, { type: 'invalid_input' });
    const ops = diffLines(a, b, p.ignore_whitespace ? (s) => s.replace(/\s+/g, ' ').trim() : (s) => s);
    const added = ops.filter((o) => o.op === '+').length;
    const removed = ops.filter((o) => o.op === '-').length;
    return { output: { main: { equal: added + removed === 0, added, removed, unified: unified(ops, p.context), changes: ops.map((o) => ({ op: o.op, line: o.line })) } } };
  },
};
