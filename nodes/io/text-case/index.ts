import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to convert.'),
  case: z.enum(['upper', 'lower', 'title', 'sentence', 'camel', 'pascal', 'snake', 'kebab', 'constant']).describe('upper, lower, title (Each Word), sentence (First word), camel, pascal, snake, kebab or constant (SNAKE_UPPER).'),
});

function words(text: string): string[] {
  return text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

export function changeCase(text: string, kind: z.output<typeof params>['case']): string {
  switch (kind) {
    case 'upper': return text.toUpperCase();
    case 'lower': return text.toLowerCase();
    case 'title': return text.toLowerCase().replace(/(^|[\s\-_/(])(\p{L})/gu, (_m, s: string, c: string) => s + c.toUpperCase());
    case 'sentence': { const t = text.toLowerCase(); return t.replace(/\p{L}/u, (c) => c.toUpperCase()); }
    case 'camel': return words(text).map((w, i) => (i === 0 ? w.toLowerCase() : cap(w))).join('');
    case 'pascal': return words(text).map(cap).join('');
    case 'snake': return words(text).map((w) => w.toLowerCase()).join('_');
    case 'kebab': return words(text).map((w) => w.toLowerCase()).join('-');
    case 'constant': return words(text).map((w) => w.toUpperCase()).join('_');
  }
}

export const ioTextCase: NodeDefinition<typeof params> = {
  type: 'io.text_case',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Change case',
  description: 'Converts a text to upper, lower, title, sentence, camel, Pascal, snake, kebab or CONSTANT case; `main` = {text}.',
  tags: ['text', 'case', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    return { output: { main: { text: changeCase(textOf(p.text), p.case) } } };
  },
};
