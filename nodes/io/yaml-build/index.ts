import { stringify } from 'yaml';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('The value to write; defaults to the upstream value.'),
  indent: z.number().int().min(1).max(8).default(2).describe('Spaces per indentation level.'),
  sort_keys: z.boolean().default(false).describe('Write object keys in sorted order.'),
});

export const ioYamlBuild: NodeDefinition<typeof params> = {
  type: 'io.yaml_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build YAML',
  description: 'Writes a value as a YAML document; `main` = {text}.',
  tags: ['yaml', 'serialize', 'format', 'config'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    return { output: { main: { text: stringify(valueFrom(p.value, inputs) ?? null, { indent: p.indent, sortMapEntries: p.sort_keys }) } } };
  },
};
