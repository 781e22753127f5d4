import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  url: z.string().max(100_000).describe('An absolute URL.'),
});

export const ioUrlParse: NodeDefinition<typeof params> = {
  type: 'io.url_parse',
  version: 1,
  category: 'io',
  subcategory: 'encoding',
  name: 'Parse URL',
  description: 'Splits a URL into its parts (WHATWG URL); repeated query keys become lists. `main` = {href, protocol, host, hostname, port, pathname, segments, query, hash, origin}. User info is dropped.',
  tags: ['url', 'parse', 'query'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{href, protocol, host, hostname, port, pathname, segments, query, hash, origin}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    let u: URL;
    try {
      u = new URL(p.url);
    } catch {
      throw new NodeError(`invalid URL: ${p.url.slice(0, 200)}`, { type: 'invalid_input' });
    }
    u.username = '';
    u.password = '';
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of u.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return {
      output: {
        main: {
          href: u.href, protocol: u.protocol.replace(/:$/, ''), host: u.host, hostname: u.hostname, port: u.port ? Number(u.port) : null,
          pathname: u.pathname, segments: u.pathname.split('/').filter(Boolean).map(decodeURIComponent), query, hash: u.hash.replace(/^#/, ''), origin: u.origin,
        },
      },
    };
  },
};
