// The blob store on both backends: bytes land in the bucket (read back with the AWS SDK), signed
// URLs stream them with HTTP ranges, big files go up in parts, and deletes and sweeps reach S3.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { purgeExpired } from '../../src/platform/assets/service';
import { BlobNotFoundError } from '../../src/storage/blob-store';
import { S3BlobStore } from '../../src/storage/blob-store-s3';
import { startStack, type TestStack } from '../helpers/stack';
import { squareOnWhite, startImageHost, type ImageHost } from '../platform/billing/helpers';
import { rootClient } from './helpers';

async function objectBytes(client: S3Client, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  } catch (err) {
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(url, { headers, method });
}

describe.each(['local', 's3'] as const)('signed file URLs on the %s blob store', (backend) => {
  let stack: TestStack;
  const video = randomBytes(3 * 1024 * 1024 + 17);
  let url: string;
  beforeAll(async () => {
    stack = await startStack({ ATELIER_BLOB_STORE: backend, S3_ENDPOINT: inject('s3Endpoint') });
    const key = stack.atelier.deps.blobs.newKey(stack.accountId, 'probe', 'clip.mp4');
    await stack.atelier.deps.blobs.put(key, video);
    url = stack.atelier.deps.blobs.signedUrl(key).url;
  });
  afterAll(async () => stack?.close());

  it('uses the backend asked for', () => {
    expect(stack.atelier.deps.blobs.backend).toBe(backend);
  });

  it('serves the whole file, a range with 206, a suffix range, HEAD, and 416 past the end', async () => {
    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const mid = await get(url, { range: 'bytes=1000000-1000999' });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe(`bytes 1000000-1000999/${video.length}`);
    expect(mid.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await mid.arrayBuffer()).equals(video.subarray(1000000, 1001000))).toBe(true);

    // What a player asks first (open-ended) and for the moov atom at the end (suffix).
    const open = await get(url, { range: `bytes=${video.length - 5}-` });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(video.length - 5))).toBe(true);
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${video.length - 10}-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);

    const head = await get(url, { range: 'bytes=0-99' }, 'HEAD');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('100');

    const past = await get(url, { range: `bytes=${video.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${video.length}`);

    // Several ranges are answered whole (allowed by HTTP; players ask for one).
    const several = await get(url, { range: 'bytes=0-1,10-11' });
    expect(several.status).toBe(200);
    expect(Number(several.headers.get('content-length'))).toBe(video.length);
    await several.arrayBuffer();
  });

  it('putFile moves a file in, or copies it with keepSource; localFile gives a path with the bytes', async () => {
    const { blobs } = stack.atelier.deps;
    const src = join(stack.config.dataDir, 'out.wav');
    writeFileSync(src, 'RIFF-copy');
    const kept = await blobs.putFile(`${stack.accountId}/runs/r/kept.wav`, src, { keepSource: true });
    expect(kept).toMatchObject({ size: 9, contentType: 'audio/wav' });
    expect(existsSync(src)).toBe(true);
    await blobs.putFile(`${stack.accountId}/runs/r/moved.wav`, src);
    expect(existsSync(src)).toBe(false);
    const path = await blobs.localFile(`${stack.accountId}/runs/r/moved.wav`, join(stack.config.dataDir, 'scratch', 'm.wav'));
    expect(readFileSync(path, 'utf8')).toBe('RIFF-copy');
    await expect(blobs.localFile(`${stack.accountId}/runs/r/none.wav`, join(stack.config.dataDir, 'scratch', 'n.wav'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists under a prefix, answers 404 once the blob is deleted, and deletePrefix keeps sibling folders', async () => {
    const { blobs } = stack.atelier.deps;
    const a = `${stack.accountId}/stories/story-1/a.png`;
    const b = `${stack.accountId}/stories/story-10/b.png`;
    await blobs.put(a, 'a');
    await blobs.put(b, 'b');
    const signed = blobs.signedUrl(a).url;
    expect((await get(signed)).status).toBe(200);
    const listed = async (prefix: string) => {
      const found: { key: string; size: number }[] = [];
      for await (const b of blobs.list(prefix)) found.push({ key: b.key, size: b.size });
      return found.sort((x, y) => x.key.localeCompare(y.key));
    };
    expect(await listed(`${stack.accountId}/stories`)).toEqual([{ key: a, size: 1 }, { key: b, size: 1 }]);
    expect(await listed(`${stack.accountId}/stories/story-1`)).toEqual([{ key: a, size: 1 }]);
    expect((await listed('')).map((x) => x.key)).toContain(b);
    expect(await listed(`${stack.accountId}/none`)).toEqual([]);
    await blobs.deletePrefix(`${stack.accountId}/stories/story-1`);
    expect(await blobs.exists(a)).toBe(false);
    expect(await blobs.exists(b)).toBe(true);
    expect((await get(signed)).status).toBe(404);
    await blobs.delete(b);
    await blobs.delete(b);
    expect(await blobs.stat(b)).toBeNull();
  });
});

describe('blobs in the S3 bucket', () => {
  let stack: TestStack;
  let images: ImageHost;
  let s3: S3Client;
  let bucket: string;
  beforeAll(async () => {
    [stack, images] = await Promise.all([
      startStack({ S3_ENDPOINT: inject('s3Endpoint') }),
      startImageHost({ 'face.png': await squareOnWhite() }),
    ]);
    s3 = rootClient(stack);
    bucket = stack.config.blobs.bucket;
  });
  afterAll(async () => {
    await images?.close();
    await stack?.close();
  });

  it('an S3 endpoint makes S3 the default; ATELIER_BLOB_STORE overrides it', () => {
    const dir = stack.config.dataDir;
    expect(stack.config.blobs.backend).toBe('s3');
    expect(loadConfig({ NODE_ENV: 'test', ATELIER_DATA_DIR: dir }).blobs).toEqual({ backend: 'local', bucket: 'atelier-blobs' });
    expect(loadConfig({ NODE_ENV: 'test', ATELIER_DATA_DIR: dir, S3_ENDPOINT: 'http://s3.internal:9000', ATELIER_BLOB_STORE: 'local' }).blobs.backend).toBe('local');
    expect(() => loadConfig({ NODE_ENV: 'test', ATELIER_DATA_DIR: dir, ATELIER_BLOB_BUCKET: 'No_Such' })).toThrow(/ATELIER_BLOB_BUCKET/);
    // Production without S3 credentials could store no file: it does not start.
    const prod = { NODE_ENV: 'production', ATELIER_DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), ATELIER_ENCRYPTION_KEY: 'ab'.repeat(32), S3_ENDPOINT: 'http://s3.internal:9000' };
    expect(() => loadConfig(prod)).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/);
    expect(loadConfig({ ...prod, ATELIER_BLOB_STORE: 'local' }).blobs.backend).toBe('local');
    expect(loadConfig({ ...prod, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).blobs.backend).toBe('s3');
  });

  it('an API upload lands in the bucket under its key, and the retention sweep removes it there', async () => {
    const face = await squareOnWhite();
    const reg = await stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png'), retention_hours: 1 } });
    expect(reg.status).toBe(201);
    const row = await stack.atelier.deps.db.selectFrom('face_assets').select('blob_key').where('id', '=', reg.body.id).executeTakeFirstOrThrow();
    const stored = await objectBytes(s3, bucket, row.blob_key);
    expect(stored).not.toBeNull();
    const served = Buffer.from(await (await get(reg.body.url)).arrayBuffer());
    expect(served.equals(stored!)).toBe(true);
    expect(stored!.length).toBeGreaterThan(face.length / 4);

    await stack.atelier.deps.db.updateTable('face_assets').set({ expires_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', reg.body.id).execute();
    const swept = await purgeExpired(stack.atelier.deps);
    expect(swept.assets).toBeGreaterThanOrEqual(1);
    expect(await objectBytes(s3, bucket, row.blob_key)).toBeNull();
    expect((await get(reg.body.url)).status).toBe(404);
  });

  it('streams a file above the multipart threshold up in parts and moves it (the source is gone)', async () => {
    const store = new S3BlobStore(stack.config.storage, bucket, 'secret', stack.url, { threshold: 5 * 1024 * 1024, partSize: 5 * 1024 * 1024 });
    const data = randomBytes(11 * 1024 * 1024 + 3);
    const src = join(stack.config.dataDir, 'big.mp4');
    writeFileSync(src, data);
    const key = `${stack.accountId}/final/big.mp4`;
    const put = await store.putFile(key, src);
    expect(put).toEqual({ key, size: data.length, contentType: 'video/mp4' });
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(data.length);
    expect(head.ETag).toMatch(/-3"$/);
    expect((await objectBytes(s3, bucket, key))!.equals(data)).toBe(true);
    expect(await store.exists(key)).toBe(true);
    expect(existsSync(src)).toBe(false);
    const copy = await store.localFile(key, join(stack.config.dataDir, 'copy', 'big.mp4'));
    expect(readFileSync(copy).equals(data)).toBe(true);
    await expect(store.readBuffer(`${stack.accountId}/final/missing.mp4`)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses keys that would leave the store on either backend', async () => {
    const { blobs } = stack.atelier.deps;
    for (const key of ['../x', '/abs', 'a/../../x', '']) await expect(blobs.put(key, 'x')).rejects.toThrow(/escapes the store/);
    // A key that names its object two ways (`a//b/./c` is `a/b/c` on disk) is refused, not rewritten:
    // both backends then name every object the one way it was written.
    await expect(blobs.put(`${stack.accountId}//norm/./c.txt`, 'c')).rejects.toThrow(/not canonical/);
    expect(await objectBytes(s3, bucket, `${stack.accountId}/norm/c.txt`)).toBeFalsy();
  });
});
