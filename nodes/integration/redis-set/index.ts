import { z } from 'zod';
import { keyParam, type NodeDefinition, payloadText, redisParams, withRedis } from '../../../src/engine/node-sdk';

const params = z.object({
  key: keyParam(),
  value: z.unknown().describe('The value; non-strings are stored as JSON.'),
  ttl_s: z.number().int().min(1).max(365 * 24 * 3600).optional().describe('Expire the key after this many seconds.'),
  mode: z.enum(['always', 'if_absent', 'if_present']).default('always').describe('Write always, only when the key does not exist (NX: a lock or "first wins"), or only when it does (XX).'),
  ...redisParams(),
});

export const integrationRedisSet: NodeDefinition<typeof params> = {
  type: 'integration.redis_set',
  version: 1,
  category: 'integration',
  subcategory: 'cache',
  name: 'Redis set',
  description: 'Writes a string key in Redis, with an optional TTL and NX/XX condition; `main` = {key, written} (false when the condition prevented the write).',
  tags: ['redis', 'cache', 'key-value', 'lock'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{key, written}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    return withRedis(ctx, p.credential, async (r) => {
      const args: (string | number)[] = [];
      if (p.ttl_s) args.push('EX', p.ttl_s);
      if (p.mode === 'if_absent') args.push('NX');
      if (p.mode === 'if_present') args.push('XX');
      const res = await r.call('SET', p.key, payloadText(p.value), ...args);
      return { output: { main: { key: p.key, written: res === 'OK' } } };
    });
  },
};
