import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { valueFrom } from '../../_lib/items';
import { runSandboxed } from '../../_lib/sandbox';

const require = createRequire(import.meta.url);
let source: string | undefined;
/** The jsonata library's browser bundle, evaluated inside the sandbox (never in the worker's own heap). */
function jsonataSource(): string {
  source ??= readFileSync(require.resolve('jsonata/jsonata.min.js'), 'utf8');
  return source;
}

const params = z.object({
  expression: z.string().min(1).max(20_000).describe('A JSONata expression (`Account.Order.Product.(Price * Quantity) ~> $sum()`, `items[status="open"].{"id": id, "who": owner.name}`).'),
  data: z.unknown().optional().describe('The document the expression queries; defaults to the upstream value.'),
  bindings: z.record(z.string().regex(/^[A-Za-z_]\w*$/), z.unknown()).default({}).describe('Extra variables, used as `$name` in the expression (workflow variables are bound as `$variables`).'),
  timeout_s: z.number().positive().max(10).default(2).describe('Wall-clock limit (max 10 s).'),
});

export const codeJsonata: NodeDefinition<typeof params> = {
  type: 'code.jsonata',
  version: 1,
  category: 'code',
  subcategory: 'query',
  name: 'JSONata',
  description: 'Queries and reshapes JSON with a JSONata expression (jsonata 2, run inside an isolated V8 sandbox with a time and memory limit); `main` = {value} (null when nothing matches). Syntax errors fail the node with JSONata\'s message and position.',
  tags: ['code', 'jsonata', 'query', 'transform'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{value}' }],
  execution: 'activity',
  reads: ['variables'],
  defaults: { maxAttempts: 1, timeoutS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const body = `var self = globalThis;\n${jsonataSource()}\n;
      let expr;
      try { expr = globalThis.jsonata(inputs.expression); }
      catch (e) { throw new Error('JSONata syntax error' + (e.position !== undefined ? ' at ' + e.position : '') + ': ' + e.message); }
      let value;
      try { value = await expr.evaluate(inputs.data, Object.assign({}, inputs.bindings, { variables })); }
      catch (e) { throw new Error('JSONata evaluation error' + (e.code ? ' ' + e.code : '') + ': ' + e.message); }
      // JSONata sequences are arrays with extra flags: copy to plain JSON.
      return value === undefined ? null : JSON.parse(JSON.stringify(value));`;
    const value = await runSandboxed(body, { inputs: { expression: p.expression, data: valueFrom(p.data, inputs) ?? null, bindings: p.bindings }, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000), signal: ctx.signal, log: (level, message) => ctx.log(level, message), accountId: ctx.accountId,
    });
    return { output: { main: { value } } };
  },
};
