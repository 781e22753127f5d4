import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const params = z.object({
  base: z.string().max(10_000).describe('Base URL (`https://api.example.com/v1/`).'),
  path: z.array(z.union([z.string(), z.number()])).max(100).default([]).describe('Path segments appended to the base, each percent-encoded.'),
  query: z.record(z.string(), z.union([scalar, z.array(scalar)])).default({}).describe('Query parameters; lists repeat the key, null leaves it out.'),
  hash: z.string().max(1000).optional().describe('Fragment (without `#`).'),
});

export const ioUrlBuild: NodeDefinition<typeof params> = {
  type: 'io.url_build',
  version: 1,
  category: 'io',
  subcategory: 'encoding',
  name: 'Build URL',
  description: 'Builds a URL from a base, encoded path segments and query parameters; `main` = {url}.',
  tags: ['url', 'build', 'query', 'encode'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    let u: URL;
    try {
      u = new URL(p.base);
    } catch {
      throw new NodeError(`invalid base URL: ${p.base.slice(0, 200)}`, { type: 'invalid_input' });
    }
    if (p.path.length) u.pathname = u.pathname.replace(/\/+$/, '') + '/' + p.path.map((s) => encodeURIComponent(String(s))).join('/');
    for (const [k, v] of Object.entries(p.query)) {
      for (const item of Array.isArray(v) ? v : [v]) if (item !== null) u.searchParams.append(k, String(item));
    }
    if (p.hash !== undefined) u.hash = p.hash;
    return { output: { main: { url: u.toString() } } };
  },
};
