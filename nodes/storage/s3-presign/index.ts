import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { type NodeDefinition, objectKey, s3Client, s3Error, s3Params } from '../../../src/engine/node-sdk';

const params = z.object({
  ...s3Params(),
  key: objectKey(),
  method: z.enum(['GET', 'PUT']).default('GET').describe('GET to share a download, PUT to let someone upload to this key.'),
  expires_in_s: z.number().int().min(1).max(7 * 24 * 3600).default(3600).describe('Validity in seconds (max 7 days, the SigV4 limit).'),
  content_type: z.string().max(255).optional().describe('For PUT: the Content-Type the uploader must send.'),
});

export const storageS3Presign: NodeDefinition<typeof params> = {
  type: 'storage.s3_presign',
  version: 1,
  category: 'storage',
  subcategory: 's3',
  name: 'S3: presigned URL',
  description: 'Makes a time-limited presigned URL (SigV4) to download or upload one object without credentials; `main` = {url, method, expires_at}. Nothing is sent to the server.',
  tags: ['s3', 'storage', 'share', 'presign'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, method, expires_at}' }],
  execution: 'local',
  async execute(ctx, { params: p }) {
    const h = await s3Client(ctx, p.credential);
    try {
      const command = p.method === 'GET' ? new GetObjectCommand({ Bucket: p.bucket, Key: p.key }) : new PutObjectCommand({ Bucket: p.bucket, Key: p.key, ContentType: p.content_type });
      const url = await getSignedUrl(h.client, command, { expiresIn: p.expires_in_s });
      return { output: { main: { url, method: p.method, expires_at: new Date(Date.now() + p.expires_in_s * 1000).toISOString() } } };
    } catch (err) {
      throw s3Error(err, h);
    } finally {
      h.client.destroy();
    }
  },
};
