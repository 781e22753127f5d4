import { ListObjectVersionsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { clientWith, rootClient, startStorageStack } from './helpers';
import { applyLifecycle, transitionedClass } from '../../src/storage/object-store/lifecycle';

let stack: TestStack;
let session: string;
let bucket: { id: string; aws: string; access: string; secret: string };
const cfg = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3/buckets/${bucket.id}${path}`, { key: session, body });
const DAY = 86_400_000;
const row = () => stack.atelier.deps.db.selectFrom('s3_buckets').selectAll().where('id', '=', bucket.id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ stack, session } = await startStorageStack({ ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
  const p = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'lifecycle', quota_gb: 5, versioning_enabled: true } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  bucket = { id: p.body.bucket.id, aws: p.body.bucket.aws_bucket_name, access: p.body.access_key_id, secret: p.body.secret_access_key };
});
afterAll(async () => {
  await stack?.close();
});

describe('lifecycle rules the hourly sweep carries out', () => {
  it('noncurrent-version expiration removes old versions from the server once they have been noncurrent long enough', async () => {
    const put = await cfg('PUT', '/lifecycle', { rules: [{ id: 'old-versions', status: 'Enabled', prefix: 'docs/', noncurrent_version_expiration: { noncurrent_days: 7 } }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const key = clientWith(stack, bucket.access, bucket.secret);
    for (const body of ['v1', 'v2', 'v3']) await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'docs/readme.txt', Body: body }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'other/readme.txt', Body: 'o1' }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'other/readme.txt', Body: 'o2' }));
    const versions = async (prefix: string) => {
      const r = await rootClient(stack).send(new ListObjectVersionsCommand({ Bucket: bucket.aws, Prefix: prefix }));
      return (r.Versions ?? []).map((v) => ({ id: v.VersionId, latest: v.IsLatest }));
    };
    const before = await versions('docs/');
    expect(before).toHaveLength(3);

    expect((await applyLifecycle(stack.atelier.deps, await row(), new Date(Date.now() + 6 * DAY))).noncurrentExpired).toBe(0);
    expect(await versions('docs/')).toHaveLength(3);
    expect((await applyLifecycle(stack.atelier.deps, await row(), new Date(Date.now() + 8 * DAY))).noncurrentExpired).toBe(2);
    const after = await versions('docs/');
    expect(after).toEqual([{ id: before.find((v) => v.latest)!.id, latest: true }]);
    expect(await versions('other/')).toHaveLength(2); // outside the rule's prefix
  });

  it('transitions move objects into the cheaper class by age: listed, measured and billed at that class', async () => {
    const put = await cfg('PUT', '/lifecycle', { rules: [{ id: 'cold', status: 'Enabled', prefix: 'archive/', transitions: [{ days: 0, storage_class: 'GLACIER' }] }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const key = clientWith(stack, bucket.access, bucket.secret);
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'archive/a.bin', Body: Buffer.alloc(1000) }));
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'hot/b.bin', Body: Buffer.alloc(500) }));
    const listed = (await cfg('POST', '/objects/list', { prefix: '' })).body.objects as { key: string; storage_class: string }[];
    expect(listed.find((o) => o.key === 'archive/a.bin')?.storage_class).toBe('GLACIER');
    expect(listed.find((o) => o.key === 'hot/b.bin')?.storage_class).toBe('STANDARD');
    const usage = (await cfg('GET', '/usage')).body;
    expect(usage.by_storage_class.GLACIER).toEqual({ objects: 1, bytes: 1000 });
    expect(usage.by_storage_class.STANDARD.bytes).toBeGreaterThanOrEqual(500);

    // Ages: 30 days to STANDARD_IA, 90 to GLACIER; a disabled rule or another prefix changes nothing.
    await cfg('PUT', '/lifecycle', {
      rules: [
        { id: 'tiers', status: 'Enabled', prefix: 'archive/', transitions: [{ days: 30, storage_class: 'STANDARD_IA' }, { days: 90, storage_class: 'GLACIER' }] },
        { id: 'off', status: 'Disabled', transitions: [{ days: 1, storage_class: 'DEEP_ARCHIVE' }] },
      ],
    });
    const made = new Date();
    const b = await row();
    expect(transitionedClass(b, new Date(made.getTime() + 29 * DAY))('archive/x', made)).toBeNull();
    expect(transitionedClass(b, new Date(made.getTime() + 31 * DAY))('archive/x', made)).toBe('STANDARD_IA');
    expect(transitionedClass(b, new Date(made.getTime() + 91 * DAY))('archive/x', made)).toBe('GLACIER');
    expect(transitionedClass(b, new Date(made.getTime() + 91 * DAY))('hot/x', made)).toBeNull();
  });
});
