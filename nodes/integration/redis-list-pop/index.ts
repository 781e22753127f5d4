import { z } from 'zod';
import { decodePayload, keyParam, type NodeDefinition, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  key: keyParam(),
  side: z.enum(['left', 'right']).default('left').describe('LPOP (queue head, FIFO with right pushes) or RPOP.'),
  count: z.number().int().min(1).max(10_000).default(1).describe('How many values to take.'),
  parse_json: z.boolean().default(true).describe('Parse values that are valid JSON.'),
  ...redisParams(),
});

export const integrationRedisListPop: NodeDefinition<typeof params> = {
  type: 'integration.redis_list_pop',
  version: 1,
  category: 'integration',
  subcategory: 'queue',
  name: 'Redis list pop',
  description: 'Takes up to `count` values from a Redis list (atomically, so two workers never get the same one); `main` = {key, values, remaining}; `empty` = {key} when the list had nothing.',
  tags: ['redis', 'list', 'queue', 'pop'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{key, values, remaining}' }, { name: 'empty', description: '{key} when the list was empty.' }],
  execution: 'activity',
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => {
      const raw = p.side === 'left' ? await r.lpop(p.key, p.count) : await r.rpop(p.key, p.count);
      const list = raw ?? [];
      if (list.length === 0) return { output: { empty: { key: p.key } } };
      const values = list.map((v) => (p.parse_json ? (decodePayload(v).json ?? v) : v));
      return { output: { main: { key: p.key, values, remaining: await r.llen(p.key) } } };
    });
  },
};
