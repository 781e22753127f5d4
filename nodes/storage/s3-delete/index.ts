import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { type NodeDefinition, NodeError, s3Client, s3Error, s3Params } from '../../../src/engine/node-sdk';

const params = z.object({
  ...s3Params(),
  keys: z.array(z.string().min(1).max(1024)).min(1).max(1000).describe('Keys to delete (missing keys count as deleted, as S3 does).'),
});

export const storageS3Delete: NodeDefinition<typeof params> = {
  type: 'storage.s3_delete',
  version: 1,
  category: 'storage',
  subcategory: 's3',
  name: 'S3: delete objects',
  description: 'Deletes up to 1000 objects in one DeleteObjects request; `main` = {deleted: [keys], count}. Per-key errors fail the node listing them.',
  tags: ['s3', 'storage', 'delete', 'object-storage'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{deleted, count}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 120 },
  async execute(ctx, { params: p }) {
    const h = await s3Client(ctx, p.credential);
    try {
      const r = await h.client.send(new DeleteObjectsCommand({ Bucket: p.bucket, Delete: { Objects: p.keys.map((Key) => ({ Key })), Quiet: false } }), { abortSignal: ctx.signal });
      if (r.Errors?.length) throw new NodeError(`s3: could not delete ${r.Errors.map((e) => `${e.Key} (${e.Code})`).join(', ')}`, { type: 's3_error' });
      const deleted = (r.Deleted ?? []).map((d) => d.Key!).filter(Boolean);
      return { output: { main: { deleted, count: deleted.length } } };
    } catch (err) {
      throw s3Error(err, h);
    } finally {
      h.client.destroy();
    }
  },
};
