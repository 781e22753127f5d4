import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { accrueStorage } from '../../src/storage/billing/accrual';
import { storageAccrualScheduleId } from '../../src/storage/billing/schedule';
import { PNG, startStorageStack, upload } from './helpers';

let stack: TestStack;
let session: string;

beforeAll(async () => {
  ({ stack, session } = await startStorageStack());
});
afterAll(async () => {
  await stack?.close();
});

const GB = 1024 ** 3;
const hourAgo = (n: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - n * 3_600_000);

async function ledger(accountId: string, label: string) {
  return stack.atelier.deps.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', accountId).where('label', '=', label).orderBy('id').execute();
}

describe('hourly storage accrual', () => {
  it('charges each hour once per account at the published rate, whatever retries or overlapping runs do', async () => {
    const account = await stack.newAccount({ balanceUsd: 10 });
    const up = await upload(stack, { bytes: PNG, name: 'a.png' }, {}, account.key);
    expect(up.status).toBe(201);
    // A large file held in the same bucket (the row as an upload writes it; 1 GB would be slow to send here).
    await stack.atelier.deps.db
      .insertInto('storage_files')
      .values({ id: crypto.randomUUID(), account_id: account.accountId, bucket_id: up.body.bucket_id, object_key: `${account.accountId}/fixture-100gb`, filename: 'big.bin', size_bytes: 100 * GB, content_type: 'application/octet-stream' })
      .execute();
    const pricing = (await stack.api('GET', '/v1/pricing', { key: account.key })).body.storage;
    const expected = Math.round(((100 * GB + PNG.length) / GB) * Number(pricing.price_per_gb_hourly) * 1_000_000);
    expect(expected).toBe(2740);

    const hour = hourAgo(3);
    await Promise.all([accrueStorage(stack.atelier.deps, hour), accrueStorage(stack.atelier.deps, hour), accrueStorage(stack.atelier.deps, new Date(hour.getTime() + 59 * 60_000))]);
    await accrueStorage(stack.atelier.deps, hour);
    const entries = await ledger(account.accountId, 'storage_hourly');
    expect(entries.map((e) => e.amount_micros)).toEqual([-expected]);
    expect(entries[0]!.operation_id).toBe(`simple:${account.accountId}:${hour.toISOString()}`);
    const accruals = await stack.atelier.deps.db.selectFrom('storage_accruals').selectAll().where('account_id', '=', account.accountId).execute();
    expect(accruals).toHaveLength(1);
    expect(accruals[0]).toMatchObject({ bytes: 100 * GB + PNG.length, amount_micros: expected, from_wallet_micros: expected });

    // The next hour is its own charge; after the bucket is deleted nothing accrues.
    await accrueStorage(stack.atelier.deps, hourAgo(2));
    expect((await ledger(account.accountId, 'storage_hourly')).length).toBe(2);
    expect((await stack.api('DELETE', `/v1/buckets/${up.body.bucket_id}`, { key: account.key })).status).toBe(200);
    await accrueStorage(stack.atelier.deps, hourAgo(1));
    expect((await ledger(account.accountId, 'storage_hourly')).length).toBe(2);
    const balance = await stack.atelier.deps.db.selectFrom('accounts').select('balance_micros').where('id', '=', account.accountId).executeTakeFirstOrThrow();
    expect(balance.balance_micros).toBe(10_000_000 - 2 * expected);
  });

  it('object-store buckets: usage measured on the server is drawn from the reservation first', async () => {
    const bought = await stack.api('POST', '/v1/storage/s3/buy', { key: session, body: { display_name: 'accrual', quota_gb: 1 } });
    expect(bought.status).toBe(201);
    const id = bought.body.bucket.id;
    const pre = await stack.api('POST', `/v1/storage/s3/buckets/${id}/objects/presign-upload`, { key: session, body: { key: 'x.bin' } });
    expect((await fetch(pre.body.upload_url, { method: 'PUT', body: Buffer.alloc(4096, 1) })).status).toBe(200);
    await accrueStorage(stack.atelier.deps, hourAgo(5));
    const row = await stack.atelier.deps.db.selectFrom('storage_accruals').selectAll().where('subject', '=', `s3:${id}`).executeTakeFirstOrThrow();
    expect(row.bytes).toBe(4096);
    expect(row.from_wallet_micros).toBe(0);
    expect(await ledger(stack.accountId, 's3_bucket_storage')).toEqual([]);
  });

  it('runs as a Temporal Schedule that charges the hour just ended', async () => {
    const deps = stack.atelier.deps;
    const handle = deps.temporal.schedule.getHandle(storageAccrualScheduleId(deps.taskQueue));
    const described = await handle.describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'storageAccrual' });
    const account = await stack.newAccount({ balanceUsd: 1 });
    const up = await upload(stack, { bytes: PNG, name: 'a.png' }, {}, account.key);
    await deps.db
      .insertInto('storage_files')
      .values({ id: crypto.randomUUID(), account_id: account.accountId, bucket_id: up.body.bucket_id, object_key: `${account.accountId}/fixture-10gb`, filename: 'big.bin', size_bytes: 10 * GB, content_type: 'application/octet-stream' })
      .execute();
    await handle.trigger();
    const deadline = Date.now() + 30_000;
    let entries = await ledger(account.accountId, 'storage_hourly');
    while (entries.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      entries = await ledger(account.accountId, 'storage_hourly');
    }
    expect(entries).toHaveLength(1);
    expect(entries[0]!.operation_id).toBe(`simple:${account.accountId}:${hourAgo(1).toISOString()}`);
  });
});
