import { z } from 'zod';
import { type NodeDefinition, stringify } from '../../../src/engine/node-sdk';

const params = z.object({
  /** Any value; non-strings are written as JSON. */
  message: z.unknown().describe('The line written to the node\'s logs (templated)'),
  level: z.enum(['debug', 'info', 'warn', 'error']).default('info').describe('Log level'),
});

/** Writes a line to the node's `logs`. */
export const systemLog: NodeDefinition<typeof params> = {
  type: 'system.log',
  version: 1,
  category: 'system',
  name: 'Log',
  description: 'Appends `message` at `level` to the node\'s logs (GET /v1/runs/{id} node_outputs[id].logs) and emits `{message, level}` on `main`.',
  tags: ['debug'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{message, level}' }],
  execution: 'local',
  async execute(ctx, { params: p }) {
    const message = stringify(p.message);
    ctx.log(p.level, message);
    return { output: { main: { message, level: p.level } } };
  },
};
