/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely-typed node outputs */
// The knowledge category: chunking, BM25 ranking, hashed-embedding similarity and HTML text
// extraction (from given HTML and from a page served on loopback, fetched SSRF-safely).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaHarness } from '../_lib/media-testing';

const page = '<html><head><title>Atelier news</title><script>var x = 1;</script></head><body><nav>Home | About</nav><article><h1>Release 2</h1><p>Atelier renders <b>vertical</b> videos.</p><p>Now with captions.</p></article><footer>© 2026</footer></body></html>';
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/doc.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('knowledge nodes', () => {
  const docs = [
    { id: 'a', text: 'How to render a vertical video with captions' },
    { id: 'b', text: 'Baking bread at home: flour, water, salt' },
    { id: 'c', text: 'Video captions improve watch time on vertical shorts' },
  ];

  it('knowledge.chunk_text splits on boundaries with overlap', async () => {
    const h = mediaHarness();
    const text = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const out = await h.main('knowledge.chunk_text', { text, size: 120, overlap: 20 });
    expect(out.count).toBeGreaterThan(3);
    for (const c of out.chunks) {
      expect(c.text.length).toBeLessThanOrEqual(120);
      expect(c.text).toMatch(/\.$/);
    }
    expect(out.chunks[1].start).toBeLessThan(out.chunks[0].end);
  });

  it('knowledge.rank orders by BM25 and drops non-matching documents', async () => {
    const h = mediaHarness();
    const out = await h.main('knowledge.rank', { query: 'vertical video captions', top_k: 5 }, { up: docs });
    expect(out.results.map((r: any) => r.id)).toEqual(['a', 'c']);
    expect(out.results[0].score).toBeGreaterThan(0);
    await expect(h.run('knowledge.rank', { query: 'x', documents: [] })).rejects.toThrow(/no documents/);
  });

  it('knowledge.similar tolerates inflections (render/rendering)', async () => {
    const h = mediaHarness();
    const out = await h.main('knowledge.similar', { query: 'rendering videos', documents: docs, top_k: 1 });
    expect(out.results[0].id).toBe('a');
  });

  it('knowledge.extract_text reads a page (SSRF-safe fetch) or given HTML', async () => {
    const h = mediaHarness();
    const out = await h.main('knowledge.extract_text', { url: `${base}/post` });
    expect(out.title).toBe('Atelier news');
    expect(out.text).toBe('Release 2\n\nAtelier renders vertical videos.\n\nNow with captions.');
    expect(out.text).not.toMatch(/Home|var x|2026/);
    expect(await h.main('knowledge.extract_text', { html: page, selector: 'h1' })).toMatchObject({ text: 'Release 2' });
    await expect(h.run('knowledge.extract_text', { url: `${base}/doc.pdf` })).rejects.toThrow(/PDF is not supported/);
    const strict = mediaHarness({ capabilities: { allowPrivateNetwork: false } });
    await expect(strict.run('knowledge.extract_text', { url: `${base}/post` })).rejects.toThrow(/Refusing to connect/);
  });
});
