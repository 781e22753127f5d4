// S3 nodes against the suite's S3-compatible server (versitygw, started by the global setup) and
// storage.file_write against a real blob store.
import { CreateBucketCommand, DeleteBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { credentialsFor, harness, keyOfUrl, main, tempBlobs, undescribedParams } from '../_lib/harness';

const endpoint = inject('s3Endpoint');
const keys = { access_key_id: process.env.S3_ACCESS_KEY_ID ?? 'atelier-dev-root', secret_access_key: process.env.S3_SECRET_ACCESS_KEY ?? 'atelier-dev-root-secret' };
const credential = { endpoint, region: process.env.S3_REGION ?? 'eu-central-1', ...keys };
const bucket = `nodes-${randomBytes(4).toString('hex')}`;
const { blobs, dir } = tempBlobs();
const admin = new S3Client({ endpoint, region: process.env.S3_REGION ?? 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: keys.access_key_id, secretAccessKey: keys.secret_access_key } });

beforeAll(async () => { await admin.send(new CreateBucketCommand({ Bucket: bucket })); });
afterAll(async () => {
  await admin.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
  admin.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('storage.s3_*', () => {
  it('puts text, JSON and a blob file, lists by prefix, gets as text/json/file, presigns and deletes', async () => {
    const h = harness({ capabilities: { blobs, credentials: credentialsFor({ s3: { secret: JSON.stringify(keys), metadata: { endpoint, region: process.env.S3_REGION ?? 'eu-central-1' } } }) } });
    const put = (await main('storage.s3_put', { bucket, key: 'reports/a.txt', content: 'hello s3', metadata: { source: 'test' } }, {}, h)) as Record<string, unknown>;
    expect(put).toMatchObject({ bucket, key: 'reports/a.txt', size: 8, content_type: 'text/plain; charset=utf-8' });
    expect(put.etag).toMatch(/^[0-9a-f]{32}$/);
    expect(await main('storage.s3_put', { bucket, key: 'reports/b.json', content: { n: 1 }, credential })).toMatchObject({ size: 7, content_type: 'application/json' });
    const file = (await main('storage.file_write', { content_base64: Buffer.from([1, 2, 3, 250]).toString('base64'), extension: 'bin', file_name: 'raw' }, {}, h)) as { url: string; size: number };
    expect(await main('storage.s3_put', { bucket, key: 'raw/data.bin', file, credential }, {}, h)).toMatchObject({ size: 4 });

    const listed = (await main('storage.s3_list', { bucket, prefix: 'reports/', credential })) as { objects: { key: string; size: number }[]; truncated: boolean };
    expect(listed.objects.map((o) => [o.key, o.size])).toEqual([['reports/a.txt', 8], ['reports/b.json', 7]]);
    expect(listed.truncated).toBe(false);
    expect(await main('storage.s3_list', { bucket, delimiter: '/', credential })).toMatchObject({ objects: [], prefixes: ['raw/', 'reports/'] });
    const page = (await main('storage.s3_list', { bucket, max_keys: 1, credential })) as { truncated: boolean; next_token: string };
    expect(page.truncated).toBe(true);
    expect(((await main('storage.s3_list', { bucket, max_keys: 5, continuation_token: page.next_token, credential })) as { objects: unknown[] }).objects).toHaveLength(2);

    expect(await main('storage.s3_get', { bucket, key: 'reports/a.txt', as: 'text', credential })).toMatchObject({ text: 'hello s3', size: 8 });
    expect(await main('storage.s3_get', { bucket, key: 'reports/b.json', as: 'json', credential })).toMatchObject({ value: { n: 1 } });
    const ref = (await main('storage.s3_get', { bucket, key: 'raw/data.bin', credential }, {}, h)) as { url: string; size: number };
    expect(ref.size).toBe(4);
    expect([...readFileSync(blobs.pathOf(keyOfUrl(ref.url)))]).toEqual([1, 2, 3, 250]);
    await expect(main('storage.s3_get', { bucket, key: 'nope.txt', credential })).rejects.toMatchObject({ type: 's3_not_found', retryable: false });

    const signed = (await main('storage.s3_presign', { bucket, key: 'reports/a.txt', expires_in_s: 60, credential })) as { url: string };
    const res = await fetch(signed.url);
    expect(await res.text()).toBe('hello s3');

    expect(await main('storage.s3_delete', { bucket, keys: ['reports/a.txt', 'reports/b.json', 'raw/data.bin'], credential })).toMatchObject({ count: 3 });
    expect(await main('storage.s3_list', { bucket, credential })).toMatchObject({ objects: [] });
  });

  it('fails clearly: wrong secret (never echoed), missing credential, private endpoint refused', async () => {
    const err = (await main('storage.s3_list', { bucket, credential: { ...credential, secret_access_key: 'wrong-secret-xyz' } }).catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ name: 'NodeError', type: 's3_error' });
    expect(err.message).not.toContain('wrong-secret-xyz');
    await expect(main('storage.s3_list', { bucket })).rejects.toMatchObject({ type: 'missing_credential' });
    await expect(main('storage.s3_list', { bucket, credential }, {}, harness({ capabilities: { allowPrivateNetwork: false } }))).rejects.toMatchObject({ type: 'blocked_address' });
    await expect(main('storage.s3_put', { bucket, key: 'x', credential })).rejects.toMatchObject({ type: 'invalid_params' });
  });
});

describe('storage.file_write', () => {
  it('writes text, JSON and bytes to the blob store and returns a reference', async () => {
    const h = harness({ capabilities: { blobs } });
    const csv = (await main('storage.file_write', { content: 'a,b\n1,2\n', format: 'csv', file_name: 'My Export' }, {}, h)) as Record<string, unknown>;
    expect(csv).toMatchObject({ mime: 'text/csv; charset=utf-8', size: 8, file_name: 'My-Export.csv' });
    expect(readFileSync(blobs.pathOf(keyOfUrl(csv.url as string)), 'utf8')).toBe('a,b\n1,2\n');
    const json = (await main('storage.file_write', { content: { a: [1] }, format: 'json' }, {}, h)) as { url: string; mime: string };
    expect(json.mime).toBe('application/json');
    expect(JSON.parse(readFileSync(blobs.pathOf(keyOfUrl(json.url)), 'utf8'))).toEqual({ a: [1] });
    await expect(main('storage.file_write', {}, {}, h)).rejects.toMatchObject({ type: 'invalid_params' });
    await expect(main('storage.file_write', { content: 'x' })).rejects.toMatchObject({ type: 'blobs_unavailable' });
  });

  it('describe every param', () => {
    for (const t of ['s3_put', 's3_get', 's3_list', 's3_delete', 's3_presign', 'file_write']) expect(undescribedParams(`storage.${t}`), t).toEqual([]);
  });
});
