import { z } from 'zod';
import { contentTypeFor, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { withWorkspace } from '../../_lib/media';
import { fetchDocument } from '../../_lib/saas';
import { slugify } from '../../io/slugify/index';

const MAX_MB = 200;
const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('The file to download (SSRF-safe; up to 5 redirects).'),
  file_name: z.string().max(200).optional().describe('Name for the stored file; defaults to the URL\'s last path segment.'),
  max_mb: z.number().positive().max(MAX_MB).default(50).describe(`Largest file accepted, in MB (max ${MAX_MB}).`),
  headers: z.record(z.string(), z.string()).default({}).describe('Extra request headers.'),
});

const EXT: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'video/mp4': 'mp4', 'video/webm': 'webm',
  'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'application/json': 'json', 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/csv': 'csv',
};

export const httpDownload: NodeDefinition<typeof params> = {
  type: 'http.download',
  version: 1,
  category: 'http',
  subcategory: 'files',
  name: 'Download file',
  description: 'Downloads a file from a URL into the blob store and passes on a reference, never the bytes: `main` = {url (signed, 7 days), mime, size, file_name, source_url, sha256}. The server\'s content type wins over the name\'s extension.',
  tags: ['http', 'download', 'file', 'blob'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, file_name, source_url, sha256}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    const res = await fetchDocument(ctx, 'download', p.url, { maxBytes: Math.round(p.max_mb * 1024 * 1024), headers: p.headers, timeoutS: 240 });
    const mime = (res.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
    const last = decodeURIComponent(new URL(p.url).pathname.split('/').filter(Boolean).at(-1) ?? '') || 'download';
    const wanted = p.file_name ?? last;
    const dot = wanted.lastIndexOf('.');
    const base = slugify(dot > 0 ? wanted.slice(0, dot) : wanted, '-', false, 80) || 'download';
    const ext = EXT[mime] ?? (dot > 0 ? wanted.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) : '') ?? 'bin';
    if (res.body.length === 0) throw new NodeError(`download: ${p.url} returned an empty body`, { type: 'invalid_input' });
    const { createHash } = await import('node:crypto');
    const sha256 = createHash('sha256').update(res.body).digest('hex');
    return withWorkspace(ctx, async (ws) => {
      const ref = await ws.store(res.body, ext || 'bin', { source_url: p.url, sha256 }, base);
      const finalMime = EXT[mime] ? mime : contentTypeFor(`x.${ext}`) !== 'application/octet-stream' ? contentTypeFor(`x.${ext}`) : mime;
      return { output: { main: { ...ref, mime: finalMime, file_name: `${base}.${ext || 'bin'}` } } };
    });
  },
};
