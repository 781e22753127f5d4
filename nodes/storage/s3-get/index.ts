import { GetObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { type NodeDefinition, NodeError, objectKey, s3Client, s3Error, s3Params } from '../../../src/engine/node-sdk';
import { withWorkspace } from '../../_lib/media';

const MAX_INLINE = 1024 * 1024;
const params = z.object({
  ...s3Params(),
  key: objectKey(),
  as: z.enum(['file', 'text', 'json']).default('file').describe('`file`: copy into Atelier\'s blob store and emit a reference (any size up to max_mb); `text`/`json`: emit the content itself (objects up to 1 MB).'),
  max_mb: z.number().positive().max(500).default(100).describe('Largest object accepted, in MB.'),
});

export const storageS3Get: NodeDefinition<typeof params> = {
  type: 'storage.s3_get',
  version: 1,
  category: 'storage',
  subcategory: 's3',
  name: 'S3: get object',
  description: 'Downloads an object from S3-compatible storage: as a file reference in the blob store (`main` = {url, mime, size, bucket, key, etag, last_modified}), or for small objects as text or parsed JSON (`main` = {text|value, …}). A missing key fails with type s3_not_found.',
  tags: ['s3', 'storage', 'download', 'object-storage'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, …} or {text|value, size, …}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 600 },
  async execute(ctx, { params: p }) {
    const h = await s3Client(ctx, p.credential);
    try {
      const r = await h.client.send(new GetObjectCommand({ Bucket: p.bucket, Key: p.key }), { abortSignal: ctx.signal });
      const size = r.ContentLength ?? 0;
      const limit = p.as === 'file' ? p.max_mb * 1024 * 1024 : MAX_INLINE;
      if (size > limit) throw new NodeError(`object is ${size} bytes, more than ${p.as === 'file' ? `max_mb (${p.max_mb})` : '1 MB (use as: file)'}`, { type: 'too_large' });
      const data = Buffer.from(await r.Body!.transformToByteArray());
      const meta = { bucket: p.bucket, key: p.key, etag: r.ETag?.replace(/"/g, '') ?? null, last_modified: r.LastModified?.toISOString() ?? null, content_type: r.ContentType ?? null };
      if (p.as === 'text') return { output: { main: { text: data.toString('utf8'), size: data.length, ...meta } } };
      if (p.as === 'json') {
        try {
          return { output: { main: { value: JSON.parse(data.toString('utf8')) as unknown, size: data.length, ...meta } } };
        } catch (err) {
          throw new NodeError(`object is not JSON: ${(err as Error).message}`, { type: 'invalid_input' });
        }
      }
      const name = p.key.split('/').at(-1) ?? 'object';
      const dot = name.lastIndexOf('.');
      const ext = dot > 0 ? name.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) || 'bin' : 'bin';
      const base = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'object';
      return await withWorkspace(ctx, async (ws) => {
        const ref = await ws.store(data, ext, meta, base);
        return { output: { main: { ...ref, mime: r.ContentType ?? ref.mime } } };
      });
    } catch (err) {
      throw s3Error(err, h);
    } finally {
      h.client.destroy();
    }
  },
};
