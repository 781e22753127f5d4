import { z } from 'zod';
import { connectionHome, credential, inlineCredential, type NodeDefinition, optionalField, requireField } from '../../../src/engine/node-sdk';
import { saasRequest } from '../../_lib/saas';

const REAL = 'https://api.trello.com';
const params = z.object({
  list_id: z.string().min(1).max(100).describe('The list the card goes into.'),
  name: z.string().min(1).max(16_384).describe('Card title.'),
  desc: z.string().max(16_384).default('').describe('Card description (Markdown).'),
  position: z.enum(['top', 'bottom']).default('bottom').describe('Where in the list.'),
  due: z.string().max(40).optional().describe('Due date (ISO 8601).'),
  label_ids: z.array(z.string().max(100)).max(20).default([]).describe('Label ids.'),
  base_url: z.string().url().default(REAL).describe(`API base URL (default ${REAL}).`),
  credential: inlineCredential('{key (API key), token}'),
});

export const integrationTrelloCreateCard: NodeDefinition<typeof params> = {
  type: 'integration.trello_create_card',
  version: 1,
  category: 'integration',
  subcategory: 'productivity',
  name: 'Trello: create card',
  description: 'Adds a card to a Trello list (POST /1/cards; API key and token from the `trello` credentials slot, sent in the Authorization header as OAuth oauth_consumer_key/oauth_token); `main` = {id, url, short_url}.',
  tags: ['trello', 'kanban', 'tasks', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{id, url, short_url}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const cred = await credential(ctx, 'trello', p.credential);
    connectionHome(ctx, 'trello', REAL);
    const key = requireField(cred, ['key', 'api_key'], 'trello');
    const token = requireField(cred, ['token', 'secret'], 'trello');
    const base = (p.base_url === REAL ? optionalField(cred, ['base_url']) ?? REAL : p.base_url).replace(/\/+$/, '');
    const res = await saasRequest(ctx, 'trello', {
      method: 'POST', url: `${base}/1/cards`, secrets: [key, token],
      headers: { authorization: `OAuth oauth_consumer_key="${key}", oauth_token="${token}"` },
      body: { idList: p.list_id, name: p.name, desc: p.desc, pos: p.position, due: p.due, idLabels: p.label_ids.length ? p.label_ids.join(',') : undefined },
    });
    const b = res.body as { id: string; url: string; shortUrl: string };
    return { output: { main: { id: b.id, url: b.url, short_url: b.shortUrl } } };
  },
};
