import { z } from 'zod';
import { type NodeDefinition, payloadText, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  channel: z.string().min(1).max(1024).describe('Pub/sub channel.'),
  message: z.unknown().describe('The message; non-strings are sent as JSON.'),
  ...redisParams(),
});

export const integrationRedisPublish: NodeDefinition<typeof params> = {
  type: 'integration.redis_publish',
  version: 1,
  category: 'integration',
  subcategory: 'messaging',
  name: 'Redis publish',
  description: 'Publishes a message on a Redis pub/sub channel (PUBLISH); `main` = {channel, receivers} (subscribers that got it).',
  tags: ['redis', 'pubsub', 'publish', 'messaging'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{channel, receivers}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => ({ output: { main: { channel: p.channel, receivers: await r.publish(p.channel, payloadText(p.message)) } } }));
  },
};
