import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';
import { slugify } from '../../_lib/slug';

const params = z.object({
  text: z.unknown().describe('The text to slugify.'),
  separator: z.string().max(5).default('-').describe('Separator between words.'),
  lowercase: z.boolean().default(true).describe('Lower-case the slug.'),
  max_length: z.number().int().min(1).max(1000).default(80).describe('Longest slug; cut at a word boundary where possible.'),
});

export const ioSlugify: NodeDefinition<typeof params> = {
  type: 'io.slugify',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Slugify',
  description: 'Turns a text into a URL/file-name slug (`Héllo, World!` → `hello-world`); `main` = {slug}.',
  tags: ['text', 'slug', 'url'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{slug}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    return { output: { main: { slug: slugify(textOf(p.text), p.separator, p.lowercase, p.max_length) } } };
  },
};
