import { z } from 'zod';
import { keyParam, type NodeDefinition, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  key: keyParam(),
  by: z.number().int().min(-1e15).max(1e15).default(1).describe('Amount to add (negative to decrement).'),
  ttl_s: z.number().int().min(1).max(365 * 24 * 3600).optional().describe('Set this TTL when the increment created the key (rate-limit windows).'),
  ...redisParams(),
});

export const integrationRedisIncr: NodeDefinition<typeof params> = {
  type: 'integration.redis_incr',
  version: 1,
  category: 'integration',
  subcategory: 'cache',
  name: 'Redis increment',
  description: 'Atomically adds to an integer key (INCRBY; a missing key starts at 0), optionally giving a new key a TTL — counters and rate-limit windows. `main` = {key, value}.',
  tags: ['redis', 'counter', 'rate-limit'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{key, value}' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => {
      const value = await r.incrby(p.key, p.by);
      if (p.ttl_s && value === p.by) await r.expire(p.key, p.ttl_s);
      return { output: { main: { key: p.key, value } } };
    });
  },
};
