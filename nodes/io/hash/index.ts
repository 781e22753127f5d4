import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  value: z.unknown().describe('Text to hash (non-strings are hashed as their JSON).'),
  algorithm: z.enum(['md5', 'sha1', 'sha256', 'sha384', 'sha512', 'sha3-256', 'sha3-512']).default('sha256').describe('Hash algorithm.'),
  input_encoding: z.enum(['utf8', 'base64', 'hex']).default('utf8').describe('How `value` is encoded (base64/hex hash the decoded bytes).'),
  encoding: z.enum(['hex', 'base64', 'base64url']).default('hex').describe('Encoding of the digest.'),
});

export const ioHash: NodeDefinition<typeof params> = {
  type: 'io.hash',
  version: 1,
  category: 'io',
  subcategory: 'crypto',
  name: 'Hash',
  description: 'Computes a digest (MD5, SHA-1, SHA-2, SHA-3) of a text or bytes; `main` = {hash, algorithm}.',
  tags: ['crypto', 'hash', 'checksum'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{hash, algorithm}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const data = Buffer.from(textOf(p.value), p.input_encoding);
    return { output: { main: { hash: createHash(p.algorithm).update(data).digest(p.encoding), algorithm: p.algorithm } } };
  },
};
