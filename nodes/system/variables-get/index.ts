import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { getPath } from '../../_lib/items';

const params = z.object({
  names: z.array(z.string().min(1).max(500)).max(100).default([]).describe('Variable names or paths (`api.base_url`) to read; empty = every workflow variable.'),
  defaults: z.record(z.string(), z.unknown()).default({}).describe('Values used for names the workflow does not define.'),
  required: z.boolean().default(false).describe('Fail when a name is neither defined nor defaulted.'),
});

export const systemVariablesGet: NodeDefinition<typeof params> = {
  type: 'system.variables_get',
  version: 1,
  category: 'system',
  subcategory: 'variables',
  name: 'Get variables',
  description: 'Reads the workflow spec\'s `variables` (all of them, or the named ones with defaults) into one object on `main` — handy to pass configuration to code and expression nodes.',
  tags: ['variables', 'config'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{name: value}' }],
  execution: 'local',
  reads: ['variables'],
  async execute(ctx, { params: p }) {
    if (p.names.length === 0) return { output: { main: { ...p.defaults, ...ctx.variables } } };
    const out: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const name of p.names) {
      const v = getPath(ctx.variables, name);
      if (v !== undefined) out[name] = v;
      else if (name in p.defaults) out[name] = p.defaults[name];
      else missing.push(name);
    }
    if (missing.length && p.required) throw new NodeError(`workflow variables not defined: ${missing.join(', ')}`, { type: 'invalid_input' });
    for (const m of missing) out[m] = null;
    return { output: { main: out } };
  },
};
