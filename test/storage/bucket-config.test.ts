import { GetBucketTaggingCommand, GetBucketWebsiteCommand, GetObjectCommand, PutBucketEncryptionCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { clientWith, rootClient, startStorageStack } from './helpers';
import { applyLifecycle } from '../../src/storage/object-store/lifecycle';

let stack: TestStack;
let session: string;
let bucket: { id: string; aws: string; access: string; secret: string };
const cfg = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3/buckets/${bucket.id}${path}`, { key: session, body });

beforeAll(async () => {
  ({ stack, session } = await startStorageStack({ ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
  const p = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'config', quota_gb: 5 } });
  expect(p.status).toBe(201);
  bucket = { id: p.body.bucket.id, aws: p.body.bucket.aws_bucket_name, access: p.body.access_key_id, secret: p.body.secret_access_key };
});
afterAll(async () => {
  await stack?.close();
});

describe('object-store bucket configuration', () => {
  it('policy: validated, merged with the access-key grant and enforced by the S3 server', async () => {
    const arn = `arn:aws:s3:::${bucket.aws}`;
    const client = clientWith(stack, bucket.access, bucket.secret);
    await client.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'secret/x.txt', Body: 'x' }));
    const deny = { Version: '2012-10-17', Statement: [{ Sid: 'NoSecrets', Effect: 'Deny', Principal: { AWS: [bucket.access] }, Action: ['s3:GetObject'], Resource: [`${arn}/secret/*`] }] };
    const validated = await cfg('POST', '/policy/validate', { policy_json: deny });
    expect(validated.body).toEqual({ valid: true, warnings: [], errors: [] });
    const bad = await cfg('POST', '/policy/validate', { policy_json: { Statement: [{ Effect: 'Maybe', Action: 'ec2:Run', Resource: 'arn:aws:s3:::other' }] } });
    expect(bad.body.valid).toBe(false);
    expect(bad.body.errors.length).toBeGreaterThanOrEqual(3);
    expect((await cfg('PUT', '/policy', { policy_json: { Statement: [] } })).status).toBe(400);
    const publicPolicy = { Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `${arn}/*` }] };
    const blocked = await cfg('PUT', '/policy', { policy_json: publicPolicy });
    expect(blocked.status).toBe(403);
    expect(blocked.body.detail.error).toBe('public_policy_blocked');

    const put = await cfg('PUT', '/policy', { policy_json: deny });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await cfg('GET', '/policy')).body.policy_json.Statement[0].Sid).toBe('NoSecrets');
    await expect(client.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'secret/x.txt' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    await client.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'open/y.txt', Body: 'y' }));
    expect(await (await client.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'open/y.txt' }))).Body!.transformToString()).toBe('y');
    expect((await cfg('DELETE', '/policy')).body.deleted).toBe(true);
    expect(await (await client.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'secret/x.txt' }))).Body!.transformToString()).toBe('x');
    expect((await cfg('GET', '/policy')).body.policy_json).toBeNull();

    // With public access unblocked, a public-read policy is accepted (and warned about).
    expect((await cfg('PUT', '/public-access-block', { block_public_acls: false, ignore_public_acls: false, block_public_policy: false, restrict_public_buckets: false })).body.enforced).toBe('atelier');
    const open = await cfg('PUT', '/policy', { policy_json: publicPolicy });
    expect(open.status).toBe(200);
    expect(open.body.warnings[0]).toMatch(/everyone/);
    const anonymous = await fetch(`${stack.config.storage.publicEndpoint}/${bucket.aws}/open/y.txt`);
    expect(anonymous.status).toBe(200);
    await cfg('DELETE', '/policy');
    expect((await fetch(`${stack.config.storage.publicEndpoint}/${bucket.aws}/open/y.txt`)).status).toBe(403);
  });

  it('cors and tags are applied on the server, website is kept there but served by nothing; ownership and acl too', async () => {
    expect((await cfg('PUT', '/cors', { rules: [{ allowed_methods: ['TRACE'], allowed_origins: ['*'] }] })).status).toBe(422);
    expect((await cfg('PUT', '/cors', { rules: [{ allowed_methods: ['GET'], allowed_origins: ['*'], max_age_seconds: 86401 }] })).status).toBe(422);
    const cors = await cfg('PUT', '/cors', { rules: [{ allowed_methods: ['GET', 'PUT'], allowed_origins: ['https://app.example.com'], allowed_headers: ['*'], max_age_seconds: 600 }] });
    expect(cors.status, JSON.stringify(cors.body)).toBe(200);
    const preflight = await fetch(`${stack.config.storage.publicEndpoint}/${bucket.aws}/open/y.txt`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect((await cfg('GET', '/cors')).body.rules[0].allowed_methods).toEqual(['GET', 'PUT']);
    expect((await cfg('DELETE', '/cors')).body.deleted).toBe(true);
    expect((await cfg('GET', '/cors')).body.rules).toEqual([]);

    expect((await cfg('PUT', '/tags', { tags: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] })).status).toBe(422);
    expect((await cfg('PUT', '/tags', { tags: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: 'v' })) })).status).toBe(422);
    expect((await cfg('PUT', '/tags', { tags: [{ key: 'team', value: 'media' }] })).status).toBe(200);
    const tagging = await rootClient(stack).send(new GetBucketTaggingCommand({ Bucket: bucket.aws }));
    expect(tagging.TagSet).toEqual([{ Key: 'team', Value: 'media' }]);
    expect((await stack.api('GET', `/v1/storage/s3/buckets/${bucket.id}`, { key: session })).body.tags).toEqual({ team: 'media' });

    expect((await cfg('PUT', '/website', {})).status).toBe(422);
    const website = await cfg('PUT', '/website', { index_document: 'index.html', error_document: 'error.html', routing_rules: [{ condition: { key_prefix_equals: 'old/' }, redirect: { replace_key_prefix_with: 'new/' } }] });
    expect(website.status).toBe(200);
    // Nothing serves the index or error document: the answer says so instead of implying a website.
    expect(website.body).toMatchObject({ enforced: 'not_available', note: expect.stringMatching(/no index or error document is served/) });
    const site = await rootClient(stack).send(new GetBucketWebsiteCommand({ Bucket: bucket.aws }));
    expect(site.IndexDocument?.Suffix).toBe('index.html');
    expect((await cfg('DELETE', '/website')).status).toBe(200);

    expect((await cfg('PUT', '/ownership', { ownership: 'Everyone' })).status).toBe(422);
    expect((await cfg('PUT', '/ownership', { ownership: 'BucketOwnerPreferred' })).body).toMatchObject({ ownership: 'BucketOwnerPreferred', enforced: 'server' });
    const acl = (await cfg('GET', '/acl')).body;
    expect(acl).toMatchObject({ read_only: true, owner: { id: bucket.access } });
    expect((await cfg('PUT', '/acl', {})).status).toBe(404);
  });

  it('recorded settings: every field range validated, values served back', async () => {
    expect((await cfg('PUT', '/encryption', { algorithm: 'aws:kms' })).status).toBe(422);
    expect((await cfg('PUT', '/encryption', { algorithm: 'DES' })).status).toBe(422);
    expect((await cfg('PUT', '/encryption', { algorithm: 'aws:kms', kms_master_key_id: 'arn:aws:kms:eu-central-1:111122223333:key/abc', bucket_key_enabled: true })).body).toMatchObject({ algorithm: 'aws:kms', bucket_key_enabled: true, enforced: 'not_available', note: expect.stringMatching(/no server-side encryption/) });
    // Said because it is so: the storage server itself has no bucket encryption.
    await expect(rootClient(stack).send(new PutBucketEncryptionCommand({ Bucket: bucket.aws, ServerSideEncryptionConfiguration: { Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] } }))).rejects.toMatchObject({ name: 'NotImplemented' });
    expect((await cfg('GET', '/encryption')).body.kms_master_key_id).toMatch(/^arn:aws:kms/);

    expect((await cfg('PUT', '/logging', { enabled: true })).status).toBe(422);
    expect((await cfg('PUT', '/logging', { enabled: true, target_bucket: 'someone-elses' })).status).toBe(400);
    expect((await cfg('PUT', '/logging', { enabled: true, target_bucket: bucket.aws, target_prefix: 'logs/' })).body).toMatchObject({ enabled: true, target_prefix: 'logs/' });
    expect((await cfg('PUT', '/accelerate', { status: 'On' })).status).toBe(422);
    expect((await cfg('PUT', '/accelerate', { status: 'Enabled' })).body).toMatchObject({ status: 'Enabled', enforced: 'not_available' });
    const detail = (await stack.api('GET', `/v1/storage/s3/buckets/${bucket.id}`, { key: session })).body.configuration;
    for (const name of ['encryption', 'accelerate', 'request_payment', 'intelligent_tiering', 'access_points']) {
      expect(detail[name], name).toMatchObject({ enforced: 'not_available', note: expect.any(String) });
    }
    expect((await cfg('PUT', '/request-payment', { payer: 'Requester' })).body.payer).toBe('Requester');
    expect((await cfg('GET', '/request-payment')).body.payer).toBe('Requester');

    for (const days of [89, 10000]) {
      expect((await cfg('PUT', '/intelligent-tiering', { id: 'arch', status: 'Enabled', tierings: [{ days, access_tier: 'ARCHIVE_ACCESS' }] })).status).toBe(422);
    }
    expect((await cfg('PUT', '/intelligent-tiering', { id: 'arch', status: 'Enabled', prefix: 'cold/', tierings: [{ days: 90, access_tier: 'ARCHIVE_ACCESS' }, { days: 180, access_tier: 'DEEP_ARCHIVE_ACCESS' }] })).status).toBe(200);
    expect((await cfg('GET', '/intelligent-tiering')).body.configurations.map((c: any) => c.id)).toEqual(['arch']);
    expect((await cfg('DELETE', '/intelligent-tiering/arch')).body.deleted).toBe(true);
    expect((await cfg('DELETE', '/intelligent-tiering/arch')).status).toBe(404);

    expect((await cfg('PUT', '/lifecycle', { rules: [{ id: 'r', status: 'Enabled', expiration: { days: 0 } }] })).status).toBe(422);
    expect((await cfg('PUT', '/lifecycle', { rules: [{ id: 'r', status: 'Enabled', transitions: [{ days: 30, storage_class: 'FROZEN' }] }] })).status).toBe(422);
    const lc = await cfg('PUT', '/lifecycle', {
      rules: [{ id: 'tidy', status: 'Enabled', prefix: 'tmp/', transitions: [{ days: 30, storage_class: 'STANDARD_IA' }], expiration: { days: 1 }, noncurrent_version_expiration: { noncurrent_days: 30 }, abort_incomplete_multipart_upload: { days_after_initiation: 1 } }],
    });
    expect(lc.body).toMatchObject({ enforced: 'atelier', rules: [{ id: 'tidy', expiration: { days: 1 } }] });
    // Expiration and aborting stale uploads are carried out by Atelier's hourly sweep.
    const client = clientWith(stack, bucket.access, bucket.secret);
    await client.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'tmp/old.txt', Body: 'old' }));
    await client.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'keep/me.txt', Body: 'keep' }));
    const mp = await cfg('POST', '/multipart/create', { key: 'tmp/stale.bin' });
    const row = await stack.atelier.deps.db.selectFrom('s3_buckets').selectAll().where('id', '=', bucket.id).executeTakeFirstOrThrow();
    expect(await applyLifecycle(stack.atelier.deps, row)).toEqual({ expired: 0, aborted: 0, noncurrentExpired: 0 });
    expect(await applyLifecycle(stack.atelier.deps, row, new Date(Date.now() + 2 * 86_400_000))).toEqual({ expired: 1, aborted: 1, noncurrentExpired: 0 });
    const left = (await cfg('POST', '/objects/list', { prefix: '' })).body.objects.map((o: any) => o.key);
    expect(left).toContain('keep/me.txt');
    expect(left).not.toContain('tmp/old.txt');
    expect((await cfg('POST', '/multipart/abort', { upload_id: mp.body.upload_id, key: 'tmp/stale.bin' })).status).toBe(404);
    expect((await cfg('DELETE', '/lifecycle')).status).toBe(200);

    expect((await cfg('PUT', '/notifications', { sqs: [{ arn: 'not-an-arn', events: ['s3:ObjectCreated:*'] }] })).status).toBe(422);
    expect((await cfg('PUT', '/notifications', { sqs: [{ arn: 'arn:aws:sqs:eu-central-1:111122223333:uploads', events: ['s3:ObjectCreated:*'], filter_suffix: '.png' }], event_bridge_enabled: true })).body).toMatchObject({ event_bridge_enabled: true, sns: [], lambda: [] });

    const repl = { rules: [{ id: 'r1', status: 'Enabled', priority: 1 }] };
    expect((await cfg('PUT', '/replication', repl)).status).toBe(409);
    expect((await cfg('PUT', '/versioning', { status: 'Enabled', mfa_delete: 'Disabled' })).body).toMatchObject({ status: 'Enabled', enforced: 'server' });
    expect((await cfg('PUT', '/replication', { rules: [{ id: 'a', status: 'Enabled', priority: 1 }, { id: 'b', status: 'Enabled', priority: 1 }] })).status).toBe(422);
    expect((await cfg('PUT', '/replication', { rules: [{ ...repl.rules[0], destination: { bucket: 'arn:aws:s3:::backup' } }] })).body.detail.error).toBe('invalid_destination_bucket');
    expect((await cfg('PUT', '/replication', repl)).body.rules[0]).toMatchObject({ id: 'r1', priority: 1 });
    expect((await cfg('DELETE', '/replication')).status).toBe(200);
    expect((await cfg('GET', '/replication')).body).toMatchObject({ value: null });
  });

  it('access points with their own policies', async () => {
    for (const name of ['ab', 'Upper-case', '-edge', 'x'.repeat(51)]) expect((await cfg('POST', '/access-points', { name })).status, name).toBe(422);
    const ap = await cfg('POST', '/access-points', { name: 'analytics', vpc_id: 'vpc-0abc1234' });
    expect(ap.status).toBe(201);
    expect(ap.body).toMatchObject({ name: 'analytics', network_origin: 'VPC', block_public_access: true, has_policy: false, enforced: 'not_available' });
    expect((await cfg('POST', '/access-points', { name: 'analytics' })).status).toBe(409);
    expect((await cfg('GET', '/access-points')).body.access_points.map((a: any) => a.name)).toEqual(['analytics']);
    const policy = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111122223333:role/reader' }, Action: 's3:GetObject', Resource: '*' }] };
    expect((await cfg('PUT', '/access-points/analytics/policy', { policy_json: policy })).status).toBe(200);
    expect((await cfg('PUT', '/access-points/analytics/policy', { policy_json: { Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject' }] } })).status).toBe(403);
    expect((await cfg('GET', '/access-points/analytics/policy')).body.policy_json).toEqual(policy);
    expect((await cfg('GET', '/access-points/analytics')).body.has_policy).toBe(true);
    expect((await cfg('DELETE', '/access-points/analytics/policy')).status).toBe(200);
    expect((await cfg('DELETE', '/access-points/analytics')).body.deleted).toBe(true);
    expect((await cfg('GET', '/access-points/analytics')).status).toBe(404);
  });
});
