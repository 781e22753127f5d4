import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { isRecord, valueFrom } from '../../_lib/items';

const params = z.object({
  value: z.unknown().optional().describe('The value to serialise; defaults to the upstream value.'),
  indent: z.number().int().min(0).max(8).default(0).describe('Spaces of indentation (0 = compact).'),
  sort_keys: z.boolean().default(false).describe('Write object keys in sorted order (canonical JSON).'),
});

const sorted = (v: unknown): unknown => (Array.isArray(v) ? v.map(sorted) : isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);

export const ioJsonBuild: NodeDefinition<typeof params> = {
  type: 'io.json_build',
  version: 1,
  category: 'io',
  subcategory: 'formats',
  name: 'Build JSON',
  description: 'Serialises a value to JSON text, compact or indented, optionally with sorted keys; `main` = {text, bytes}.',
  tags: ['json', 'serialize', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, bytes}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    let value = valueFrom(p.value, inputs);
    if (p.sort_keys) value = sorted(value);
    const text = JSON.stringify(value ?? null, null, p.indent || undefined);
    return { output: { main: { text, bytes: Buffer.byteLength(text) } } };
  },
};
