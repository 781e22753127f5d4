import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  base64: z.string().max(20_000_000).describe('Base64 or base64url text (padding optional, white space ignored).'),
  output: z.enum(['utf8', 'hex', 'json']).default('utf8').describe('Decode to UTF-8 text, hex, or parse the text as JSON.'),
});

export const ioBase64Decode: NodeDefinition<typeof params> = {
  type: 'io.base64_decode',
  version: 1,
  category: 'io',
  subcategory: 'encoding',
  name: 'Base64 decode',
  description: 'Decodes base64 or base64url into UTF-8 text, hex, or a JSON value; invalid characters fail the node. `main` = {text} or {hex} or {value}, plus {bytes}.',
  tags: ['base64', 'decode', 'encoding'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text|hex|value, bytes}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const clean = p.base64.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw new NodeError('invalid base64 text', { type: 'invalid_input' });
    const data = Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (p.output === 'hex') return { output: { main: { hex: data.toString('hex'), bytes: data.length } } };
    const text = data.toString('utf8');
    if (p.output === 'utf8') return { output: { main: { text, bytes: data.length } } };
    try {
      return { output: { main: { value: JSON.parse(text) as unknown, bytes: data.length } } };
    } catch (err) {
      throw new NodeError(`decoded text is not JSON: ${(err as Error).message}`, { type: 'invalid_input' });
    }
  },
};
