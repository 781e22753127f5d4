import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  text: z.string().max(10_000_000).describe('JSON text to parse.'),
  on_error: z.enum(['fail', 'null']).default('fail').describe('Fail the node on invalid JSON, or emit null.'),
});

export const ioJsonParse: NodeDefinition<typeof params> = {
  type: 'io.json_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse JSON',
  description: 'Parses JSON text into a value; `main` = the value. Invalid JSON fails the node with the parser\'s message (or yields null with on_error = null).',
  tags: ['json', 'parse', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The parsed value.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    try {
      return { output: { main: JSON.parse(p.text) as unknown } };
    } catch (err) {
      if (p.on_error === 'null') return { output: { main: null } };
      throw new NodeError(`invalid JSON: ${(err as Error).message}`, { type: 'invalid_input' });
    }
  },
};
