import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to trim.'),
  side: z.enum(['both', 'start', 'end']).default('both').describe('Which end(s) to trim.'),
  characters: z.string().max(100).default('').describe('Characters to strip; empty = white space.'),
  collapse_whitespace: z.boolean().default(false).describe('Also turn every run of white space inside the text into one space.'),
});

export const ioTextTrim: NodeDefinition<typeof params> = {
  type: 'io.text_trim',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Trim text',
  description: 'Strips white space (or the given characters) from the start, the end or both ends of a text, optionally collapsing inner white space; `main` = {text}.',
  tags: ['text', 'trim', 'clean'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    let text = textOf(p.text);
    if (p.collapse_whitespace) text = text.replace(/\s+/g, ' ');
    const set = p.characters ? new Set([...p.characters]) : null;
    const strip = (c: string) => (set ? set.has(c) : /\s/.test(c));
    const chars = [...text];
    let start = 0;
    let end = chars.length;
    if (p.side !== 'end') while (start < end && strip(chars[start]!)) start++;
    if (p.side !== 'start') while (end > start && strip(chars[end - 1]!)) end--;
    return { output: { main: { text: chars.slice(start, end).join('') } } };
  },
};
