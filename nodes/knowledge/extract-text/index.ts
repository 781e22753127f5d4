import { z } from 'zod';
import { htmlToText, type NodeDefinition, NodeError, safeFetch } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/media';

const params = z.object({
  url: z.string().url().optional().describe('Page to fetch (SSRF-safe; private addresses refused).'),
  html: z.string().max(10_000_000).optional().describe('HTML (or plain text) to read instead of fetching; when both are omitted, the input\'s text/body.'),
  selector: z.string().max(500).optional().describe('CSS selector of the part to keep (e.g. `article`, `main`); the whole body when omitted.'),
});

export const knowledgeExtractText: NodeDefinition<typeof params> = {
  type: 'knowledge.extract_text',
  version: 1,
  category: 'knowledge',
  subcategory: 'ingest',
  name: 'Extract text from HTML',
  description: 'Turns a web page (fetched SSRF-safely from `url`) or given HTML into readable text: scripts, styles, navigation, headers, footers and forms dropped, block elements on their own lines, optional CSS `selector`. Plain text passes through. PDF is not supported (no PDF text tool is installed in this deployment).',
  tags: ['knowledge', 'html', 'scrape', 'text', 'ingest', 'readability'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{title, text, word_count, headings, links, source}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    let html = p.html;
    let source = 'html';
    if (html === undefined && p.url) {
      let res;
      try {
        res = await safeFetch(p.url, { signal: ctx.signal, maxRedirects: 5, headers: { accept: 'text/html,text/plain;q=0.9', 'user-agent': 'AtelierBot/1.0' } }, { allowPrivateNetwork: ctx.allowPrivateNetwork });
      } catch (err) {
        throw new NodeError(`could not fetch ${p.url}: ${(err as Error).message}`, { type: 'fetch_failed', retryable: !(err as Error).name.includes('Blocked') });
      }
      if (res.status >= 400) throw new NodeError(`${p.url} answered ${res.status}`, { type: 'fetch_failed', retryable: res.status >= 500 });
      if (/application\/pdf/.test(res.headers['content-type'] ?? '')) throw new NodeError('PDF is not supported: no PDF text extractor is installed', { type: 'unsupported_media' });
      html = res.body.toString('utf8');
      source = p.url;
    }
    if (html === undefined) html = Object.values(inputs).map(textOf).find((t) => t !== undefined);
    if (html === undefined) throw new NodeError('no html: set `url` or `html`, or connect a node that emits text', { type: 'missing_input' });
    const out = /<[a-z!][\s\S]*>/i.test(html) ? htmlToText(html, p.selector) : { title: '', text: html.trim(), links: 0, headings: [] };
    return { output: { main: { ...out, word_count: out.text.split(/\s+/).filter(Boolean).length, source } } };
  },
};
