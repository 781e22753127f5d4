import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { isRecord } from '../../_lib/items';
import { fetchDocument } from '../../_lib/saas';

const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('A sitemap.xml or sitemap index URL.'),
  follow_index: z.boolean().default(true).describe('Read the child sitemaps of a sitemap index (same host only).'),
  max_sitemaps: z.number().int().min(1).max(50).default(10).describe('Most child sitemaps to read.'),
  limit: z.number().int().min(1).max(50_000).default(1000).describe('Most URLs to return.'),
  include: z.string().max(500).optional().describe('Only URLs matching this regular expression (`/blog/`).'),
});

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

export const httpSitemap: NodeDefinition<typeof params> = {
  type: 'http.sitemap',
  version: 1,
  category: 'http',
  subcategory: 'scraping',
  name: 'Read sitemap',
  description: 'Reads a site\'s sitemap.xml (following a sitemap index to its child sitemaps on the same host) and lists its pages: `main` = {urls: [{loc, lastmod, changefreq, priority}], count, sitemaps_read}.',
  tags: ['sitemap', 'seo', 'crawl', 'web'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{urls, count, sitemaps_read}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 180 },
  async execute(ctx, { params: p }) {
    let filter: RegExp | undefined;
    try {
      filter = p.include ? new RegExp(p.include) : undefined;
    } catch (err) {
      throw new NodeError(`invalid include pattern: ${(err as Error).message}`, { type: 'invalid_params' });
    }
    const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });
    const host = new URL(p.url).host;
    const queue = [p.url];
    const seen = new Set<string>();
    const urls: { loc: string; lastmod: string | null; changefreq: string | null; priority: number | null }[] = [];
    let read = 0;
    while (queue.length && read < p.max_sitemaps && urls.length < p.limit) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const doc = parser.parse((await fetchDocument(ctx, 'sitemap', next)).text) as Record<string, unknown>;
      read++;
      ctx.heartbeat({ sitemaps_read: read, urls: urls.length });
      if (isRecord(doc.sitemapindex)) {
        if (!p.follow_index) continue;
        for (const s of list(doc.sitemapindex.sitemap).filter(isRecord)) {
          const loc = text(s.loc);
          try { if (loc && new URL(loc).host === host) queue.push(loc); } catch { /* skip bad entries */ }
        }
      } else if (isRecord(doc.urlset)) {
        for (const u of list(doc.urlset.url).filter(isRecord)) {
          const loc = text(u.loc);
          if (!loc || (filter && !filter.test(loc))) continue;
          urls.push({ loc, lastmod: text(u.lastmod) || null, changefreq: text(u.changefreq) || null, priority: text(u.priority) ? Number(text(u.priority)) : null });
          if (urls.length >= p.limit) break;
        }
      } else if (read === 1) {
        throw new NodeError('not a sitemap (no <urlset> or <sitemapindex>)', { type: 'invalid_input' });
      }
    }
    return { output: { main: { urls, count: urls.length, sitemaps_read: read } } };
  },
};
