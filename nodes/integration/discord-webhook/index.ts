import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, NodeError, requireField } from '../../../src/engine/node-sdk';
import { saasRequest } from '../../_lib/saas';

const params = z.object({
  content: z.string().max(2000).default('').describe('Message text (Discord markdown, up to 2000 characters).'),
  username: z.string().max(80).optional().describe('Override the webhook\'s display name.'),
  avatar_url: z.string().url().optional().describe('Override the webhook\'s avatar.'),
  embeds: z.array(z.record(z.string(), z.unknown())).max(10).optional().describe('Rich embeds (title, description, url, color, fields…).'),
  thread_id: z.string().max(30).optional().describe('Send into this thread of a forum or text channel.'),
  credential: inlineCredential('{webhook_url: "https://discord.com/api/webhooks/<id>/<token>"} (the URL carries the token, so it is a secret)'),
});

export const integrationDiscordWebhook: NodeDefinition<typeof params> = {
  type: 'integration.discord_webhook',
  version: 1,
  category: 'integration',
  subcategory: 'chat',
  name: 'Discord: send via webhook',
  description: 'Posts a message (text and embeds) through a Discord webhook (Execute Webhook with ?wait=true, the URL from the `discord` credentials slot); `main` = {id, channel_id}.',
  tags: ['discord', 'chat', 'notification', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{id, channel_id}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    if (!p.content && !p.embeds?.length) throw new NodeError('give `content` or `embeds`', { type: 'invalid_params' });
    const hook = requireField(await credential(ctx, 'discord', p.credential), ['webhook_url', 'url', 'secret'], 'discord');
    const url = new URL(hook);
    url.searchParams.set('wait', 'true');
    if (p.thread_id) url.searchParams.set('thread_id', p.thread_id);
    const token = url.pathname.split('/').at(-1);
    const res = await saasRequest(ctx, 'discord', {
      method: 'POST', url: url.toString(), secrets: [hook, token],
      body: { content: p.content || undefined, username: p.username, avatar_url: p.avatar_url, embeds: p.embeds, allowed_mentions: { parse: ['users'] } },
    });
    const body = res.body as { id?: string; channel_id?: string };
    return { output: { main: { id: body?.id ?? null, channel_id: body?.channel_id ?? null } } };
  },
};
