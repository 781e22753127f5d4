import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { regex, textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to change (non-strings are used as JSON).'),
  pattern: z.string().min(1).max(2000).describe('A JavaScript regular expression, without slashes.'),
  replacement: z.string().max(100_000).default('').describe('Replacement text; `$1`, `$<name>` and `$&` refer to groups and the match.'),
  flags: z.string().regex(/^[gimsu]*$/).default('g').describe('Flags among g, i, m, s, u (`g` replaces every match).'),
});

export const ioRegexReplace: NodeDefinition<typeof params> = {
  type: 'io.regex_replace',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Regex replace',
  description: 'Replaces matches of a regular expression in a text; `main` = {text, replaced} (the count of replacements).',
  tags: ['text', 'regex', 'replace'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, replaced}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const re = regex(p.pattern, p.flags);
    let replaced = 0;
    const text = textOf(p.text).replace(re, (...args: unknown[]) => {
      replaced += 1;
      const match = args[0] as string;
      const named = typeof args.at(-1) === 'object' ? (args.at(-1) as Record<string, string | undefined>) : undefined;
      const groups = args.slice(1, named ? -3 : -2) as (string | undefined)[];
      return p.replacement.replace(/\$(\$|&|\d{1,2}|<([^>]+)>)/g, (tok, what: string, name?: string) => {
        if (what === '$') return '$';
        if (what === '&') return match;
        if (name !== undefined) return named?.[name] ?? '';
        const g = Number(what);
        return g >= 1 && g <= groups.length ? (groups[g - 1] ?? '') : tok;
      });
    });
    return { output: { main: { text, replaced } } };
  },
};
