import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { isRecord } from '../../_lib/items';
import { fetchDocument } from '../../_lib/saas';

const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('The RSS 2.0, RSS 1.0 (RDF) or Atom feed URL.'),
  limit: z.number().int().min(1).max(1000).default(20).describe('Most items to return (newest first as the feed orders them).'),
  since: z.string().max(100).optional().describe('Only items published after this ISO time (e.g. the last run\'s time).'),
});

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (isRecord(v)) return text(v['#text'] ?? v['@_href'] ?? '');
  if (Array.isArray(v)) return text(v[0]);
  return '';
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const iso = (v: string) => { const t = Date.parse(v); return Number.isNaN(t) ? null : new Date(t).toISOString(); };
const stripHtml = (s: string) => s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

export interface FeedItem { title: string; link: string; id: string; published: string | null; summary: string; content: string; author: string; categories: string[]; enclosure: { url: string; type: string; length: number | null } | null }

export function parseFeed(xml: string): { title: string; link: string; description: string; items: FeedItem[]; format: string } {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true, htmlEntities: true, parseTagValue: false, removeNSPrefix: true }).parse(xml) as Record<string, unknown>;
  if (isRecord(doc.feed)) {
    const f = doc.feed;
    const altLink = (links: unknown) => { const l = list(links).filter(isRecord); return text((l.find((x) => x['@_rel'] === 'alternate' || x['@_rel'] === undefined) ?? l[0])?.['@_href']); };
    return {
      format: 'atom', title: text(f.title), link: altLink(f.link), description: text(f.subtitle),
      items: list(f.entry).filter(isRecord).map((e) => ({
        title: text(e.title), link: altLink(e.link), id: text(e.id), published: iso(text(e.published ?? e.updated)),
        summary: stripHtml(text(e.summary)), content: text(e.content), author: text(isRecord(e.author) ? e.author.name : e.author),
        categories: list(e.category).filter(isRecord).map((c) => text(c['@_term'])).filter(Boolean), enclosure: null,
      })),
    };
  }
  const channel = isRecord(doc.rss) && isRecord(doc.rss.channel) ? doc.rss.channel : isRecord(doc.RDF) && isRecord(doc.RDF.channel) ? doc.RDF.channel : undefined;
  if (!channel) throw new NodeError('not an RSS or Atom feed', { type: 'invalid_input' });
  const items = list(isRecord(doc.rss) ? channel.item : (doc.RDF as Record<string, unknown>).item).filter(isRecord);
  return {
    format: isRecord(doc.rss) ? 'rss' : 'rdf', title: text(channel.title), link: text(channel.link), description: text(channel.description),
    items: items.map((i) => {
      const enc = isRecord(i.enclosure) ? i.enclosure : undefined;
      return {
        title: text(i.title), link: text(i.link), id: text(i.guid) || text(i.link), published: iso(text(i.pubDate ?? i.date)),
        summary: stripHtml(text(i.description)), content: text(i.encoded), author: text(i.creator ?? i.author),
        categories: list(i.category).map(text).filter(Boolean),
        enclosure: enc ? { url: text(enc['@_url']), type: text(enc['@_type']), length: enc['@_length'] ? Number(enc['@_length']) : null } : null,
      };
    }),
  };
}

export const httpRssRead: NodeDefinition<typeof params> = {
  type: 'http.rss_read',
  version: 1,
  category: 'http',
  subcategory: 'feeds',
  name: 'Read RSS/Atom feed',
  description: 'Fetches and parses an RSS 2.0, RSS 1.0 or Atom feed (SSRF-safe fetch, redirects followed): `main` = {title, link, description, format, items: [{title, link, id, published, summary (plain text), content, author, categories, enclosure}]}, optionally only items after `since`.',
  tags: ['rss', 'atom', 'feed', 'news', 'podcast'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{title, link, description, format, items}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const doc = await fetchDocument(ctx, 'rss_read', p.url, { headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5' } });
    let feed;
    try {
      feed = parseFeed(doc.text);
    } catch (err) {
      throw err instanceof NodeError ? err : new NodeError(`rss_read: cannot parse the feed: ${(err as Error).message}`, { type: 'invalid_input' });
    }
    const since = p.since ? Date.parse(p.since) : NaN;
    const items = feed.items.filter((i) => Number.isNaN(since) || (i.published !== null && Date.parse(i.published) > since)).slice(0, p.limit);
    return { output: { main: { ...feed, items } } };
  },
};
