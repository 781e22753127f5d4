import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { type NodeDefinition, s3Client, s3Error, s3Params } from '../../../src/engine/node-sdk';

const params = z.object({
  ...s3Params(),
  prefix: z.string().max(1024).default('').describe('Only keys starting with this prefix.'),
  delimiter: z.string().max(10).optional().describe('Group keys by this delimiter (`/` lists one "folder" level; groups come back in `prefixes`).'),
  max_keys: z.number().int().min(1).max(1000).default(1000).describe('Keys per page.'),
  continuation_token: z.string().max(2048).optional().describe('`next_token` of the previous page.'),
});

export const storageS3List: NodeDefinition<typeof params> = {
  type: 'storage.s3_list',
  version: 1,
  category: 'storage',
  subcategory: 's3',
  name: 'S3: list objects',
  description: 'Lists objects of a bucket (ListObjectsV2) by prefix, one page at a time: `main` = {objects: [{key, size, etag, last_modified}], prefixes, truncated, next_token}.',
  tags: ['s3', 'storage', 'list', 'object-storage'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{objects, prefixes, truncated, next_token}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 60 },
  async execute(ctx, { params: p }) {
    const h = await s3Client(ctx, p.credential);
    try {
      const r = await h.client.send(new ListObjectsV2Command({ Bucket: p.bucket, Prefix: p.prefix || undefined, Delimiter: p.delimiter, MaxKeys: p.max_keys, ContinuationToken: p.continuation_token }), { abortSignal: ctx.signal });
      return {
        output: {
          main: {
            objects: (r.Contents ?? []).map((o) => ({ key: o.Key, size: o.Size ?? 0, etag: o.ETag?.replace(/"/g, '') ?? null, last_modified: o.LastModified?.toISOString() ?? null })),
            prefixes: (r.CommonPrefixes ?? []).map((c) => c.Prefix),
            truncated: r.IsTruncated ?? false,
            next_token: r.NextContinuationToken ?? null,
          },
        },
      };
    } catch (err) {
      throw s3Error(err, h);
    } finally {
      h.client.destroy();
    }
  },
};
