import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { eachItem, getPath, itemSource, streamedItemsParam, textOf } from '../../_lib/items';

const params = z.object({
  items: streamedItemsParam(),
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
  description: 'Joins a list (or one field of each item) into one text with a separator; `main` = {text}. A long list an upstream node stored is read as it comes: only the parts of the text are kept.',
  tags: ['text', 'join', 'list'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  streams: true,
  async execute(ctx, { params: p, inputs }) {
    const parts: string[] = [];
    for await (const item of eachItem(ctx, itemSource(p.items, inputs))) {
      const value = getPath(item, p.field);
      if (!p.skip_empty || (value !== undefined && value !== null && value !== '')) parts.push(textOf(value));
    }
    return { output: { main: { text: p.prefix + parts.join(p.separator) + p.suffix } } };
  },
};
