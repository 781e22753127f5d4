import { PutObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { contentTypeFor, type NodeDefinition, NodeError, objectKey, s3Client, s3Error, s3Params } from '../../../src/engine/node-sdk';
import { withWorkspace } from '../../_lib/media';

const params = z.object({
  ...s3Params(),
  key: objectKey(),
  content: z.unknown().optional().describe('Text to store (non-strings are stored as JSON).'),
  content_base64: z.string().max(20_000_000).optional().describe('Binary content, base64.'),
  file: z.union([z.string().min(1), z.object({ url: z.string().min(1) }).loose()]).optional().describe('A file reference from another node (`{{download.output.main}}`) or a URL, uploaded as is.'),
  content_type: z.string().max(255).optional().describe('Content-Type; guessed from the key\'s extension (or the file\'s mime) when absent.'),
  metadata: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string().max(1024)).default({}).describe('User metadata (x-amz-meta-*).'),
});

export const storageS3Put: NodeDefinition<typeof params> = {
  type: 'storage.s3_put',
  version: 1,
  category: 'storage',
  subcategory: 's3',
  name: 'S3: put object',
  description: 'Uploads an object to S3-compatible storage (@aws-sdk/client-s3; the `s3` credentials slot with endpoint, region and keys): text, JSON, base64 bytes or a file reference from another node. `main` = {bucket, key, etag, size, version_id, content_type}.',
  tags: ['s3', 'storage', 'upload', 'object-storage'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{bucket, key, etag, size, version_id, content_type}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    const given = [p.content !== undefined, p.content_base64 !== undefined, p.file !== undefined].filter(Boolean).length;
    if (given !== 1) throw new NodeError('give exactly one of `content`, `content_base64` or `file`', { type: 'invalid_params' });
    let body: Buffer;
    let type = p.content_type;
    if (p.file !== undefined) {
      const file = p.file;
      body = await withWorkspace(ctx, (ws) => ws.read(file, 'file'));
      if (!type && typeof file === 'object' && typeof file.mime === 'string') type = file.mime;
    } else if (p.content_base64 !== undefined) body = Buffer.from(p.content_base64, 'base64');
    else body = Buffer.from(typeof p.content === 'string' ? p.content : JSON.stringify(p.content));
    type ??= p.content !== undefined && typeof p.content !== 'string' ? 'application/json' : contentTypeFor(p.key);
    const h = await s3Client(ctx, p.credential);
    try {
      const r = await h.client.send(new PutObjectCommand({ Bucket: p.bucket, Key: p.key, Body: body, ContentType: type, Metadata: p.metadata }), { abortSignal: ctx.signal });
      return { output: { main: { bucket: p.bucket, key: p.key, etag: r.ETag?.replace(/"/g, '') ?? null, size: body.length, version_id: r.VersionId ?? null, content_type: type } } };
    } catch (err) {
      throw s3Error(err, h);
    } finally {
      h.client.destroy();
    }
  },
};
