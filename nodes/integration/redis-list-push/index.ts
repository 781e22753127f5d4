import { z } from 'zod';
import { keyParam, type NodeDefinition, payloadText, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  key: keyParam(),
  values: z.array(z.unknown()).min(1).max(10_000).describe('Values to push, in order; non-strings are stored as JSON.'),
  side: z.enum(['right', 'left']).default('right').describe('RPUSH (queue tail) or LPUSH (head).'),
  max_length: z.number().int().min(1).max(10_000_000).optional().describe('Trim the list to this many newest entries after pushing (a capped log).'),
  ...redisParams(),
});

export const integrationRedisListPush: NodeDefinition<typeof params> = {
  type: 'integration.redis_list_push',
  version: 1,
  category: 'integration',
  subcategory: 'queue',
  name: 'Redis list push',
  description: 'Pushes values onto a Redis list (a simple work queue), optionally capping its length; `main` = {key, length}.',
  tags: ['redis', 'list', 'queue', 'push'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{key, length}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => {
      const values = p.values.map(payloadText);
      let length = p.side === 'right' ? await r.rpush(p.key, ...values) : await r.lpush(p.key, ...values);
      if (p.max_length && length > p.max_length) {
        if (p.side === 'right') await r.ltrim(p.key, -p.max_length, -1);
        else await r.ltrim(p.key, 0, p.max_length - 1);
        length = p.max_length;
      }
      return { output: { main: { key: p.key, length } } };
    });
  },
};
