import * as cheerio from 'cheerio';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { fetchDocument } from '../../_lib/saas';

const extraction = z.object({
  key: z.string().min(1).max(100).describe('Output field name.'),
  selector: z.string().min(1).max(1000).describe('CSS selector (`h1`, `article p`, `meta[property="og:image"]`).'),
  attribute: z.string().max(100).optional().describe('Read this attribute (`href`, `src`, `content`) instead of the text; `html` gives the inner HTML.'),
  all: z.boolean().default(false).describe('Return every match as a list (default: the first match, or null).'),
});

const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').optional().describe('Page to fetch (SSRF-safe); or give `html`.'),
  html: z.string().max(10_000_000).optional().describe('HTML to read instead of fetching `url`.'),
  extract: z.array(extraction).min(1).max(100).describe('What to extract.'),
  absolute_urls: z.boolean().default(true).describe('Resolve relative href/src values against the page URL.'),
});

export const httpHtmlExtract: NodeDefinition<typeof params> = {
  type: 'http.html_extract',
  version: 1,
  category: 'http',
  subcategory: 'scraping',
  name: 'HTML extract',
  description: 'Extracts values from an HTML page with CSS selectors (cheerio): text (white space collapsed), an attribute or inner HTML, first match or all; `main` = {<key>: value, …}. Fetches `url` through the SSRF-safe fetch or reads `html`.',
  tags: ['html', 'scrape', 'css', 'extract', 'web'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{<key>: value | [values]}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    if (!p.url && p.html === undefined) throw new NodeError('give `url` or `html`', { type: 'invalid_params' });
    const html = p.html ?? (await fetchDocument(ctx, 'html_extract', p.url!, { headers: { accept: 'text/html,application/xhtml+xml' } })).text;
    const $ = cheerio.load(html);
    const out: Record<string, unknown> = {};
    for (const x of p.extract) {
      let nodes;
      try {
        nodes = $(x.selector);
      } catch (err) {
        throw new NodeError(`invalid selector "${x.selector}": ${(err as Error).message}`, { type: 'invalid_params' });
      }
      const read = (el: Parameters<typeof $>[0]) => {
        const node = $(el);
        if (x.attribute === 'html') return node.html() ?? '';
        if (x.attribute) {
          const v = node.attr(x.attribute);
          if (v === undefined) return null;
          if (p.absolute_urls && p.url && ['href', 'src', 'action', 'poster'].includes(x.attribute)) {
            try { return new URL(v, p.url).toString(); } catch { return v; }
          }
          return v;
        }
        return node.text().replace(/\s+/g, ' ').trim();
      };
      const values = nodes.toArray().map((el) => read(el));
      out[x.key] = x.all ? values : (values[0] ?? null);
    }
    return { output: { main: out } };
  },
};
