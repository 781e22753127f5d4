// The http category's new nodes against a loopback web server (feeds, pages, sitemaps, files, GraphQL).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsFor, harness, keyOfUrl, main, tempBlobs, undescribedParams } from '../_lib/harness';

const RSS = `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
<title>Studio News</title><link>https://news.test/</link><description>All the news</description>
<item><title>New &amp; shiny</title><link>https://news.test/2</link><guid>n2</guid><pubDate>Tue, 10 Nov 2026 10:00:00 GMT</pubDate><description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description><dc:creator>Ada</dc:creator><category>video</category><category>ai</category><enclosure url="https://news.test/ep2.mp3" type="audio/mpeg" length="1234"/></item>
<item><title>Older</title><link>https://news.test/1</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate><description>Old one</description></item>
</channel></rss>`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Dev Blog</title><subtitle>Notes</subtitle><link href="https://blog.test/" rel="alternate"/><link href="https://blog.test/feed" rel="self"/>
<entry><title type="html">Post A</title><link href="https://blog.test/a"/><id>urn:a</id><updated>2026-11-20T08:00:00Z</updated><summary>Short A</summary><author><name>Bob</name></author><category term="ts"/></entry></feed>`;
const PAGE = `<html><head><title>Shop</title><meta property="og:image" content="/img/og.png"></head><body>
<h1>  Big   Sale </h1><ul><li class="p"><a href="/p/1">One</a> <span class="price">€10</span></li><li class="p"><a href="https://cdn.test/p/2">Two</a> <span class="price">€20</span></li></ul>
<div id="raw"><b>bold</b></div></body></html>`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ff3f0005fe02fea7d6a5d20000000049454e44ae426082', 'hex');
let gqlSeen: { headers: IncomingMessage['headers']; body: unknown } | undefined;

const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const u = req.url ?? '/';
    const send = (type: string, body: string | Buffer, status = 200) => { res.writeHead(status, { 'content-type': type }); res.end(body); };
    if (u === '/rss') return send('application/rss+xml', RSS);
    if (u === '/atom') return send('application/atom+xml', ATOM);
    if (u === '/moved') { res.writeHead(301, { location: '/rss' }); return res.end(); }
    if (u === '/page') return send('text/html; charset=utf-8', PAGE);
    if (u === '/files/pixel%20one.png') return send('image/png', PNG);
    if (u === '/big') return send('application/octet-stream', Buffer.alloc(2 * 1024 * 1024));
    if (u === '/sitemap.xml') return send('application/xml', `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sm-1.xml</loc></sitemap><sitemap><loc>https://elsewhere.test/sm.xml</loc></sitemap></sitemapindex>`);
    if (u === '/sm-1.xml') return send('application/xml', `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/blog/a</loc><lastmod>2026-11-01</lastmod><priority>0.8</priority></url><url><loc>${base}/about</loc></url><url><loc>${base}/blog/b</loc><changefreq>daily</changefreq></url></urlset>`);
    if (u === '/graphql') {
      const body = JSON.parse(raw) as { query: string; variables: { id: string } };
      gqlSeen = { headers: req.headers, body };
      if (body.query.includes('broken')) return send('application/json', JSON.stringify({ data: null, errors: [{ message: 'Cannot query field "broken"' }] }));
      return send('application/json', JSON.stringify({ data: { user: { id: body.variables.id, name: 'Ada' } } }));
    }
    send('text/plain', 'not found', 404);
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const { blobs, dir } = tempBlobs();
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('http nodes', () => {
  it('http.rss_read parses RSS (after a redirect) and Atom, with since and limit', async () => {
    const rss = (await main('http.rss_read', { url: `${base}/moved` })) as { title: string; format: string; items: Record<string, unknown>[] };
    expect(rss).toMatchObject({ title: 'Studio News', link: 'https://news.test/', format: 'rss' });
    expect(rss.items[0]).toEqual({
      title: 'New & shiny', link: 'https://news.test/2', id: 'n2', published: '2026-11-10T10:00:00.000Z', summary: 'Hello world', content: '', author: 'Ada',
      categories: ['video', 'ai'], enclosure: { url: 'https://news.test/ep2.mp3', type: 'audio/mpeg', length: 1234 },
    });
    expect(((await main('http.rss_read', { url: `${base}/rss`, since: '2026-11-05T00:00:00Z' })) as { items: unknown[] }).items).toHaveLength(1);
    expect(((await main('http.rss_read', { url: `${base}/rss`, limit: 1 })) as { items: unknown[] }).items).toHaveLength(1);
    const atom = (await main('http.rss_read', { url: `${base}/atom` })) as { items: Record<string, unknown>[] };
    expect(atom).toMatchObject({ title: 'Dev Blog', link: 'https://blog.test/', description: 'Notes', format: 'atom' });
    expect(atom.items[0]).toMatchObject({ title: 'Post A', link: 'https://blog.test/a', id: 'urn:a', published: '2026-11-20T08:00:00.000Z', summary: 'Short A', author: 'Bob', categories: ['ts'] });
    await expect(main('http.rss_read', { url: `${base}/page` })).rejects.toMatchObject({ type: 'invalid_input' });
    await expect(main('http.rss_read', { url: `${base}/nope` })).rejects.toMatchObject({ type: 'http_status', retryable: false });
  });

  it('http.html_extract reads text, attributes (absolute) and lists with CSS selectors', async () => {
    const r = await main('http.html_extract', { url: `${base}/page`, extract: [
      { key: 'title', selector: 'h1' }, { key: 'links', selector: 'li.p a', attribute: 'href', all: true }, { key: 'prices', selector: '.price', all: true },
      { key: 'og', selector: 'meta[property="og:image"]', attribute: 'content' }, { key: 'raw', selector: '#raw', attribute: 'html' }, { key: 'none', selector: '.missing' },
    ] });
    expect(r).toEqual({ title: 'Big Sale', links: [`${base}/p/1`, 'https://cdn.test/p/2'], prices: ['€10', '€20'], og: '/img/og.png', raw: '<b>bold</b>', none: null });
    expect(await main('http.html_extract', { html: '<p>a</p><p>b</p>', extract: [{ key: 'p', selector: 'p', all: true }] })).toEqual({ p: ['a', 'b'] });
    await expect(main('http.html_extract', { html: '<p/>', extract: [{ key: 'x', selector: ':::' }] })).rejects.toMatchObject({ type: 'invalid_params' });
  });

  it('http.download stores the file in the blob store and passes a reference', async () => {
    const h = harness({ capabilities: { blobs } });
    const ref = (await main('http.download', { url: `${base}/files/pixel%20one.png` }, {}, h)) as Record<string, unknown>;
    expect(ref).toMatchObject({ mime: 'image/png', size: PNG.length, file_name: 'pixel-one.png', source_url: `${base}/files/pixel%20one.png`, sha256: createHash('sha256').update(PNG).digest('hex') });
    const key = keyOfUrl(ref.url as string);
    expect(key).toMatch(/^acct_test\/runs\/run_test\/[0-9a-f]{16}-pixel-one\.png$/);
    expect(readFileSync(blobs.pathOf(key)).equals(PNG)).toBe(true);
    await expect(main('http.download', { url: `${base}/big`, max_mb: 1 }, {}, h)).rejects.toMatchObject({ type: 'http_error', retryable: false });
    await expect(main('http.download', { url: 'http://169.254.169.254/latest' }, {}, harness({ capabilities: { blobs, allowPrivateNetwork: false } }))).rejects.toMatchObject({ type: 'blocked_address' });
  });

  it('http.sitemap follows a sitemap index on the same host and filters', async () => {
    expect(await main('http.sitemap', { url: `${base}/sitemap.xml`, include: '/blog/' })).toEqual({
      urls: [{ loc: `${base}/blog/a`, lastmod: '2026-11-01', changefreq: null, priority: 0.8 }, { loc: `${base}/blog/b`, lastmod: null, changefreq: 'daily', priority: null }],
      count: 2, sitemaps_read: 2,
    });
    expect(((await main('http.sitemap', { url: `${base}/sitemap.xml`, limit: 1 })) as { count: number }).count).toBe(1);
  });

  it('http.graphql sends the operation with the bearer token and surfaces GraphQL errors', async () => {
    const h = harness({ capabilities: { credentials: credentialsFor({ graphql: { secret: 'gql-token-1', metadata: { base_url: base } } }) } });
    expect(await main('http.graphql', { url: `${base}/graphql`, query: 'query U($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' }, operation_name: 'U' }, {}, h)).toEqual({ data: { user: { id: 'u1', name: 'Ada' } }, errors: [] });
    expect(gqlSeen!.headers.authorization).toBe('Bearer gql-token-1');
    expect(gqlSeen!.body).toEqual({ query: 'query U($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' }, operationName: 'U' });
    await expect(main('http.graphql', { url: `${base}/graphql`, query: '{ broken }' })).rejects.toMatchObject({ type: 'graphql_error', message: 'graphql: Cannot query field "broken"' });
    expect(await main('http.graphql', { url: `${base}/graphql`, query: '{ broken }', fail_on_errors: false })).toEqual({ data: null, errors: [{ message: 'Cannot query field "broken"' }] });
  });

  it('describe every param', () => {
    for (const t of ['http.graphql', 'http.rss_read', 'http.html_extract', 'http.download', 'http.sitemap']) expect(undescribedParams(t), t).toEqual([]);
  });
});
