import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { withWorkspace } from '../../_lib/media';
import { slugify } from '../../_lib/slug';

const EXT: Record<string, string> = { text: 'txt', json: 'json', csv: 'csv', markdown: 'md', html: 'html', srt: 'srt', vtt: 'vtt', xml: 'xml', yaml: 'yaml' };
const MIME: Record<string, string> = { csv: 'text/csv; charset=utf-8', md: 'text/markdown; charset=utf-8', html: 'text/html; charset=utf-8', xml: 'application/xml', yaml: 'application/yaml' };

const params = z.object({
  content: z.unknown().optional().describe('What to write: text as is; other values as JSON (format json).'),
  content_base64: z.string().max(30_000_000).optional().describe('Binary content, base64 (written as is; give `extension`).'),
  format: z.enum(['text', 'json', 'csv', 'markdown', 'html', 'srt', 'vtt', 'xml', 'yaml']).default('text').describe('Decides the file extension and content type.'),
  extension: z.string().regex(/^[a-z0-9]{1,8}$/).optional().describe('File extension overriding the format\'s (`png` for base64 images).'),
  file_name: z.string().max(200).optional().describe('Base name of the file (default: the node id).'),
});

export const storageFileWrite: NodeDefinition<typeof params> = {
  type: 'storage.file_write',
  version: 1,
  category: 'storage',
  subcategory: 'files',
  name: 'Write file',
  description: 'Writes text, JSON or base64 bytes as a file in Atelier\'s blob store (GET /v1/files/… signed URL) so later nodes, webhooks or people can fetch it; `main` = {url, mime, size, file_name, expires_at}.',
  tags: ['file', 'blob', 'export', 'storage'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, file_name, expires_at}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    if ((p.content === undefined) === (p.content_base64 === undefined)) throw new NodeError('give exactly one of `content` or `content_base64`', { type: 'invalid_params' });
    const data = p.content_base64 !== undefined ? Buffer.from(p.content_base64, 'base64')
      : Buffer.from(typeof p.content === 'string' ? p.content : JSON.stringify(p.content, null, p.format === 'json' ? 2 : undefined));
    const ext = p.extension ?? EXT[p.format]!;
    const base = slugify(p.file_name ?? ctx.nodeId, '-', false, 80) || 'file';
    return withWorkspace(ctx, async (ws) => {
      const ref = await ws.store(data, ext, {}, base);
      return { output: { main: { ...ref, mime: MIME[ext] ?? ref.mime, file_name: `${base}.${ext}` } } };
    });
  },
};
