import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { regex, textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to split.'),
  separator: z.string().max(1000).default('\n').describe('Separator text (a regular expression when `regex` is true). Empty splits into characters.'),
  regex: z.boolean().default(false).describe('Treat `separator` as a regular expression.'),
  trim: z.boolean().default(true).describe('Trim white space around each part.'),
  remove_empty: z.boolean().default(true).describe('Drop empty parts.'),
  limit: z.number().int().min(1).max(1_000_000).optional().describe('Keep at most this many parts.'),
});

export const ioTextSplit: NodeDefinition<typeof params> = {
  type: 'io.text_split',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Split text',
  description: 'Splits a text into a list of parts by a separator or a regular expression (lines by default); `main` = the parts.',
  tags: ['text', 'split', 'list'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The list of parts.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const text = textOf(p.text);
    let parts = p.regex ? text.split(regex(p.separator, 'u')) : p.separator === '' ? [...text] : text.split(p.separator);
    parts = parts.map((s) => (s === undefined ? '' : s));
    if (p.trim) parts = parts.map((s) => s.trim());
    if (p.remove_empty) parts = parts.filter((s) => s !== '');
    if (p.limit) parts = parts.slice(0, p.limit);
    return { output: { main: parts } };
  },
};
