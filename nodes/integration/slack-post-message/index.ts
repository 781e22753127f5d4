import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://slack.com';
const params = z.object({
  channel: z.string().min(1).max(200).describe('Channel id or name (`C0123…`, `#general`) or a user id for a DM.'),
  text: z.string().max(40_000).default('').describe('Message text (mrkdwn); also the notification fallback when `blocks` are given.'),
  blocks: z.array(z.record(z.string(), z.unknown())).max(50).optional().describe('Block Kit blocks.'),
  thread_ts: z.string().max(50).optional().describe('Reply in the thread of this message ts.'),
  unfurl_links: z.boolean().default(true).describe('Let Slack unfurl links.'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token: "xoxb-…"} (a bot token with chat:write)'),
});

export const integrationSlackPostMessage: NodeDefinition<typeof params> = {
  type: 'integration.slack_post_message',
  version: 1,
  category: 'integration',
  subcategory: 'chat',
  name: 'Slack: post message',
  description: 'Posts a message to a Slack channel, DM or thread with the Web API\'s chat.postMessage (Bearer bot token from the `slack` credentials slot); `main` = {channel, ts, permalink?}. Slack\'s `ok: false` answers fail the node with their error code.',
  tags: ['slack', 'chat', 'notification', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{channel, ts, message}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    if (!p.text && !p.blocks) throw new NodeError('give `text` or `blocks`', { type: 'invalid_params' });
    const auth = await saasAuth(ctx, 'slack', p.credential, p.base_url, REAL);
    const res = await saasRequest(ctx, 'slack', {
      method: 'POST', url: `${auth.baseUrl}/api/chat.postMessage`, headers: { authorization: `Bearer ${auth.token}` }, secrets: [auth.token],
      body: { channel: p.channel, text: p.text, blocks: p.blocks, thread_ts: p.thread_ts, unfurl_links: p.unfurl_links },
    });
    const body = res.body as { ok?: boolean; error?: string; channel?: string; ts?: string; message?: unknown };
    if (!body || body.ok !== true) throw new NodeError(`slack: ${body?.error ?? 'unexpected answer'}`, { type: 'slack_error', retryable: body?.error === 'ratelimited' || body?.error === 'internal_error' });
    return { output: { main: { channel: body.channel, ts: body.ts, message: body.message ?? null } } };
  },
};
