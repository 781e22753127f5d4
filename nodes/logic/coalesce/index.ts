import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { compare } from '../../_lib/conditions';

const params = z.object({
  values: z.array(z.unknown()).max(100).default([]).describe('Candidates in order of preference (templates from several upstream nodes); when empty, the inputs in edge order.'),
  skip_empty: z.boolean().default(false).describe('Also skip "", [] and {} (not only missing and null).'),
  fallback: z.unknown().optional().describe('Emitted when no candidate qualifies (default null).'),
});

export const logicCoalesce: NodeDefinition<typeof params> = {
  type: 'logic.coalesce',
  version: 1,
  category: 'logic',
  subcategory: 'flow',
  name: 'Coalesce',
  description: 'Emits the first value that is present (not missing or null; optionally not empty) — e.g. the branch of a merge(any) that delivered, or a default. `main` = {value, index} (index −1 for the fallback).',
  tags: ['flow', 'default', 'fallback'],
  params,
  inputs: [{ name: 'main', description: 'Any number of incoming edges.' }],
  outputs: [{ name: 'main', description: '{value, index}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    const candidates = p.values.length ? p.values : Object.values(inputs);
    const index = candidates.findIndex((v) => (p.skip_empty ? compare(v, 'not_empty', undefined) : v !== undefined && v !== null));
    return { output: { main: index >= 0 ? { value: candidates[index], index } : { value: p.fallback ?? null, index: -1 } } };
  },
};
