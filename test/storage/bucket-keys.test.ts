import {
  DeleteBucketCommand,
  DeleteBucketPolicyCommand,
  DeleteBucketTaggingCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketAclCommand,
  PutBucketCorsCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { clientWith, rootClient, startStorageStack } from './helpers';
import { accrueStorage } from '../../src/storage/billing/accrual';
import { s3For } from '../../src/storage/context';

let stack: TestStack;
let session: string;
let bucket: { id: string; aws: string; access: string; secret: string };
let key: S3Client;
const cfg = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3/buckets/${bucket.id}${path}`, { key: session, body });
const anonymousGet = (path: string) => fetch(`${stack.config.storage.publicEndpoint}/${bucket.aws}/${path}`);

beforeAll(async () => {
  ({ stack, session } = await startStorageStack({ ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
  const p = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'keys', quota_gb: 5 } });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  bucket = { id: p.body.bucket.id, aws: p.body.bucket.aws_bucket_name, access: p.body.access_key_id, secret: p.body.secret_access_key };
  key = clientWith(stack, bucket.access, bucket.secret);
});
afterAll(async () => {
  await stack?.close();
});

/** Every bucket-configuration call a key holder could try on the S3 server directly. */
function configurationCalls(b: string) {
  const arn = `arn:aws:s3:::${b}`;
  const publicRead = JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: [`${arn}/*`] }] });
  return {
    'put-bucket-policy (public)': new PutBucketPolicyCommand({ Bucket: b, Policy: publicRead }),
    'delete-bucket-policy': new DeleteBucketPolicyCommand({ Bucket: b }),
    'put-bucket-versioning': new PutBucketVersioningCommand({ Bucket: b, VersioningConfiguration: { Status: 'Enabled' } }),
    'put-bucket-acl (public-read)': new PutBucketAclCommand({ Bucket: b, ACL: 'public-read' }),
    'put-object-acl (public-read)': new PutObjectAclCommand({ Bucket: b, Key: 'photos/a.txt', ACL: 'public-read' }),
    'put-bucket-cors': new PutBucketCorsCommand({ Bucket: b, CORSConfiguration: { CORSRules: [{ AllowedMethods: ['GET'], AllowedOrigins: ['*'] }] } }),
    'delete-bucket-tagging': new DeleteBucketTaggingCommand({ Bucket: b }),
    'delete-bucket': new DeleteBucketCommand({ Bucket: b }),
  };
}

async function expectRefused(client: S3Client) {
  for (const [name, command] of Object.entries(configurationCalls(bucket.aws))) {
    const err = await client.send(command as never).then(
      () => null,
      (e: { name?: string; $metadata?: { httpStatusCode?: number } }) => e,
    );
    expect(err, `${name} must be refused`).not.toBeNull();
    expect(err!.$metadata?.httpStatusCode, name).toBe(403);
  }
}

describe('a bucket key is limited to object operations on the S3 server', () => {
  it('cannot change, open or delete its bucket; objects, listings and presigned URLs still work', async () => {
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'photos/a.txt', Body: 'alpha' }));
    expect(await (await key.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'photos/a.txt' }))).Body!.transformToString()).toBe('alpha');
    expect((await key.send(new ListObjectsV2Command({ Bucket: bucket.aws }))).Contents?.map((o) => o.Key)).toEqual(['photos/a.txt']);

    await expectRefused(key);

    // Nothing moved: still private, Atelier's record and the server agree, presigned reads work.
    expect((await anonymousGet('photos/a.txt')).status).toBe(403);
    expect((await cfg('GET', '/versioning')).body.status).toBe('Suspended');
    expect((await cfg('GET', '/public-access-block')).body.block_public_policy).toBe(true);
    const dl = await cfg('POST', '/objects/presign-download', { key: 'photos/a.txt' });
    expect(dl.status, JSON.stringify(dl.body)).toBe(200);
    expect(await (await fetch(dl.body.url)).text()).toBe('alpha');
  });

  it("a grant in the customer's own policy cannot hand configuration back to a key", async () => {
    const arn = `arn:aws:s3:::${bucket.aws}`;
    const everything = { Version: '2012-10-17', Statement: [{ Sid: 'All', Effect: 'Allow', Principal: { AWS: [bucket.access] }, Action: ['s3:*'], Resource: [arn, `${arn}/*`] }] };
    expect((await cfg('PUT', '/policy', { policy_json: everything })).status).toBe(200);
    await expectRefused(key);
    await key.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'photos/b.txt', Body: 'beta' }));
    expect((await cfg('DELETE', '/policy')).status).toBe(200);
  });

  it('rotated keys get the same limits; the hourly sweep puts a bucket opened on the server back', async () => {
    const rotated = await cfg('POST', '/regenerate-keys', { revoke_old_immediately: true });
    expect(rotated.status).toBe(201);
    const fresh = clientWith(stack, rotated.body.new_credentials.access_key_id, rotated.body.new_credentials.secret_access_key);
    await fresh.send(new PutObjectCommand({ Bucket: bucket.aws, Key: 'photos/c.txt', Body: 'gamma' }));
    await expectRefused(fresh);

    // A bucket whose server policy predates these limits (keys with s3:*, and public reads):
    const root = rootClient(stack);
    const arn = `arn:aws:s3:::${bucket.aws}`;
    const legacy = {
      Version: '2012-10-17',
      Statement: [
        { Sid: 'AtelierAccessKeys', Effect: 'Allow', Principal: { AWS: [rotated.body.new_credentials.access_key_id, s3For(stack.atelier.deps).presignerKeyId] }, Action: ['s3:*'], Resource: [arn, `${arn}/*`] },
        { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: [`${arn}/*`] },
      ],
    };
    await root.send(new PutBucketPolicyCommand({ Bucket: bucket.aws, Policy: JSON.stringify(legacy) }));
    expect((await anonymousGet('photos/c.txt')).status).toBe(200);
    await accrueStorage(stack.atelier.deps, new Date());
    expect((await anonymousGet('photos/c.txt')).status).toBe(403);
    await expectRefused(fresh);
    expect(await (await fresh.send(new GetObjectCommand({ Bucket: bucket.aws, Key: 'photos/c.txt' }))).Body!.transformToString()).toBe('gamma');
  });

  it('versioning is read back from the server (changed there by its administrator)', async () => {
    await rootClient(stack).send(new PutBucketVersioningCommand({ Bucket: bucket.aws, VersioningConfiguration: { Status: 'Enabled' } }));
    expect((await cfg('GET', '/versioning')).body).toMatchObject({ status: 'Enabled', enforced: 'server' });
    expect((await stack.api('GET', `/v1/storage/s3/buckets/${bucket.id}`, { key: session })).body.configuration.versioning.value.status).toBe('Enabled');
    // Replication needs versioning: the server's state counts, not a stale record.
    const repl = await cfg('PUT', '/replication', { rules: [{ id: 'r1', status: 'Enabled', priority: 1 }] });
    expect(repl.status, JSON.stringify(repl.body)).toBe(200);
    await cfg('DELETE', '/replication');
    await rootClient(stack).send(new PutBucketVersioningCommand({ Bucket: bucket.aws, VersioningConfiguration: { Status: 'Suspended' } }));
    expect((await cfg('GET', '/versioning')).body.status).toBe('Suspended');
  });
});
