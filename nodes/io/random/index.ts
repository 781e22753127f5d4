import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  kind: z.enum(['uuid', 'integer', 'float', 'string', 'bytes', 'pick', 'shuffle']).default('uuid').describe('uuid (v4), integer in [min, max], float in [min, max), string of `length` from `alphabet`, bytes (`length`, hex), pick one of `items`, or shuffle `items`.'),
  min: z.number().default(0).describe('Lower bound (integer and float).'),
  max: z.number().default(100).describe('Upper bound (inclusive for integer).'),
  length: z.number().int().min(1).max(4096).default(16).describe('Length of string or bytes.'),
  alphabet: z.string().min(2).max(256).default('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789').describe('Characters of a random string.'),
  items: z.array(z.unknown()).max(100_000).default([]).describe('Candidates for pick and shuffle.'),
  count: z.number().int().min(1).max(1000).default(1).describe('How many values to draw; more than 1 emits a list.'),
});

export const ioRandom: NodeDefinition<typeof params> = {
  type: 'io.random',
  version: 1,
  category: 'io',
  subcategory: 'crypto',
  name: 'Random',
  description: 'Cryptographically secure random values (node:crypto): UUIDs, integers, floats, strings, bytes, a pick from a list or a shuffle. `main` = {value} (a list when count > 1).',
  tags: ['random', 'uuid', 'crypto'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{value}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const one = (): unknown => {
      switch (p.kind) {
        case 'uuid': return randomUUID();
        case 'integer': {
          const lo = Math.ceil(p.min);
          const hi = Math.floor(p.max);
          if (hi < lo) throw new NodeError('max is below min', { type: 'invalid_params' });
          return randomInt(lo, hi + 1);
        }
        case 'float': {
          if (p.max <= p.min) throw new NodeError('max must be above min', { type: 'invalid_params' });
          return p.min + (randomBytes(6).readUIntBE(0, 6) / 2 ** 48) * (p.max - p.min);
        }
        case 'string': {
          const chars = [...p.alphabet];
          return Array.from({ length: p.length }, () => chars[randomInt(chars.length)]).join('');
        }
        case 'bytes': return randomBytes(p.length).toString('hex');
        case 'pick':
          if (p.items.length === 0) throw new NodeError('pick needs `items`', { type: 'invalid_params' });
          return p.items[randomInt(p.items.length)];
        case 'shuffle': {
          const a = [...p.items];
          for (let i = a.length - 1; i > 0; i--) {
            const j = randomInt(i + 1);
            [a[i], a[j]] = [a[j], a[i]];
          }
          return a;
        }
      }
    };
    return { output: { main: { value: p.count === 1 ? one() : Array.from({ length: p.count }, one) } } };
  },
};
