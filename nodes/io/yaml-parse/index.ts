import { parse } from 'yaml';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  text: z.string().max(10_000_000).describe('YAML text (one document).'),
});

export const ioYamlParse: NodeDefinition<typeof params> = {
  type: 'io.yaml_parse',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Parse YAML',
  description: 'Parses a YAML document (YAML 1.2, the `yaml` library; aliases are bounded against expansion bombs); `main` = the value.',
  tags: ['yaml', 'parse', 'format', 'config'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The parsed value.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    try {
      return { output: { main: (parse(p.text, { maxAliasCount: 100, prettyErrors: true }) as unknown) ?? null } };
    } catch (err) {
      throw new NodeError(`invalid YAML: ${(err as Error).message}`, { type: 'invalid_input' });
    }
  },
};
