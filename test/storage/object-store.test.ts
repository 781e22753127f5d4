import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3For } from '../../src/storage/context';
import type { TestStack } from '../helpers/stack';
import { clientWith, sessionFor, startStorageStack } from './helpers';

let stack: TestStack;
let session: string;
const s3api = (method: string, path: string, body?: unknown, key = session) => stack.api(method, `/v1/storage/s3${path}`, { key, body });

beforeAll(async () => {
  ({ stack, session } = await startStorageStack({ ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  // The main account is on Enterprise (1000 buckets); plan caps are tested on fresh accounts.
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
});
afterAll(async () => {
  await stack?.close();
});

async function buy(body: Record<string, unknown> = {}) {
  const r = await s3api('POST', '/buy', { display_name: 'media', quota_gb: 10, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

describe('object-store buckets', () => {
  it('needs a session token; lists regions, pricing and an estimate in USD and PLN', async () => {
    const viaKey = await stack.api('GET', '/v1/storage/s3/buckets');
    expect(viaKey.status).toBe(403);
    expect(viaKey.body.detail.error).toBe('session_token_required');

    const regions = (await s3api('GET', '/regions')).body;
    expect(regions.find((r: any) => r.region === 'eu-central-1')).toMatchObject({ available: true, continent: 'Europe', gdpr_compliant: true, country_code: 'DE' });
    expect(regions.find((r: any) => r.region === 'eu-west-2')).toMatchObject({ gdpr_compliant: false, continent: 'Europe' });
    expect(regions.find((r: any) => r.region === 'us-east-1')).toMatchObject({ available: false, continent: 'North America' });
    expect(new Set(regions.map((r: any) => r.continent))).toEqual(new Set(['Europe', 'North America', 'Asia Pacific', 'South America']));

    const pricing = (await s3api('GET', '/pricing')).body;
    expect(pricing.storage_classes.find((c: any) => c.storage_class === 'DEEP_ARCHIVE').price_per_gb_month_usd).toBe(0.00205);

    const est = await s3api('POST', '/estimate', { storage_class: 'STANDARD', storage_gb: 100, put_requests: 10000, get_requests: 100000, egress_gb: 10 });
    expect(est.status).toBe(200);
    expect(est.body).toMatchObject({ region: 'eu-central-1', storage_class: 'STANDARD', period_days: 30, usd_pln_rate: 4 });
    expect(est.body.line_items[0]).toMatchObject({ quantity: 100, unit: 'GB-month', unit_price_usd: 0.0245, amount_usd: 2.45, amount_pln: 9.8 });
    expect(est.body.total_usd).toBeCloseTo(2.45 + 0.05 + 0.04 + 0.9, 6);
    expect(est.body.total_pln).toBeCloseTo(est.body.total_usd * 4, 4);
    expect((await s3api('POST', '/estimate', { storage_class: 'STANDARD', storage_gb: 1, period_days: 367 })).status).toBe(422);
    expect((await s3api('POST', '/estimate', { storage_gb: 1 })).status).toBe(422);
  });

  it('buys a bucket with a reservation in the ledger, validates every field, enforces region and plan limits', async () => {
    for (const bad of [{ display_name: '' }, { display_name: 'x'.repeat(101) }, { quota_gb: 0 }, { quota_gb: 1048577 }, { encryption_type: 'aws:kms' }, { default_storage_class: 'COLD' }, { billing_mode: 'card' }]) {
      expect((await s3api('POST', '/buy', { display_name: 'ok', quota_gb: 1, ...bad })).status, JSON.stringify(bad)).toBe(422);
    }
    const tooManyTags = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect((await s3api('POST', '/buy', { display_name: 'ok', quota_gb: 1, tags: tooManyTags })).status).toBe(422);
    const unavailable = await s3api('POST', '/buy', { display_name: 'ok', quota_gb: 1, region: 'us-east-1' });
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.detail.error).toBe('region_unavailable');

    const balanceBefore = (await stack.api('GET', '/v1/billing/balance')).body;
    const p = await buy({ display_name: 'Media library', quota_gb: 1000, tags: { team: 'video' } });
    expect(p).toMatchObject({ bucket: { status: 'active', region: 'eu-central-1' }, region: 'eu-central-1', endpoint: stack.config.storage.publicEndpoint });
    expect(p.bucket.aws_bucket_name).toMatch(/^atl-[0-9a-f]{32}$/);
    expect(p.s3_uri).toBe(`s3://${p.bucket.aws_bucket_name}`);
    expect(p.access_key_id).toMatch(/^AKAT[A-Z2-7]{16}$/);
    expect(p.secret_access_key.length).toBeGreaterThanOrEqual(40);
    expect(p.example_aws_cli).toContain(`aws --endpoint-url ${stack.config.storage.publicEndpoint}`);
    expect(p.example_boto3).toContain('boto3.client("s3"');
    expect(p.warning).toMatch(/shown only once/);
    // 1000 GB × $0.0245 × 1.5 / 30 = $1.225
    expect(p.reservation_usd).toBeCloseTo(1.225, 6);
    const ledger = await stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', stack.accountId).where('label', '=', 's3_bucket_reservation').execute();
    expect(ledger.map((e) => e.amount_micros)).toEqual([-1_225_000]);
    const balanceAfter = (await stack.api('GET', '/v1/billing/balance')).body;
    expect(JSON.stringify(balanceAfter)).not.toBe(JSON.stringify(balanceBefore));

    const small = await buy({ display_name: 'tiny', quota_gb: 1 });
    expect(small.reservation_usd).toBe(0.15);

    const list = (await s3api('GET', '/buckets')).body.buckets;
    expect(list.map((b: any) => b.id)).toEqual(expect.arrayContaining([p.bucket.id, small.bucket.id]));
    expect(Object.keys(list[0]).sort()).toEqual(['created_at', 'display_name', 'id', 'quota_gb', 'region', 'status', 'storage_class', 'used_bytes']);
    const detail = (await s3api('GET', `/buckets/${p.bucket.id}`)).body;
    expect(detail).toMatchObject({ id: p.bucket.id, display_name: 'Media library', tags: { team: 'video' }, usage: { total_objects: 0, quota_gb: 1000 } });
    expect(detail.credentials).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toContain(p.secret_access_key);
    expect(detail.configuration.versioning.value.status).toBe('Suspended');

    const up = await s3api('POST', `/buckets/${small.bucket.id}/upgrade`, { quota_gb: 1 });
    expect(up.status).toBe(400);
    expect((await s3api('POST', `/buckets/${small.bucket.id}/upgrade`, { quota_gb: 5, default_storage_class: 'STANDARD_IA' })).body).toMatchObject({ quota_gb: 5, storage_class: 'STANDARD_IA', reservation_charged_usd: 0 });

    // A larger quota raises the deposit; deleting the (empty) bucket gives back all of it.
    const bigger = await s3api('POST', `/buckets/${p.bucket.id}/upgrade`, { quota_gb: 2000 });
    expect(bigger.body).toMatchObject({ quota_gb: 2000, reservation_charged_usd: 1.225, reservation_held_usd: 2.45 });
    const deposits = await stack.atelier.deps.db.selectFrom('ledger_entries').select('amount_micros').where('account_id', '=', stack.accountId).where('label', '=', 's3_bucket_reservation').where('metadata', '@>', JSON.stringify({ bucket_id: p.bucket.id }) as never).execute();
    expect(deposits.map((d) => d.amount_micros)).toEqual([-1_225_000, -1_225_000]);
    const deleted = await s3api('DELETE', `/buckets/${p.bucket.id}`);
    expect(deleted.body).toMatchObject({ deleted: true, reservation_refund_usd: 2.45 });
    const refunded = await stack.atelier.deps.db.selectFrom('ledger_entries').select('amount_micros').where('account_id', '=', stack.accountId).where('label', '=', 's3_bucket_reservation_refund').where('metadata', '@>', JSON.stringify({ bucket_id: p.bucket.id }) as never).execute();
    expect(refunded.reduce((n, r) => n + r.amount_micros, 0)).toBe(2_450_000);

  });

  it('uploads through a presigned URL with plain fetch, downloads through presign-download, and usage matches', async () => {
    const p = await buy({ display_name: 'uploads' });
    const body = Buffer.from('hello from a presigned upload '.repeat(100));
    const pre = await s3api('POST', `/buckets/${p.bucket.id}/objects/presign-upload`, { key: 'docs/hello.txt', content_type: 'text/plain', expires_in: 600 });
    expect(pre.status).toBe(200);
    expect(pre.body.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(pre.body.upload_url).not.toContain(stack.config.storage.accessKeyId);
    const put = await fetch(pre.body.upload_url, { method: 'PUT', body, headers: pre.body.headers });
    expect(put.status).toBe(200);
    const second = await s3api('POST', `/buckets/${p.bucket.id}/objects/presign-upload`, { key: 'img/a.bin' });
    expect((await fetch(second.body.upload_url, { method: 'PUT', body: Buffer.alloc(2048, 7) })).status).toBe(200);

    const dl = await s3api('POST', `/buckets/${p.bucket.id}/objects/presign-download`, { key: 'docs/hello.txt', response_content_disposition: 'attachment; filename="hello.txt"' });
    expect(dl.status).toBe(200);
    const got = await fetch(dl.body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="hello.txt"');
    expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    expect((await s3api('POST', `/buckets/${p.bucket.id}/objects/presign-download`, { key: 'missing' })).status).toBe(404);
    for (const expires_in of [59, 604801]) expect((await s3api('POST', `/buckets/${p.bucket.id}/objects/presign-download`, { key: 'x', expires_in })).status).toBe(422);

    const usage = (await s3api('GET', `/buckets/${p.bucket.id}/usage`)).body;
    expect(usage).toMatchObject({ bucket_id: p.bucket.id, total_objects: 2, total_bytes: body.length + 2048, quota_gb: 10, by_storage_class: { STANDARD: { objects: 2, bytes: body.length + 2048 } } });
    expect(usage.usage_percent).toBeCloseTo(((body.length + 2048) / (10 * 1024 ** 3)) * 100, 4);

    const listed = (await s3api('POST', `/buckets/${p.bucket.id}/objects/list`, { delimiter: '/' })).body;
    expect(listed).toMatchObject({ objects: [], common_prefixes: ['docs/', 'img/'], is_truncated: false });
    const page = (await s3api('POST', `/buckets/${p.bucket.id}/objects/list`, { max_keys: 1 })).body;
    expect(page.objects).toHaveLength(1);
    expect(page.is_truncated).toBe(true);
    const rest = (await s3api('POST', `/buckets/${p.bucket.id}/objects/list`, { max_keys: 1, continuation_token: page.continuation_token })).body;
    expect(rest.objects[0].key).not.toBe(page.objects[0].key);

    const copy = await s3api('POST', `/buckets/${p.bucket.id}/objects/copy`, { source_key: 'docs/hello.txt', dest_key: 'docs/copy.txt' });
    expect(copy.status).toBe(200);
    const del = await s3api('POST', `/buckets/${p.bucket.id}/objects/delete`, { keys: ['docs/copy.txt', 'img/a.bin'] });
    expect(del.body.deleted.map((d: any) => d.key).sort()).toEqual(['docs/copy.txt', 'img/a.bin']);
    expect((await s3api('POST', `/buckets/${p.bucket.id}/objects/delete`, { keys: ['a'], version_ids: ['1', '2'] })).status).toBe(422);

    const metrics = (await s3api('GET', `/buckets/${p.bucket.id}/metrics?metric=PutRequests&period=3600`)).body;
    expect(metrics.datapoints.reduce((n: number, d: any) => n + d.value, 0)).toBe(3);
    const size = (await s3api('GET', `/buckets/${p.bucket.id}/metrics`)).body;
    expect(size.datapoints.at(-1).value).toBe(body.length + 2048);

    // Not empty: refused. Emptied: deleted, reservation back in the wallet, keys dead on the server.
    const refused = await s3api('DELETE', `/buckets/${p.bucket.id}`);
    expect(refused.status).toBe(409);
    await s3api('POST', `/buckets/${p.bucket.id}/objects/delete`, { keys: ['docs/hello.txt'] });
    const gone = await s3api('DELETE', `/buckets/${p.bucket.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ deleted: true, credentials_revoked: 1, reservation_refund_usd: 0.15 });
    expect((await s3api('GET', `/buckets/${p.bucket.id}`)).status).toBe(404);
    const client = clientWith(stack, p.access_key_id, p.secret_access_key);
    await expect(client.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const refunds = await stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('reference_operation_id', '=', `s3_bucket_reservation:${p.bucket.id}`).execute();
    expect(refunds.map((r) => r.amount_micros)).toEqual([150_000]);
  });

  it('a multipart upload of 3 parts through presigned part URLs', async () => {
    const p = await buy({ display_name: 'multipart' });
    const created = await s3api('POST', `/buckets/${p.bucket.id}/multipart/create`, { key: 'video/big.bin', content_type: 'application/octet-stream' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'video/big.bin', bucket_id: p.bucket.id });
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.alloc(5 * 1024 * 1024, 2), Buffer.alloc(1234, 3)];
    const done: { part_number: number; etag: string }[] = [];
    for (const [i, part] of parts.entries()) {
      const url = await s3api('POST', `/buckets/${p.bucket.id}/multipart/presign-part`, { upload_id: created.body.upload_id, key: 'video/big.bin', part_number: i + 1 });
      expect(url.body.part_number).toBe(i + 1);
      const res = await fetch(url.body.url, { method: 'PUT', body: part });
      expect(res.status).toBe(200);
      done.push({ part_number: i + 1, etag: res.headers.get('etag')! });
    }
    expect((await s3api('POST', `/buckets/${p.bucket.id}/multipart/presign-part`, { upload_id: 'x', key: 'k', part_number: 10001 })).status).toBe(422);
    const complete = await s3api('POST', `/buckets/${p.bucket.id}/multipart/complete`, { upload_id: created.body.upload_id, key: 'video/big.bin', parts: done });
    expect(complete.status, JSON.stringify(complete.body)).toBe(200);
    const usage = (await s3api('GET', `/buckets/${p.bucket.id}/usage`)).body;
    expect(usage.total_bytes).toBe(10 * 1024 * 1024 + 1234);
    const client = clientWith(stack, p.access_key_id, p.secret_access_key);
    const obj = await client.send(new GetObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'video/big.bin', Range: 'bytes=10485760-10485763' }));
    expect([...(await obj.Body!.transformToByteArray())]).toEqual([3, 3, 3, 3]);

    const other = await s3api('POST', `/buckets/${p.bucket.id}/multipart/create`, { key: 'x.bin' });
    expect((await s3api('POST', `/buckets/${p.bucket.id}/multipart/abort`, { upload_id: other.body.upload_id, key: 'x.bin' })).body.aborted).toBe(true);
    const late = await s3api('POST', `/buckets/${p.bucket.id}/multipart/complete`, { upload_id: other.body.upload_id, key: 'x.bin', parts: [{ part_number: 1, etag: 'x' }] });
    expect([400, 404]).toContain(late.status);
    expect(await s3api('POST', `/buckets/${p.bucket.id}/objects/list`, { prefix: 'x.bin' }).then((r) => r.body.objects)).toEqual([]);
  });

  it('virtual keys work with the AWS SDK; a revoked key is refused by the S3 endpoint itself; a grace period keeps the old key alive', async () => {
    const p = await buy({ display_name: 'keys' });
    const original = clientWith(stack, p.access_key_id, p.secret_access_key);
    await original.send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'a.txt', Body: 'a' }));
    // The key reaches its own bucket only.
    const q = await buy({ display_name: 'neighbour' });
    await expect(original.send(new ListObjectsV2Command({ Bucket: q.bucket.aws_bucket_name }))).rejects.toMatchObject({ name: 'AccessDenied' });
    // The shared simple-bucket store must exist for the refusal to be about access: on a fresh
    // S3 server a missing bucket answers NoSuchBucket before any access check.
    await s3For(stack.atelier.deps).ensureBucket(stack.config.storage.simpleBucket, { presignedReads: true });
    await expect(original.send(new ListObjectsV2Command({ Bucket: stack.config.storage.simpleBucket }))).rejects.toMatchObject({ name: 'AccessDenied' });

    const graced = await s3api('POST', `/buckets/${p.bucket.id}/regenerate-keys`, { label: 'rotation 1' });
    expect(graced.status).toBe(201);
    expect(graced.body.new_credentials).toMatchObject({ label: 'rotation 1' });
    const days = (new Date(graced.body.old_key_expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const second = clientWith(stack, graced.body.new_credentials.access_key_id, graced.body.new_credentials.secret_access_key);
    await second.send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'b.txt', Body: 'b' }));
    expect((await original.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).KeyCount).toBe(2);
    const creds = (await s3api('GET', `/buckets/${p.bucket.id}/credentials`)).body.credentials;
    expect(creds.map((c: any) => [c.access_key_id, c.status])).toEqual([[p.access_key_id, 'expiring'], [graced.body.new_credentials.access_key_id, 'active']]);

    const now = await s3api('POST', `/buckets/${p.bucket.id}/regenerate-keys`, { revoke_old_immediately: true });
    expect(now.body.revoked_immediately).toBe(true);
    await expect(second.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    // The first key was still in its grace period; only the active key was rotated out at once.
    expect((await original.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).KeyCount).toBe(2);
    const third = clientWith(stack, now.body.new_credentials.access_key_id, now.body.new_credentials.secret_access_key);
    expect((await third.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).KeyCount).toBe(2);
    for (const grace_period_days of [-1, 31]) expect((await s3api('POST', `/buckets/${p.bucket.id}/regenerate-keys`, { grace_period_days })).status).toBe(422);

    // The grace period ends: the sweep revokes the key on the server.
    await stack.atelier.deps.db.updateTable('s3_credentials').set({ expires_at: new Date(Date.now() - 1000) }).where('access_key_id', '=', p.access_key_id).execute();
    const after = (await s3api('GET', `/buckets/${p.bucket.id}/credentials`)).body.credentials;
    expect(after.find((c: any) => c.access_key_id === p.access_key_id).status).toBe('revoked');
    await expect(original.send(new ListObjectsV2Command({ Bucket: p.bucket.aws_bucket_name }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('versioning: restore an old version; object lock in COMPLIANCE refuses deletes and cannot be shortened', async () => {
    const p = await buy({ display_name: 'versions', versioning_enabled: true });
    const client = clientWith(stack, p.access_key_id, p.secret_access_key);
    await client.send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'doc.txt', Body: 'v1' }));
    await client.send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'doc.txt', Body: 'v2' }));
    const versions = (await s3api('GET', `/buckets/${p.bucket.id}/versions?prefix=doc`)).body;
    expect(versions.versions).toHaveLength(2);
    const latest = versions.versions.find((v: any) => v.is_latest);
    const oldest = versions.versions.find((v: any) => !v.is_latest);
    const restored = await s3api('POST', `/buckets/${p.bucket.id}/versions/restore`, { key: 'doc.txt', version_id: oldest.version_id });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const now = await client.send(new GetObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'doc.txt' }));
    expect(await now.Body!.transformToString()).toBe('v1');
    expect((await s3api('GET', `/buckets/${p.bucket.id}/versions`)).body.versions).toHaveLength(3);
    expect((await s3api('POST', `/buckets/${p.bucket.id}/versions/delete`, { key: 'doc.txt', version_id: latest.version_id })).body).toMatchObject({ deleted: true, permanent: true });

    expect((await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, { enabled: true, mode: 'COMPLIANCE', retention_days: 0 })).status).toBe(422);
    expect((await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, { enabled: true, mode: 'COMPLIANCE', retention_days: 1, retention_years: 1 })).status).toBe(422);
    expect((await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, { enabled: true, mode: 'COMPLIANCE', retention_years: 101 })).status).toBe(422);
    const lock = await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, { enabled: true, mode: 'COMPLIANCE', retention_days: 2 });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    expect(lock.body).toMatchObject({ enabled: true, mode: 'COMPLIANCE', retention_days: 2, enforced: 'server' });
    await client.send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'locked.txt', Body: 'keep me' }));
    const lockedVersion = (await s3api('GET', `/buckets/${p.bucket.id}/versions?prefix=locked`)).body.versions[0].version_id;
    const refused = await s3api('POST', `/buckets/${p.bucket.id}/versions/delete`, { key: 'locked.txt', version_id: lockedVersion });
    expect(refused.status).toBe(409);
    expect(refused.body.detail.error).toBe('object_locked');
    const batch = await s3api('POST', `/buckets/${p.bucket.id}/objects/delete`, { keys: ['locked.txt'], version_ids: [lockedVersion] });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.deleted).toEqual([]);
    expect(batch.body.errors).toHaveLength(1);
    for (const weaker of [{ enabled: true, mode: 'COMPLIANCE', retention_days: 1 }, { enabled: true, mode: 'GOVERNANCE', retention_days: 30 }, { enabled: true }, { enabled: false }]) {
      const r = await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, weaker);
      expect(r.status, JSON.stringify(weaker)).toBe(409);
    }
    expect((await s3api('PUT', `/buckets/${p.bucket.id}/object-lock`, { enabled: true, mode: 'COMPLIANCE', retention_years: 1 })).status).toBe(200);
    expect((await s3api('PUT', `/buckets/${p.bucket.id}/versioning`, { status: 'Suspended' })).status).toBe(409);
    expect((await s3api('GET', `/buckets/${p.bucket.id}/versioning`)).body).toMatchObject({ status: 'Enabled' });
  });

  it('a bucket that cannot be paid for is refused with nothing written; plan caps answer plan_gate_exceeded', async () => {
    const poor = await stack.newAccount({ balanceUsd: 0.1 });
    const token = await sessionFor(stack, poor.accountId);
    const r = await s3api('POST', '/buy', { display_name: 'x', quota_gb: 1 }, token);
    expect(r.status).toBe(402);
    expect(r.body.detail.error).toBe('insufficient_funds');
    expect(await stack.atelier.deps.db.selectFrom('s3_buckets').select('id').where('account_id', '=', poor.accountId).execute()).toEqual([]);
    expect(await stack.atelier.deps.db.selectFrom('ledger_entries').select('id').where('account_id', '=', poor.accountId).where('label', 'like', 's3%').execute()).toEqual([]);

    const free = await stack.newAccount({ balanceUsd: 5 });
    const freeToken = await sessionFor(stack, free.accountId);
    expect((await s3api('POST', '/buy', { display_name: 'one', quota_gb: 1 }, freeToken)).status).toBe(201);
    const capped = await s3api('POST', '/buy', { display_name: 'two', quota_gb: 1 }, freeToken);
    expect(capped.status).toBe(402);
    expect(capped.body.detail).toMatchObject({ error: 'plan_gate_exceeded', plan: 'Free', limit: 1 });
    const invoice = await s3api('POST', '/buy', { display_name: 'inv', quota_gb: 1, billing_mode: 'invoice_monthly' }, freeToken);
    expect(invoice.body.detail.error).toBe('plan_gate_exceeded');
    // Another account's bucket answers 404 everywhere.
    const mine = (await s3api('GET', '/buckets')).body.buckets[0];
    expect((await s3api('GET', `/buckets/${mine.id}`, undefined, freeToken)).status).toBe(404);
    expect((await s3api('POST', `/buckets/${mine.id}/objects/list`, {}, freeToken)).status).toBe(404);
  });
});
