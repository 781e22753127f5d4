import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { getPath, itemsFrom, itemsParam, textOf } from '../../_lib/items';

const params = z.object({
  items: itemsParam(),
  separator: z.string().max(1000).default(', ').describe('Text placed between parts.'),
  field: z.string().max(500).default('').describe('Join this field of each item; empty = the items themselves.'),
  prefix: z.string().max(1000).default('').describe('Text before the joined parts.'),
  suffix: z.string().max(1000).default('').describe('Text after the joined parts.'),
  skip_empty: z.boolean().default(true).describe('Leave out null, missing and empty values.'),
});

export const ioTextJoin: NodeDefinition<typeof params> = {
  type: 'io.text_join',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Join text',
  description: 'Joins a list (or one field of each item) into one text with a separator; `main` = {text}.',
  tags: ['text', 'join', 'list'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    let parts = itemsFrom(p.items, inputs).map((i) => getPath(i, p.field));
    if (p.skip_empty) parts = parts.filter((v) => v !== undefined && v !== null && v !== '');
    return { output: { main: { text: p.prefix + parts.map(textOf).join(p.separator) + p.suffix } } };
  },
};
