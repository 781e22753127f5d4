import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text (or number) to pad.'),
  length: z.number().int().min(0).max(100_000).describe('Target length in characters.'),
  fill: z.string().min(1).max(100).default(' ').describe('Text repeated to fill (`0` for zero-padding numbers).'),
  side: z.enum(['start', 'end', 'both']).default('start').describe('Where to add the fill.'),
});

export const ioTextPad: NodeDefinition<typeof params> = {
  type: 'io.text_pad',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Pad text',
  description: 'Pads a text to a length at the start, the end or both sides (`7` → `007`); longer texts are left as they are. `main` = {text}.',
  tags: ['text', 'pad', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const text = textOf(p.text);
    let out: string;
    if (p.side === 'start') out = text.padStart(p.length, p.fill);
    else if (p.side === 'end') out = text.padEnd(p.length, p.fill);
    else {
      const total = Math.max(0, p.length - text.length);
      out = ''.padStart(Math.floor(total / 2), p.fill) + text + ''.padEnd(Math.ceil(total / 2), p.fill);
    }
    return { output: { main: { text: out } } };
  },
};
