import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { credential, inlineCredential, type NodeDefinition, requireField } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  value: z.unknown().describe('The message to sign (non-strings are signed as their JSON).'),
  algorithm: z.enum(['sha1', 'sha256', 'sha384', 'sha512']).default('sha256').describe('Hash function of the HMAC.'),
  encoding: z.enum(['hex', 'base64', 'base64url']).default('hex').describe('Encoding of the signature.'),
  expected: z.string().max(1000).optional().describe('A signature to verify against (e.g. a webhook\'s `X-Signature` header, an optional `sha256=` prefix is ignored); the result gains `valid`.'),
  credential: inlineCredential('{key}'),
});

export const ioHmac: NodeDefinition<typeof params> = {
  type: 'io.hmac',
  version: 1,
  category: 'io',
  subcategory: 'crypto',
  name: 'HMAC',
  description: 'Signs a message with HMAC (key from the `hmac` credentials slot), or verifies a given signature in constant time — e.g. to check a webhook. `main` = {signature, valid?}. The key never appears in outputs or logs.',
  tags: ['crypto', 'hmac', 'signature', 'webhook'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{signature, algorithm, valid?}' }],
  execution: 'local',
  async execute(ctx, { params: p }) {
    const cred = await credential(ctx, 'hmac', p.credential);
    const key = requireField(cred, ['key', 'secret'], 'hmac');
    const signature = createHmac(p.algorithm, key).update(textOf(p.value)).digest(p.encoding);
    const out: Record<string, unknown> = { signature, algorithm: p.algorithm };
    if (p.expected !== undefined) {
      const given = Buffer.from(p.expected.replace(/^sha\d+=/, ''));
      const mine = Buffer.from(signature);
      out.valid = given.length === mine.length && timingSafeEqual(given, mine);
    }
    return { output: { main: out } };
  },
};
