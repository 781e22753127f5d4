import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { baseUrlParam, saasAuth, saasCredential, saasRequest } from '../../_lib/saas';

const REAL = 'https://api.telegram.org';
const params = z.object({
  chat_id: z.union([z.string().max(100), z.number().int()]).describe('Chat id or `@channelusername`.'),
  text: z.string().min(1).max(4096).describe('Message text (up to 4096 characters).'),
  parse_mode: z.enum(['none', 'MarkdownV2', 'HTML']).default('none').describe('How Telegram formats the text.'),
  disable_notification: z.boolean().default(false).describe('Deliver silently.'),
  reply_to_message_id: z.number().int().optional().describe('Reply to this message.'),
  base_url: baseUrlParam(REAL),
  credential: saasCredential('{token: "<bot id>:<secret>"} from @BotFather'),
});

export const integrationTelegramSendMessage: NodeDefinition<typeof params> = {
  type: 'integration.telegram_send_message',
  version: 1,
  category: 'integration',
  subcategory: 'chat',
  name: 'Telegram: send message',
  description: 'Sends a message from a Telegram bot (Bot API sendMessage; bot token from the `telegram` credentials slot, kept out of errors); `main` = {message_id, chat_id, date}.',
  tags: ['telegram', 'chat', 'notification', 'saas'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{message_id, chat_id, date}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const auth = await saasAuth(ctx, 'telegram', p.credential, p.base_url, REAL);
    const res = await saasRequest(ctx, 'telegram', {
      method: 'POST', url: `${auth.baseUrl}/bot${auth.token}/sendMessage`, secrets: [auth.token],
      body: {
        chat_id: p.chat_id, text: p.text, parse_mode: p.parse_mode === 'none' ? undefined : p.parse_mode, disable_notification: p.disable_notification,
        reply_parameters: p.reply_to_message_id ? { message_id: p.reply_to_message_id } : undefined,
      },
    });
    const body = res.body as { ok?: boolean; description?: string; result?: { message_id: number; date: number; chat: { id: number } } };
    if (!body?.ok || !body.result) throw new NodeError(`telegram: ${body?.description ?? 'unexpected answer'}`, { type: 'telegram_error' });
    return { output: { main: { message_id: body.result.message_id, chat_id: body.result.chat.id, date: new Date(body.result.date * 1000).toISOString() } } };
  },
};
