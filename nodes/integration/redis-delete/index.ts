import { z } from 'zod';
import { type NodeDefinition, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  keys: z.array(z.string().min(1).max(1024)).min(1).max(1000).describe('Keys to delete.'),
  ...redisParams(),
});

export const integrationRedisDelete: NodeDefinition<typeof params> = {
  type: 'integration.redis_delete',
  version: 1,
  category: 'integration',
  subcategory: 'cache',
  name: 'Redis delete',
  description: 'Deletes keys from Redis (DEL); `main` = {deleted} (how many existed).',
  tags: ['redis', 'cache', 'delete'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{deleted}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => ({ output: { main: { deleted: await r.del(...p.keys) } } }));
  },
};
