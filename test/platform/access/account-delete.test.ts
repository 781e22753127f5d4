// `npm run -s account:delete`: the operator's command deletes an account's rows and its blobs in
// the S3 blob store and its buckets on the S3 server, run as its own process with the server's
// configuration; it deletes nothing without --yes, while a run is active, for the owner account or
// for an unknown one.
import { CreateBucketCommand, CreateMultipartUploadCommand, DeleteObjectCommand, HeadBucketCommand, ListBucketsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isResultRef, RESULT_REF_KEY, type ResultRef } from '../../../src/engine/contract/result-ref';
import { accountBlobPrefix } from '../../../src/platform/accounts/account-deletion';
import { createWorkflow, getRun, spec, startRun, useEngineStack, waitFor, waitForRun } from '../../engine/runs/helpers';
import { squareOnWhite, startImageHost, type ImageHost } from '../billing/helpers';
import { clientWith, keysUnder as serverKeysUnder, PNG, rootClient, sessionFor, upload } from '../../storage/helpers';
import { queueS3Deletion, sweepBlobDeletions } from '../../../src/storage/blob-store-deletions';

const fx = useEngineStack({ ATELIER_BLOB_STORE: 's3', S3_ENDPOINT: inject('s3Endpoint') });
const root = join(import.meta.dirname, '..', '..');
let images: ImageHost;

beforeAll(async () => {
  images = await startImageHost({ 'face.png': await squareOnWhite() });
});
afterAll(async () => {
  await images?.close();
});

/** Runs the command as an operator would, with the stack's configuration; resolves on any exit code. */
function accountDelete(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { config } = fx.stack;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    NODE_OPTIONS: '',
    DATABASE_URL: config.databaseUrl!,
    ATELIER_DATA_DIR: config.dataDir,
    ATELIER_BLOB_STORE: 's3',
    S3_ENDPOINT: inject('s3Endpoint'),
    ATELIER_BLOB_BUCKET: config.blobs.bucket,
  };
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'account:delete', '--', ...args], { env, cwd: root, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** ~1.2 MB of JSON: stored in the blob store, not in the run's row. */
const BIG = spec(
  [
    { id: 'start', type: 'trigger.manual' },
    { id: 'big', type: 'code.javascript', params: { code: "return { rows: Array.from({ length: 12000 }, (_, i) => ({ i, pad: 'x'.repeat(80) })) };", timeout_s: 20 } },
  ],
  [['start', 'big']],
);

async function bigResult(key?: string): Promise<string> {
  const { run_id } = await startRun(fx.stack, await createWorkflow(fx.stack, BIG, { key }), {}, { key });
  const run = await waitForRun(fx.stack, run_id, undefined, 60_000, key);
  expect(run.status, JSON.stringify(run.node_outputs)).toBe('completed');
  const ref = run.node_outputs.big.output.main as ResultRef;
  expect(isResultRef(ref)).toBe(true);
  return ref[RESULT_REF_KEY].key;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const b of fx.stack.atelier.deps.blobs.list(prefix)) keys.push(b.key);
  return keys.sort();
}

const accountRow = (id: string) => fx.stack.atelier.deps.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst();

describe('npm run account:delete', () => {
  it('shows what would go, refuses while a run is active, then deletes the rows and the blobs of that account only', async () => {
    const { db, blobs } = fx.stack.atelier.deps;
    expect(blobs.backend).toBe('s3');
    const acct = await fx.stack.newAccount();
    const resultKey = await bigResult(acct.key);
    const asset = await fx.stack.api('POST', '/v1/ai/assets/register', { body: { image_url: images.url('face.png') }, key: acct.key });
    expect(asset.status, asset.text).toBe(201);
    const prefix = accountBlobPrefix(acct.accountId);
    const before = await keysUnder(prefix);
    expect(before).toContain(resultKey);
    expect(before.some((k) => k.startsWith(`${prefix}face-assets/`))).toBe(true);
    const ownersKey = await bigResult();

    // Without --yes: the counts, exit 1, nothing deleted.
    const dry = await accountDelete('--account', acct.accountId);
    expect(dry.code, dry.stderr).toBe(1);
    expect(dry.stdout).toContain(`Would delete account ${acct.accountId}`);
    expect(dry.stdout).toContain('runs: 1, workflows: 1, API keys: 1, face assets: 1');
    expect(dry.stdout).toMatch(new RegExp(`blobs under ${prefix} in the s3 blob store: ${before.length} \\(\\d{6,} bytes\\)`));
    expect(dry.stderr).toContain('add --yes');
    expect(await accountRow(acct.accountId)).toBeDefined();
    expect(await keysUnder(prefix)).toEqual(before);

    // A run waiting for an approval is running: exit 1, the run named, nothing deleted.
    const waiting = await startRun(
      fx.stack,
      await createWorkflow(fx.stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval' }], [['start', 'gate']]), { key: acct.key }),
      {},
      { key: acct.key },
    );
    await waitFor('gate to wait', async () => (await getRun(fx.stack, waiting.run_id, acct.key)).node_outputs.gate !== undefined);
    const refused = await accountDelete('--account', acct.accountId, '--yes');
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('1 run(s) queued or running');
    expect(refused.stderr).toContain(waiting.run_id);
    expect(await accountRow(acct.accountId)).toBeDefined();
    expect(await keysUnder(prefix)).toEqual(before);

    await fx.stack.api('POST', `/engine/v1/v1/runs/${waiting.run_id}/cancel`, { key: acct.key });
    await waitForRun(fx.stack, waiting.run_id, undefined, 30_000, acct.key);

    // By email, with --yes: exit 0, its rows and blobs gone.
    const email = `gone-${acct.accountId.slice(-6)}@example.com`;
    await db.updateTable('accounts').set({ email }).where('id', '=', acct.accountId).execute();
    const done = await accountDelete('--account', email.toUpperCase(), '--yes');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Deleting account ${acct.accountId} (${email})`);
    expect(done.stdout).toContain(`Deleted account ${acct.accountId}.`);
    expect(await accountRow(acct.accountId)).toBeUndefined();
    for (const table of ['runs', 'workflows', 'api_keys', 'face_assets', 'ledger_entries'] as const) {
      expect(await db.selectFrom(table).select('account_id').where('account_id', '=', acct.accountId).execute(), table).toEqual([]);
    }
    expect(await keysUnder(prefix)).toEqual([]);
    expect(await blobs.exists(resultKey)).toBe(false);
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    expect((await fx.stack.api('GET', '/v1/billing/balance', { key: acct.key })).status).toBe(401);

    // The other account is untouched.
    expect(await accountRow(fx.stack.accountId)).toBeDefined();
    expect(await blobs.exists(ownersKey)).toBe(true);

    // Again: the account is unknown.
    const again = await accountDelete('--account', acct.accountId, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`No account ${acct.accountId} (not found)`);
  }, 240_000);

  it('keeps the owner account without --force-owner; usage errors exit 2', async () => {
    const owner = await accountDelete('--account', fx.stack.accountId, '--yes');
    expect(owner.code, owner.stderr).toBe(1);
    expect(owner.stderr).toContain('--force-owner');
    expect(owner.stdout).toContain(`Would delete account ${fx.stack.accountId}`);
    expect(await accountRow(fx.stack.accountId)).toBeDefined();

    expect((await accountDelete('--yes')).code).toBe(2);
    const unknownFlag = await accountDelete('--account', fx.stack.accountId, '--yes', '--everything');
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toContain('usage:');
    expect(await accountRow(fx.stack.accountId)).toBeDefined();
  }, 120_000);

  it('deletes the account\'s object-store buckets (objects, uploads, keys) and simple-bucket files on the S3 server, no one else\'s', async () => {
    const { db } = fx.stack.atelier.deps;
    const root = rootClient(fx.stack);
    const buy = async (accountId: string, name: string) => {
      const r = await fx.stack.api('POST', '/v1/storage/s3/buy', { key: await sessionFor(fx.stack, accountId), body: { display_name: name, quota_gb: 1 } });
      expect(r.status, r.text).toBe(201);
      return r.body as { bucket: { id: string; aws_bucket_name: string }; access_key_id: string; secret_access_key: string };
    };
    const acct = await fx.stack.newAccount();
    const mine = await buy(acct.accountId, 'media');
    const client = clientWith(fx.stack, mine.access_key_id, mine.secret_access_key);
    const bucketName = mine.bucket.aws_bucket_name;
    for (const key of ['a.txt', 'docs/b.txt']) await client.send(new PutObjectCommand({ Bucket: bucketName, Key: key, Body: key }));
    await client.send(new CreateMultipartUploadCommand({ Bucket: bucketName, Key: 'big.bin' }));
    const simple = await fx.stack.api('POST', '/v1/buckets', { body: { name: 'shots' }, key: acct.key });
    expect(simple.status, simple.text).toBe(201);
    const file = await upload(fx.stack, { bytes: PNG, name: 'dot.png', type: 'image/png' }, { bucket_name: 'shots' }, acct.key);
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    const simpleStore = fx.stack.config.storage.simpleBucket;
    const simplePrefix = simple.body.path_prefix as string;
    expect(await serverKeysUnder(root, simpleStore, simplePrefix)).toHaveLength(1);

    const theirs = await buy(fx.stack.accountId, 'neighbour');
    await root.send(new PutObjectCommand({ Bucket: theirs.bucket.aws_bucket_name, Key: 'keep.txt', Body: 'keep' }));

    // Without --yes the buckets are listed with what goes, nothing deleted.
    const dry = await accountDelete('--account', acct.accountId);
    expect(dry.code, dry.stderr).toBe(1);
    expect(dry.stdout).toContain('simple-bucket files: 1 (');
    expect(dry.stdout).toContain(`object-store bucket ${mine.bucket.id} (${bucketName} on the S3 server)`);
    expect(dry.stdout).toContain(`simple bucket ${simple.body.id} "shots", 1 file(s)`);
    expect(await accountRow(acct.accountId)).toBeDefined();

    const done = await accountDelete('--account', acct.accountId, '--yes');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).not.toContain('failed');
    expect(await accountRow(acct.accountId)).toBeUndefined();
    await expect(root.send(new HeadBucketCommand({ Bucket: bucketName }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    await expect(client.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(await serverKeysUnder(root, simpleStore, simplePrefix)).toEqual([]);
    expect(await db.selectFrom('s3_deletions').selectAll().execute()).toEqual([]);

    // The other account's bucket and object are untouched.
    await root.send(new HeadBucketCommand({ Bucket: theirs.bucket.aws_bucket_name }));
    expect(await serverKeysUnder(root, theirs.bucket.aws_bucket_name, '')).toEqual(['keep.txt']);
    expect((await fx.stack.api('DELETE', `/v1/storage/s3/buckets/${theirs.bucket.id}`, { key: await sessionFor(fx.stack, fx.stack.accountId) })).status).toBe(409);
    await root.send(new DeleteObjectCommand({ Bucket: theirs.bucket.aws_bucket_name, Key: 'keep.txt' }));
    expect((await fx.stack.api('DELETE', `/v1/storage/s3/buckets/${theirs.bucket.id}`, { key: await sessionFor(fx.stack, fx.stack.accountId) })).status).toBe(200);
  }, 180_000);

  it('a queued bucket deletion left behind by a process that died is finished by the sweep', async () => {
    const deps = fx.stack.atelier.deps;
    const root = rootClient(fx.stack);
    const bucket = `atelier-test-orphan-${Date.now().toString(36)}`;
    await root.send(new CreateBucketCommand({ Bucket: bucket }));
    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'left.txt', Body: 'left' }));
    await queueS3Deletion(deps.db, { bucket, wholeBucket: true, accessKeys: [] }, 'account');
    expect(await sweepBlobDeletions(deps)).toBeGreaterThanOrEqual(1);
    await expect(root.send(new HeadBucketCommand({ Bucket: bucket }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    expect(await deps.db.selectFrom('s3_deletions').selectAll().where('bucket', '=', bucket).execute()).toEqual([]);
  }, 60_000);
});
