import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://api.notion.com';
const params = z.object({
  database_id: z.string().min(1).max(100).describe('The database the page is created in (its id from the share URL).'),
  title: z.string().min(1).max(2000).describe('Page title.'),
  title_property: z.string().max(100).default('Name').describe('Name of the database\'s title property.'),
  properties: z.record(z.string(), z.unknown()).default({}).describe('Further properties in Notion\'s property-value format (`{"Status": {"select": {"name": "Draft"}}}`).'),
  content: z.string().max(100_000).default('').describe('Page body: each blank-line-separated paragraph becomes a paragraph block (2000 characters each).'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token} (an internal integration secret shared with the database)'),
});

export const integrationNotionCreatePage: NodeDefinition<typeof params> = {
  type: 'integration.notion_create_page',
  version: 1,
  category: 'integration',
  subcategory: 'productivity',
  name: 'Notion: create page',
  description: 'Creates a page in a Notion database (POST /v1/pages, Notion-Version 2022-06-28, token from the `notion` credentials slot) with a title, extra properties and paragraph content; `main` = {id, url}.',
  tags: ['notion', 'docs', 'database', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{id, url}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const auth = await saasAuth(ctx, 'notion', p.credential, p.base_url, REAL);
    const paragraphs = p.content.split(/\n\s*\n/).map((s) => s.trim()).filter(Boolean)
      .flatMap((s) => s.match(/[\s\S]{1,2000}/g) ?? [])
      .slice(0, 100)
      .map((chunk) => ({ object: 'block', type: 'paragraph', paragraph: { rich_text: [{ type: 'text', text: { content: chunk } }] } }));
    const res = await saasRequest(ctx, 'notion', {
      method: 'POST', url: `${auth.baseUrl}/v1/pages`, secrets: [auth.token],
      headers: { authorization: `Bearer ${auth.token}`, 'notion-version': '2022-06-28' },
      body: {
        parent: { database_id: p.database_id },
        properties: { ...p.properties, [p.title_property]: { title: [{ type: 'text', text: { content: p.title } }] } },
        children: paragraphs,
      },
    });
    const b = res.body as { id: string; url: string };
    return { output: { main: { id: b.id, url: b.url } } };
  },
};
