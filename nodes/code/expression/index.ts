import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { valueFrom } from '../../_lib/items';
import { runSandboxed } from '../../_lib/sandbox';

const params = z.object({
  expression: z.string().min(1).max(10_000).describe('One JavaScript expression over `data`, `inputs` and `variables` (`data.price * 1.2`, `data.items.filter(i => i.ok).length`, `` `Hi ${data.name}` ``).'),
  data: z.unknown().optional().describe('The value bound to `data`; defaults to the upstream value.'),
  timeout_s: z.number().positive().max(10).default(1).describe('Wall-clock limit (max 10 s).'),
});

export const codeExpression: NodeDefinition<typeof params> = {
  type: 'code.expression',
  version: 1,
  category: 'code',
  subcategory: 'javascript',
  name: 'Expression',
  description: 'Evaluates one JavaScript expression in an isolated V8 sandbox (isolated-vm, 64 MB; no require, process, timers or network) with `data`, `inputs` and `variables` in scope; `main` = {value}. For multi-line code use code.javascript.',
  tags: ['code', 'expression', 'transform', 'sandbox'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{value}' }],
  execution: 'activity',
  reads: ['variables'],
  defaults: { maxAttempts: 1, timeoutS: 30 },
  async execute(ctx, { params: p, inputs }) {
    const body = `const data = inputs.__data; inputs = inputs.__inputs;\nreturn (\n${p.expression}\n);`;
    const value = await runSandboxed(body, { inputs: { __data: valueFrom(p.data, inputs) ?? null, __inputs: inputs }, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000), signal: ctx.signal, log: (level, message) => ctx.log(level, message), accountId: ctx.accountId,
    });
    return { output: { main: { value } } };
  },
};
