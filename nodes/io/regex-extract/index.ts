import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { regex, textOf } from '../../_lib/items';

const params = z.object({
  text: z.unknown().describe('The text to search (non-strings are searched as JSON).'),
  pattern: z.string().min(1).max(2000).describe('A JavaScript regular expression, without slashes (`(\\d+) items`). Named groups `(?<name>…)` come back by name.'),
  flags: z.string().regex(/^[imsu]*$/).default('').describe('Flags among i, m, s, u (g is implied by `all`).'),
  all: z.boolean().default(true).describe('Return every match (`true`) or only the first.'),
  max_matches: z.number().int().min(1).max(10_000).default(1000).describe('Stop after this many matches.'),
});

export const ioRegexExtract: NodeDefinition<typeof params> = {
  type: 'io.regex_extract',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Regex extract',
  description: 'Finds matches of a regular expression in a text; `main` = {matches: [{match, groups, named, index}], first, count}. `first` is the first match\'s first group (or the whole match), null when none.',
  tags: ['text', 'regex', 'extract', 'parse'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{matches, first, count}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const text = textOf(p.text);
    const re = regex(p.pattern, p.flags + 'g');
    const matches: { match: string; groups: (string | null)[]; named: Record<string, string | null>; index: number }[] = [];
    for (const m of text.matchAll(re)) {
      matches.push({
        match: m[0],
        groups: m.slice(1).map((g) => g ?? null),
        named: Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, v ?? null])),
        index: m.index ?? 0,
      });
      if (!p.all || matches.length >= p.max_matches) break;
    }
    const head = matches[0];
    return { output: { main: { matches, first: head ? (head.groups[0] ?? head.match) : null, count: matches.length } } };
  },
};
