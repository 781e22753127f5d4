import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { runSandboxed } from '../../_lib/sandbox';

const params = z.object({
  /** The body of `async function (inputs, variables) { … }`; its return value (JSON) is `main`. */
  code: z.string().min(1).max(100_000).describe('JavaScript run in an isolated sandbox; `return` a value for the main output'),
  timeout_s: z.number().positive().max(30).default(5).describe('CPU time limit for the script, in seconds'),
});

export const codeJavascript: NodeDefinition<typeof params> = {
  type: 'code.javascript',
  version: 1,
  category: 'code',
  name: 'JavaScript',
  description: '`code` is the body of an async function receiving `inputs` (keyed by source node id) and `variables`; its JSON return value is `main`. Runs in an isolated V8 sandbox (64 MB, `timeout_s` default 5 s, max 30 s; no require, process, timers or network; console.* goes to the node logs). A throw or a timeout fails the node with its message.',
  tags: ['code', 'transform', 'sandbox'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The function\'s return value.' }],
  execution: 'activity',
  reads: ['variables'],
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const main = await runSandboxed(p.code, { inputs, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000),
      signal: ctx.signal,
      log: (level, message) => ctx.log(level, message),
      accountId: ctx.accountId,
    });
    return { output: { main } };
  },
};
