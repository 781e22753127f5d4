// Object-store buckets under an attacker's requests:
// - block_public_access holds against every spelling of "everyone" in a policy principal (string or
//   array, keys of any case, wildcards inside ARNs, NotPrincipal), for bucket and access-point
//   policies; the S3 server itself keeps refusing anonymous reads.
// - Concurrent deletes of one bucket: one succeeds, the others answer 404 or 409 (never 500), and
//   the deposit is refunded exactly once.
// - Completing a multipart upload the server does not know answers 404 upload_not_found.
import { DeleteBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantsEveryone } from '../../src/storage/object-store/policy-principals';
import type { TestStack } from '../helpers/stack';
import { clientWith, rootClient, startStorageStack } from '../storage/helpers';

let stack: TestStack;
let session: string;
const s3api = (method: string, path: string, body?: unknown) => stack.api(method, `/v1/storage/s3${path}`, { key: session, body });

beforeAll(async () => {
  ({ stack, session } = await startStorageStack({ ATELIER_STORAGE_BUYS_PER_MINUTE: '100' }));
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', stack.accountId).execute();
});
afterAll(async () => {
  await stack?.close();
});

async function buy(name: string) {
  const r = await s3api('POST', '/buy', { display_name: name, quota_gb: 1 });
  expect(r.status, r.text).toBe(201);
  return r.body as { bucket: { id: string; aws_bucket_name: string }; access_key_id: string; secret_access_key: string };
}

/** Principals that reach everyone, in the shapes a lenient server accepts. */
const EVERYONE: unknown[] = [
  '*', ' * ', ['*'], { AWS: '*' }, { aws: '*' }, { Aws: ['*'] }, { AWS: ['arn:aws:iam::111122223333:root', '*'] }, { aWs: [['*']] },
  { Service: '*' }, { CanonicalUser: '*' }, { Federated: ['*'] }, { AWS: 'arn:aws:iam::*:root' }, 'arn:aws:iam::*:*',
];

describe('block_public_access cannot be bypassed through a policy principal', () => {
  it('every spelling of everyone is refused on a blocked bucket (and flagged by validate); the server still refuses anonymous reads', async () => {
    const p = await buy('no-public');
    const arn = `arn:aws:s3:::${p.bucket.aws_bucket_name}`;
    await clientWith(stack, p.access_key_id, p.secret_access_key).send(new PutObjectCommand({ Bucket: p.bucket.aws_bucket_name, Key: 'doc.txt', Body: 'private' }));
    const cfg = (method: string, path: string, body?: unknown) => s3api(method, `/buckets/${p.bucket.id}${path}`, body);
    const problems: string[] = [];
    const statements = [
      ...EVERYONE.map((Principal) => ({ Effect: 'Allow', Principal, Action: 's3:GetObject', Resource: `${arn}/*` })),
      { Effect: 'Allow', Principal: { AWS: p.access_key_id }, NotPrincipal: { AWS: 'arn:aws:iam::111122223333:root' }, Action: 's3:GetObject', Resource: `${arn}/*` },
    ];
    for (const statement of statements) {
      const label = JSON.stringify(statement.Principal) + ('NotPrincipal' in statement ? ' + NotPrincipal' : '');
      const put = await cfg('PUT', '/policy', { policy_json: { Version: '2012-10-17', Statement: [statement] } });
      if (put.status !== 403 || put.body?.detail?.error !== 'public_policy_blocked') problems.push(`policy ${label}: ${put.status} ${put.text.slice(0, 120)}`);
      const single = await cfg('PUT', '/policy', { policy_json: { Statement: statement } });
      if (single.status !== 403) problems.push(`policy (one statement object) ${label}: ${single.status}`);
      const validated = await cfg('POST', '/policy/validate', { policy_json: { Statement: [statement] } });
      if (!validated.body.warnings?.some((w: string) => /everyone/.test(w))) problems.push(`validate ${label}: ${validated.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect((await cfg('GET', '/policy')).body.policy_json).toBeNull();
    expect((await fetch(`${stack.config.storage.publicEndpoint}/${p.bucket.aws_bucket_name}/doc.txt`)).status).toBe(403);
    // A named principal is not everyone: accepted.
    const named = await cfg('PUT', '/policy', { policy_json: { Statement: [{ Effect: 'Allow', Principal: { aws: [p.access_key_id] }, Action: 's3:GetObject', Resource: `${arn}/*` }] } });
    expect(named.status, named.text).toBe(200);

    // Access points that block public access apply the same judgement.
    expect((await cfg('POST', '/access-points', { name: 'readers' })).status).toBe(201);
    for (const Principal of EVERYONE) {
      const r = await cfg('PUT', '/access-points/readers/policy', { policy_json: { Statement: [{ Effect: 'allow', Principal, Action: 's3:GetObject' }] } });
      expect([JSON.stringify(Principal), r.status]).toEqual([JSON.stringify(Principal), 403]);
    }
  });

  it('the judgement itself: wildcards anywhere in any principal shape, NotPrincipal, never a Deny', () => {
    expect(EVERYONE.filter((Principal) => !grantsEveryone({ Effect: 'Allow', Principal }))).toEqual([]);
    expect(grantsEveryone({ Effect: 'Allow', NotPrincipal: { AWS: 'x' } })).toBe(true);
    expect(EVERYONE.filter((Principal) => grantsEveryone({ Effect: 'Deny', Principal }))).toEqual([]);
    for (const Principal of ['AKIAEXAMPLE', ['a', 'b'], { AWS: 'arn:aws:iam::111122223333:root' }, { aws: ['k1'] }, {}, null]) {
      expect(grantsEveryone({ Effect: 'Allow', Principal })).toBe(false);
    }
  });
});

describe('bucket deletion races and unknown multipart uploads', () => {
  it('six concurrent deletes of one bucket: one 200, the rest 404 or 409, the deposit refunded once', async () => {
    const balance = async () => Number((await stack.atelier.deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', stack.accountId).executeTakeFirstOrThrow()).balance_micros);
    const before = await balance();
    const p = await buy('race');
    const afterBuy = await balance();
    expect(afterBuy).toBeLessThan(before);
    // Spread over the winner's whole deletion (claim, server delete, refund), not only its start.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => new Promise((r) => setTimeout(r, i * 15)).then(() => s3api('DELETE', `/buckets/${p.bucket.id}`))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 404 && s !== 409), JSON.stringify(answers.map((a) => a.body))).toEqual([]);
    const won = answers.find((a) => a.status === 200)!;
    expect((await s3api('DELETE', `/buckets/${p.bucket.id}`)).status).toBe(404);
    const refunds = await stack.atelier.deps.db.selectFrom('ledger_entries').select(['amount_micros']).where('account_id', '=', stack.accountId).where('kind', '=', 'refund').where('label', '=', 's3_bucket_reservation_refund').execute();
    const refunded = refunds.reduce((n, r) => n + Number(r.amount_micros), 0);
    expect(Math.round(refunded) / 1e6).toBeCloseTo(won.body.reservation_refund_usd, 6);
    expect(await balance()).toBe(afterBuy + refunded);
  });

  it('a bucket already gone from the server (a delete that stopped half-way) is deleted and refunded, not a 500', async () => {
    const p = await buy('drifted');
    await rootClient(stack).send(new DeleteBucketCommand({ Bucket: p.bucket.aws_bucket_name }));
    const r = await s3api('DELETE', `/buckets/${p.bucket.id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ deleted: true, reservation_refund_usd: expect.any(Number) });
    expect(r.body.reservation_refund_usd).toBeGreaterThan(0);
    expect((await s3api('GET', `/buckets/${p.bucket.id}`)).status).toBe(404);
  });

  it('multipart/complete with an upload id the server does not know answers 404 upload_not_found; a bad part of a real upload stays 400', async () => {
    const p = await buy('multi');
    const unknown = await s3api('POST', `/buckets/${p.bucket.id}/multipart/complete`, { upload_id: 'no-such-upload-id', key: 'a.bin', parts: [{ part_number: 1, etag: 'abc' }] });
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body.detail.error).toBe('upload_not_found');
    const created = await s3api('POST', `/buckets/${p.bucket.id}/multipart/create`, { key: 'b.bin' });
    expect(created.status).toBe(201);
    const bogus = await s3api('POST', `/buckets/${p.bucket.id}/multipart/complete`, { upload_id: created.body.upload_id, key: 'b.bin', parts: [{ part_number: 1, etag: 'abc' }] });
    expect(bogus.status, bogus.text).toBe(400);
    expect(bogus.body.detail.error).toBe('invalid_part');
  });
});
