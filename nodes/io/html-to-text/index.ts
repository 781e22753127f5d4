import * as cheerio from 'cheerio';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const BLOCK = 'p, div, section, article, header, footer, li, tr, h1, h2, h3, h4, h5, h6, blockquote, pre, br, hr, table, ul, ol';

const params = z.object({
  html: z.unknown().describe('HTML to convert (a page, an RSS item\'s content, an email body).'),
  links: z.enum(['drop', 'inline']).default('drop').describe('`inline` writes links as `text (url)`.'),
  max_length: z.number().int().min(1).max(10_000_000).optional().describe('Cut the text to this many characters.'),
});

export const ioHtmlToText: NodeDefinition<typeof params> = {
  type: 'io.html_to_text',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'HTML to text',
  description: 'Turns HTML into readable plain text (cheerio): scripts, styles and comments removed, block elements on their own lines, list items bulleted, entities decoded, white space tidied; `main` = {text, length}. Handy before summarising a page or a feed item.',
  tags: ['html', 'text', 'clean', 'scrape'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text, length}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const $ = cheerio.load(textOf(p.html));
    $('script, style, noscript, template, head, svg').remove();
    if (p.links === 'inline') $('a[href]').each((_i, el) => { const a = $(el); const href = a.attr('href') ?? ''; if (href && !href.startsWith('#') && a.text().trim() !== href) a.append(` (${href})`); });
    $('li').each((_i, el) => { $(el).prepend('• '); });
    $(BLOCK).each((_i, el) => { $(el).before('\n').after('\n'); });
    let text = $.root().text()
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .split('\n').map((l) => l.trim()).join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (p.max_length && text.length > p.max_length) text = text.slice(0, p.max_length);
    return { output: { main: { text, length: text.length } } };
  },
};
