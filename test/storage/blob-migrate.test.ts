// `npm run -s blobs:migrate`: a local blob folder into the bucket, idempotent and resumable.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadStorageConfig } from '../../src/storage/config';
import { migrateLocalBlobs } from '../../src/storage/blob-migrate';
import { LocalBlobStore } from '../../src/storage/blob-store';
import { S3BlobStore } from '../../src/storage/blob-store-s3';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const storage = loadStorageConfig({ S3_ENDPOINT: inject('s3Endpoint') });
const bucket = `atelier-blobs-mig-${randomBytes(4).toString('hex')}`;
// Small parts, so a 11 MB file goes up in three and its ETag is a multipart one.
const sizes = { threshold: 5 * 1024 * 1024, partSize: 5 * 1024 * 1024 };
let dataDir: string;
let local: LocalBlobStore;
let target: S3BlobStore;
let s3: S3Client;

const files: Record<string, Buffer> = {
  'acct_a/generations/0001-a.png': randomBytes(2048),
  'acct_a/runs/run_1/0002-clip.mp4': randomBytes(11 * 1024 * 1024 + 5),
  'acct_b/stories/story_1/voice/scene-0.wav': randomBytes(40_000),
  'acct_b/face-assets/empty.txt': Buffer.alloc(0),
};

async function bucketBytes(key: string): Promise<Buffer> {
  const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(inject('dataDir'), 'blob-migrate-'));
  local = new LocalBlobStore(dataDir, 'secret', 'http://files.test');
  for (const [key, data] of Object.entries(files)) await local.put(key, data);
  // A write the old server never finished: not a blob.
  const half = join(local.root, 'acct_a/generations/0003-b.png.1a2b3c4d.tmp');
  mkdirSync(dirname(half), { recursive: true });
  writeFileSync(half, 'partial');
  target = new S3BlobStore(storage, bucket, 'secret', 'http://files.test', sizes);
  s3 = target.server.root;
});

afterAll(async () => {
  await target.server.deleteAll(bucket, '').catch(() => undefined);
  await s3.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('blobs:migrate', () => {
  it('stops when asked and a rerun finishes the job; a third run skips everything', async () => {
    const stop = new AbortController();
    const first = await migrateLocalBlobs({ root: local.root, target, concurrency: 1, signal: stop.signal, onFile: () => stop.abort() });
    expect(first).toMatchObject({ scanned: 1, uploaded: 1, failed: 0, interrupted: true });

    const second = await migrateLocalBlobs({ root: local.root, target, concurrency: 2 });
    expect(second).toMatchObject({ scanned: 4, uploaded: 3, skipped: 1, failed: 0, interrupted: false });
    for (const [key, data] of Object.entries(files)) expect((await bucketBytes(key)).equals(data), key).toBe(true);
    await expect(target.stat('acct_a/generations/0003-b.png.1a2b3c4d.tmp')).resolves.toBeNull();
    // The big file went up in parts; its ETag is recomputed locally to recognise it next time.
    expect((await target.stat('acct_a/runs/run_1/0002-clip.mp4'))!.etag).toMatch(/-3$/);

    const third = await migrateLocalBlobs({ root: local.root, target });
    expect(third).toEqual({ scanned: 4, uploaded: 0, skipped: 4, failed: 0, bytesUploaded: 0, interrupted: false });
  });

  it('copies again what is missing or differs in the bucket (same size, other bytes), and no more', async () => {
    const key = 'acct_a/generations/0001-a.png';
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: randomBytes(2048) }));
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'acct_b/stories/story_1/voice/scene-0.wav' }));
    const counts = await migrateLocalBlobs({ root: local.root, target });
    expect(counts).toMatchObject({ scanned: 4, uploaded: 2, skipped: 2, failed: 0, bytesUploaded: 2048 + 40_000 });
    expect((await bucketBytes(key)).equals(files[key]!)).toBe(true);
  });

  it('a store reading the bucket serves the migrated files under their old keys', async () => {
    for (const [key, data] of Object.entries(files)) expect((await target.readBuffer(key)).equals(data)).toBe(true);
  });

  it('the npm script reports its counts and exits 0; a missing folder is an empty migration', async () => {
    const env = {
      ...process.env, NODE_ENV: 'test', ATELIER_DATA_DIR: dataDir, S3_ENDPOINT: storage.endpoint, ATELIER_BLOB_BUCKET: bucket, NODE_OPTIONS: '',
    };
    const script = ['--no-node-snapshot', '--import', 'tsx', join(root, 'scripts/blobs-migrate.ts')];
    const done = await run(process.execPath, [...script, '--json'], { env, cwd: root });
    // The CLI uploads in 16 MiB parts, the big object went up in 5 MiB ones: its ETag is still
    // recognised (whole-MiB part sizes that give its part count are tried).
    expect(JSON.parse(done.stdout)).toEqual({ scanned: 4, uploaded: 0, skipped: 4, failed: 0, bytesUploaded: 0, interrupted: false });
    const again = await run(process.execPath, script, { env, cwd: root });
    expect(again.stdout.trim()).toBe('scanned 4, uploaded 0 (0 bytes), skipped 4 (already in the bucket), failed 0');
    const empty = await run(process.execPath, [...script, '--json', '--from', join(dataDir, 'nothing-here')], { env, cwd: root });
    expect(JSON.parse(empty.stdout)).toMatchObject({ scanned: 0, uploaded: 0 });
  });
});
