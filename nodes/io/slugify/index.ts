import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to slugify.'),
  separator: z.string().max(5).default('-').describe('Separator between words.'),
  lowercase: z.boolean().default(true).describe('Lower-case the slug.'),
  max_length: z.number().int().min(1).max(1000).default(80).describe('Longest slug; cut at a word boundary where possible.'),
});

/** Latin-script slug: accents stripped (NFKD), anything else between words becomes the separator. */
export function slugify(text: string, separator = '-', lowercase = true, maxLength = 80): string {
  const base = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').replace(/æ/gi, 'ae').replace(/ø/gi, 'o').replace(/&/g, ' and ');
  const words = base.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  let slug = words.join(separator);
  if (lowercase) slug = slug.toLowerCase();
  if (slug.length > maxLength) {
    const cut = slug.slice(0, maxLength);
    const at = separator ? cut.lastIndexOf(separator) : -1;
    slug = at > 0 ? cut.slice(0, at) : cut;
  }
  return slug;
}

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
