import { z } from 'zod';
import type { NodeDefinition } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/items';

const params = z.object({
  value: z.unknown().describe('Text to encode (non-strings are encoded as their JSON).'),
  input_encoding: z.enum(['utf8', 'hex', 'latin1']).default('utf8').describe('How `value` is encoded.'),
  url_safe: z.boolean().default(false).describe('Use the URL-safe alphabet without padding (base64url).'),
});

export const ioBase64Encode: NodeDefinition<typeof params> = {
  type: 'io.base64_encode',
  version: 1,
  category: 'io',
  subcategory: 'encoding',
  name: 'Base64 encode',
  description: 'Encodes text (UTF-8, hex or Latin-1) as base64 or base64url; `main` = {base64}.',
  tags: ['base64', 'encode', 'encoding'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{base64}' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    return { output: { main: { base64: Buffer.from(textOf(p.value), p.input_encoding).toString(p.url_safe ? 'base64url' : 'base64') } } };
  },
};
