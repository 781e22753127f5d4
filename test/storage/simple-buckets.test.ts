import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { PNG, keysUnder, rootClient, startStorageStack, upload } from './helpers';

let stack: TestStack;
let session: string;

beforeAll(async () => {
  ({ stack, session } = await startStorageStack());
});
afterAll(async () => {
  await stack?.close();
});

describe('simple buckets', () => {
  it('creates with a sanitised name, only in region eu, rejects region changes and duplicate names', async () => {
    const created = await stack.api('POST', '/v1/buckets', { body: { name: ' My photos!/2026 ', max_file_size_mb: 2, allowed_mime_types: ['image/*'] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'My-photos-2026', region: 'eu', is_public: false, is_active: true, max_file_size_mb: 2, allowed_mime_types: ['image/*'] });
    expect(created.body.path_prefix).toBe(`${stack.accountId}/${created.body.id}/`);
    const long = await stack.api('POST', '/v1/buckets', { body: { name: 'x'.repeat(80) } });
    expect(long.body.name).toHaveLength(50);

    for (const region of ['us', 'eu-central-1', 'EU']) {
      const r = await stack.api('POST', '/v1/buckets', { body: { name: 'elsewhere', region } });
      expect(r.status).toBe(400);
      expect(typeof r.body.detail).toBe('string');
    }
    expect((await stack.api('POST', '/v1/buckets', { body: { name: 'My photos!/2026' } })).status).toBe(409);
    expect((await stack.api('POST', '/v1/buckets', { body: { name: '!!!' } })).status).toBe(422);
    expect((await stack.api('POST', '/v1/buckets', { body: { name: 'ok', max_file_size_mb: 0 } })).status).toBe(422);

    const patched = await stack.api('PATCH', `/v1/buckets/${created.body.id}`, { body: { region: 'eu' } });
    expect(patched.status).toBe(400);
    const renamed = await stack.api('PATCH', `/v1/buckets/${created.body.id}`, { body: { name: 'renamed', is_public: true } });
    expect(renamed.body).toMatchObject({ name: 'renamed', is_public: true, region: 'eu' });

    const other = await stack.newAccount();
    expect((await stack.api('GET', `/v1/buckets/${created.body.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('DELETE', `/v1/buckets/${created.body.id}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('GET', '/v1/buckets', { key: other.key })).body.buckets).toEqual([]);
  });

  it('uploads into a bucket, checks size and type from the bytes, signs private URLs and serves public ones plainly', async () => {
    const bucket = (await stack.api('POST', '/v1/buckets', { body: { name: 'images', max_file_size_mb: 1, allowed_mime_types: ['image/png', 'image/jpeg'] } })).body;
    const ok = await upload(stack, { bytes: PNG, name: 'dot.png', type: 'text/plain' }, { bucket_name: 'images' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ bucket_id: bucket.id, bucket_name: 'images', filename: 'dot.png', size_bytes: PNG.length, content_type: 'image/png', is_public: false, signed: true });
    expect(ok.body.url).toContain('X-Amz-Signature=');
    // Signed as Atelier's presigning user: not even the root access key id leaves Atelier.
    expect(ok.body.url).not.toContain(stack.config.storage.accessKeyId);
    const fetched = await fetch(ok.body.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    // A tampered signature is refused by the S3 server.
    expect((await fetch(ok.body.url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).status).toBe(403);

    // The client's header says PNG; the bytes are text: refused.
    const lying = await upload(stack, { bytes: 'just some text pretending', name: 'fake.png', type: 'image/png' }, { bucket_name: 'images' });
    expect(lying.status).toBe(415);
    expect(lying.body.detail).toMatchObject({ error: 'mime_type_not_allowed', detected_type: 'text/plain' });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const tooBig = await upload(stack, { bytes: big, name: 'big.png' }, { bucket_name: 'images' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toMatchObject({ error: 'file_too_large', max_file_size_mb: 1 });
    // Refused uploads leave nothing behind, on the server or in the listing.
    expect(await keysUnder(rootClient(stack), stack.config.storage.simpleBucket, bucket.path_prefix)).toHaveLength(1);
    const listed = await stack.api('GET', '/v1/photos?bucket_name=images');
    expect(listed.body.files.map((f: any) => f.id)).toEqual([ok.body.id]);
    expect((await stack.api('GET', '/v1/photos?bucket_name=nope')).status).toBe(404);
    expect((await upload(stack, { bytes: PNG, name: 'x.png' }, { bucket_name: 'nope' })).status).toBe(404);

    const pub = (await stack.api('POST', '/v1/buckets', { body: { name: 'public-site', is_public: true } })).body;
    const up = await upload(stack, { bytes: '{"hello":"world"}', name: 'data.json' }, { bucket_name: 'public-site' });
    expect(up.body).toMatchObject({ is_public: true, signed: false, content_type: 'application/json', url_expires_at: null });
    expect(up.body.url).toBe(`${stack.url}/v1/public/files/${up.body.id}/data.json`);
    const plain = await fetch(up.body.url);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ hello: 'world' });
    // Made private again: the plain URL stops working.
    await stack.api('PATCH', `/v1/buckets/${pub.id}`, { body: { is_public: false } });
    expect((await fetch(up.body.url)).status).toBe(404);
  });

  it('puts uploads without bucket_name into an auto-created private api-uploads bucket that behaves like any other', async () => {
    const first = await upload(stack, { bytes: PNG, name: 'a.png' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ bucket_name: 'api-uploads', is_public: false, signed: true });
    const second = await upload(stack, { bytes: PNG, name: 'b.png' }, { is_public: 'true' });
    expect(second.body).toMatchObject({ bucket_name: 'api-uploads', is_public: true, signed: false });
    const buckets = (await stack.api('GET', '/v1/buckets')).body.buckets;
    const auto = buckets.find((b: any) => b.name === 'api-uploads');
    expect(auto).toMatchObject({ is_public: false, file_count: 2, total_bytes: 2 * PNG.length });
    expect(buckets.filter((b: any) => b.name === 'api-uploads')).toHaveLength(1);

    const removed = await stack.api('DELETE', `/v1/buckets/${auto.id}`);
    expect(removed.body).toMatchObject({ deleted: true, files_deleted: 2, bytes_freed: 2 * PNG.length });
    expect(await keysUnder(rootClient(stack), stack.config.storage.simpleBucket, auto.path_prefix)).toEqual([]);
    expect((await stack.api('GET', `/v1/buckets/${auto.id}`)).status).toBe(404);
    expect((await fetch(second.body.url)).status).toBe(404);
    const again = await upload(stack, { bytes: PNG, name: 'c.png' });
    expect(again.body.bucket_name).toBe('api-uploads');
    expect(again.body.bucket_id).not.toBe(auto.id);
  });

  it('a bucket-scoped key reaches only its own bucket', async () => {
    const mine = (await stack.api('POST', '/v1/buckets', { body: { name: 'scoped' } })).body;
    const theirs = (await stack.api('POST', '/v1/buckets', { body: { name: 'not-scoped' } })).body;
    const created = await stack.api('POST', '/v1/auth/bucket-keys', { key: session, body: { bucket_id: mine.id } });
    expect(created.status).toBe(201);
    const key = created.body.apiKey as string;

    expect((await stack.api('GET', `/v1/buckets/${mine.id}`, { key })).status).toBe(200);
    expect((await stack.api('GET', '/v1/buckets', { key })).body.buckets.map((b: any) => b.id)).toEqual([mine.id]);
    const up = await upload(stack, { bytes: PNG, name: 'in-scope.png' }, {}, key);
    expect(up.status).toBe(201);
    expect(up.body.bucket_id).toBe(mine.id);

    const refused = await stack.api('GET', `/v1/buckets/${theirs.id}`, { key });
    expect(refused.status).toBe(403);
    expect(refused.body.detail.error).toBe('insufficient_scope');
    expect((await stack.api('DELETE', `/v1/buckets/${theirs.id}`, { key })).status).toBe(403);
    expect((await upload(stack, { bytes: PNG, name: 'x.png' }, { bucket_name: 'not-scoped' }, key)).status).toBe(403);
    expect((await stack.api('GET', '/v1/photos?bucket_name=not-scoped', { key })).status).toBe(403);
    expect((await stack.api('GET', `/v1/buckets/${theirs.id}`)).status).toBe(200);
  });

  it('an empty wallet cannot upload (402 with the documented body); inactive buckets refuse uploads', async () => {
    const poor = await stack.newAccount({ balanceUsd: 0 });
    const r = await upload(stack, { bytes: PNG, name: 'a.png' }, {}, poor.key);
    expect(r.status).toBe(402);
    expect(r.body.detail).toMatchObject({ error: 'insufficient_funds', balance_usd: 0, billed: 'hourly_storage', charged: false });
    expect(r.body.detail.topup_url).toMatch(/\/v1\/billing\/topup\/packages$/);
    expect(typeof r.body.detail.message).toBe('string');
    const rows = await sql<{ n: number }>`select count(*)::int as n from simple_buckets where account_id = ${poor.accountId}`.execute(stack.atelier.deps.db);
    expect(rows.rows[0]!.n).toBe(0);

    const b = (await stack.api('POST', '/v1/buckets', { body: { name: 'paused', is_active: false } })).body;
    expect((await upload(stack, { bytes: PNG, name: 'a.png' }, { bucket_name: 'paused' })).status).toBe(409);
    expect((await stack.api('PATCH', `/v1/buckets/${b.id}`, { body: { is_active: true } })).body.is_active).toBe(true);
    expect((await upload(stack, { bytes: PNG, name: 'a.png' }, { bucket_name: 'paused' })).status).toBe(201);
    expect((await stack.api('POST', '/v1/photos/upload', { body: { file: 'x' } })).status).toBe(415);
  });
});

describe('streamed uploads', () => {
  it('a large upload is streamed through: memory stays far below the file size, and concurrent uploads all land', async () => {
    await stack.api('POST', '/v1/buckets', { body: { name: 'large', max_file_size_mb: 200 } });
    const size = 96 * 1024 * 1024;
    const boundary = 'atelierboundary7d2f';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bucket_name"\r\n\r\nlarge\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
      },
      pull(c) {
        if (sent >= size) {
          c.enqueue(tail);
          c.close();
          return;
        }
        c.enqueue(chunk);
        sent += chunk.length;
      },
    });
    global.gc?.();
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.arrayBuffers - (baseline.heapUsed + baseline.arrayBuffers));
    }, 20);
    const res = await fetch(`${stack.url}/v1/photos/upload`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${stack.adminKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    clearInterval(sampler);
    const uploaded = await res.json();
    expect(res.status, JSON.stringify(uploaded)).toBe(201);
    expect(uploaded).toMatchObject({ size_bytes: size, content_type: 'application/octet-stream', bucket_name: 'large' });
    // The API and the client share this process; a buffered upload would add the whole 96 MB.
    expect(peak).toBeLessThan(size / 2);

    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(stack, { bytes: Buffer.concat([PNG, Buffer.alloc(i)]), name: `p${i}.png` }, { bucket_name: 'large' })));
    expect(parallel.map((r) => r.status)).toEqual(Array(8).fill(201));
    const bucket = (await stack.api('GET', '/v1/buckets')).body.buckets.find((b: any) => b.name === 'large');
    expect(bucket).toMatchObject({ file_count: 9, total_bytes: size + 8 * PNG.length + 28 });
    const onServer = await rootClient(stack).send(new ListObjectsV2Command({ Bucket: stack.config.storage.simpleBucket, Prefix: bucket.path_prefix }));
    expect(onServer.KeyCount).toBe(9);
    expect((onServer.Contents ?? []).reduce((n, o) => n + (o.Size ?? 0), 0)).toBe(bucket.total_bytes);
  });
});

describe('with the S3 server unreachable', () => {
  let down: TestStack;
  beforeAll(async () => {
    // A port that was just free and is closed again: connections are refused at once.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    ({ stack: down } = await startStorageStack({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_PUBLIC_ENDPOINT: `http://127.0.0.1:${port}` }));
  });
  afterAll(async () => {
    await down?.close();
  });

  it('uploads answer 503 storage_unavailable in the coded envelope, not 500, and leave no file row', async () => {
    const bucket = await down.api('POST', '/v1/buckets', { body: { name: 'unreachable' } });
    expect(bucket.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const r = await upload(down, { bytes: PNG, name: 'dot.png', type: 'image/png' }, { bucket_name: 'unreachable' });
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body.detail).toMatchObject({ error: 'storage_unavailable', message: expect.stringMatching(/storage/i) });
    }
    const rows = await down.atelier.deps.db.selectFrom('storage_files').select('id').where('account_id', '=', down.accountId).execute();
    expect(rows).toEqual([]);
  });
});
