import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { chargeWallet, creditWallet, getBalanceMicros, refundCharge } from '../../src/platform/billing/wallet';
import { usdToMicros } from '../../src/platform/billing/money';
import { ApiError } from '../../src/infra/http/errors';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const db = () => stack.atelier.deps.db;

async function ledgerSum(accountId: string): Promise<number> {
  const row = await db()
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount_micros), 0)::bigint`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

describe('wallet', () => {
  it('lets exactly 100 of 200 concurrent $0.01 charges through a $1.00 balance', async () => {
    const { accountId } = await stack.newAccount({ balanceUsd: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        chargeWallet(db(), { accountId, amountMicros: usdToMicros(0.01), operationId: `op-${i}`, operation: 'test:concurrency' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect((r.reason as ApiError).status).toBe(402);
    expect(await getBalanceMicros(db(), accountId)).toBe(0);
    expect(await ledgerSum(accountId)).toBe(0); // +1.00 opening, -100 × 0.01
    const negative = await db().selectFrom('ledger_entries').select('id').where('balance_after_micros', '<', 0).execute();
    expect(negative).toHaveLength(0);
  });

  it('refuses with the full body and moves no money', async () => {
    const { accountId } = await stack.newAccount({ balanceUsd: 0.5 });
    const err = await chargeWallet(db(), { accountId, amountMicros: usdToMicros(2), operationId: 'big', operation: 'generate_image:flux' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(402);
    expect((err as ApiError).body).toEqual({
      detail: {
        error: 'insufficient_funds',
        code: 'insufficient_funds',
        message: expect.any(String),
        required_usd: 2,
        balance_usd: 0.5,
        shortfall_usd: 1.5,
        currency: 'USD',
        charged: false,
        charged_usd: 0,
        topup_url: expect.stringContaining('/v1/billing/topup/packages'),
        operation: 'generate_image:flux',
      },
    });
    expect(await getBalanceMicros(db(), accountId)).toBe(usdToMicros(0.5));
    expect(await db().selectFrom('ledger_entries').select('id').where('account_id', '=', accountId).where('kind', '=', 'charge').execute()).toHaveLength(0);
  });

  it('charges an operation once however often it is retried, also concurrently', async () => {
    const { accountId } = await stack.newAccount({ balanceUsd: 1 });
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => chargeWallet(db(), { accountId, amountMicros: 250_000, operationId: 'same-op', operation: 'x' })),
    );
    expect(attempts.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await getBalanceMicros(db(), accountId)).toBe(750_000);
  });

  it('refunds at most what was charged, idempotently', async () => {
    const { accountId } = await stack.newAccount({ balanceUsd: 1 });
    await chargeWallet(db(), { accountId, amountMicros: 600_000, operationId: 'c1', operation: 'x' });
    await refundCharge(db(), { accountId, chargeOperationId: 'c1', operationId: 'r1', amountMicros: 200_000 });
    await refundCharge(db(), { accountId, chargeOperationId: 'c1', operationId: 'r1', amountMicros: 200_000 });
    const last = await refundCharge(db(), { accountId, chargeOperationId: 'c1', operationId: 'r2' });
    expect(last.entry.amount_micros).toBe(400_000);
    expect(await getBalanceMicros(db(), accountId)).toBe(1_000_000);
    expect(await ledgerSum(accountId)).toBe(1_000_000);
    const account = await db().selectFrom('accounts').select('lifetime_spend_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(account.lifetime_spend_micros).toBe(0);
  });

  it('credits and reports the balance through GET and POST /v1/billing/balance', async () => {
    const { accountId, key } = await stack.newAccount({ balanceUsd: 3 });
    await creditWallet(db(), { accountId, amountMicros: usdToMicros(1.25), operationId: 'credit-1', kind: 'adjustment', operation: 'test' });
    const get = await stack.api('GET', '/v1/billing/balance', { key });
    const post = await stack.api('POST', '/v1/billing/balance', { key, body: {} });
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject({ balance_usd: 4.25, currency: 'USD' });
    expect(post.body).toMatchObject({ balance_usd: 4.25, currency: 'USD' });
  });
});
