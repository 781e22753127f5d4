import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';

const params = z.object({
  version: z.enum(['v4', 'v7', 'nil']).default('v4').describe('v4 (random), v7 (time-ordered: sorts by creation time, good for database keys) or the nil UUID.'),
  count: z.number().int().min(1).max(1000).default(1).describe('How many; more than 1 emits a list in `uuids`.'),
  validate: z.string().max(100).optional().describe('Instead of generating, check this text: `main` = {valid, version}.'),
});

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** RFC 9562 UUIDv7: 48-bit Unix ms timestamp, version, 74 random bits. */
export function uuidv7(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const developerUuid: NodeDefinition<typeof params> = {
  type: 'developer.uuid',
  version: 1,
  category: 'developer',
  subcategory: 'ids',
  name: 'UUID',
  description: 'Generates UUIDs (v4 random, v7 time-ordered, nil) or validates one; `main` = {uuid} or {uuids} or {valid, version}.',
  tags: ['uuid', 'id', 'random'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{uuid} | {uuids} | {valid, version}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    if (p.validate !== undefined) {
      const m = UUID_RE.exec(p.validate);
      const nil = p.validate === '00000000-0000-0000-0000-000000000000';
      return { output: { main: { valid: Boolean(m) || nil, version: nil ? 0 : m ? Number.parseInt(m[1]!, 16) : null } } };
    }
    const one = () => (p.version === 'v4' ? randomUUID() : p.version === 'v7' ? uuidv7() : '00000000-0000-0000-0000-000000000000');
    return { output: { main: p.count === 1 ? { uuid: one() } : { uuids: Array.from({ length: p.count }, one) } } };
  },
};
