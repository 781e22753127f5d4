import { z } from 'zod';
import { decodePayload, keyParam, type NodeDefinition, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  key: keyParam(),
  parse_json: z.boolean().default(true).describe('Parse the value as JSON when it is valid JSON.'),
  ...redisParams(),
});

export const integrationRedisGet: NodeDefinition<typeof params> = {
  type: 'integration.redis_get',
  version: 1,
  category: 'integration',
  subcategory: 'cache',
  name: 'Redis get',
  description: 'Reads a string key from Redis (the `redis` credentials slot); `main` = {key, value, exists, ttl_s} with JSON values parsed. A missing key gives value null and exists false.',
  tags: ['redis', 'cache', 'key-value'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{key, value, exists, ttl_s}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => {
      const [raw, ttl] = await Promise.all([r.get(p.key), r.ttl(p.key)]);
      const value = raw === null ? null : p.parse_json ? (decodePayload(raw).json ?? raw) : raw;
      return { output: { main: { key: p.key, value, exists: raw !== null, ttl_s: ttl >= 0 ? ttl : null } } };
    });
  },
};
