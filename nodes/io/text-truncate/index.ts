import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to shorten.'),
  max_length: z.number().int().min(1).max(1_000_000).describe('Longest result, ellipsis included (characters, not bytes).'),
  ellipsis: z.string().max(20).default('…').describe('Appended when the text was cut.'),
  word_boundary: z.boolean().default(true).describe('Cut at the last word boundary before the limit when there is one.'),
});

export const ioTextTruncate: NodeDefinition<typeof params> = {
  type: 'io.text_truncate',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Truncate text',
  description: 'Shortens a text to a maximum length (e.g. a post or title limit), at a word boundary, with an ellipsis; `main` = {text, truncated}.',
  tags: ['text', 'truncate', 'limit'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, truncated}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const chars = [...textOf(p.text)];
    if (chars.length <= p.max_length) return { output: { main: { text: chars.join(''), truncated: false } } };
    const room = Math.max(0, p.max_length - [...p.ellipsis].length);
    let cut = chars.slice(0, room).join('');
    if (p.word_boundary) {
      const at = cut.search(/\s\S*$/);
      if (at > room / 2) cut = cut.slice(0, at);
    }
    return { output: { main: { text: cut.trimEnd() + p.ellipsis, truncated: true } } };
  },
};
