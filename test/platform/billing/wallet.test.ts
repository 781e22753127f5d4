// The wallet: charges and credits under concurrency (the ledger always sums to the balance), the
// top-up bonus ladder and packages, and what the billing routes answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startStack, type TestStack } from '../../helpers/stack';
import { bonusFor } from '../../../src/platform/billing/topup';
import { usdToMicros } from '../../../src/platform/billing/money';
import { chargeWallet, creditWallet, getBalanceMicros, refundCharge } from '../../../src/platform/billing/wallet';
import { ApiError } from '../../../src/infra/http/errors';

let stack: TestStack;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('bonus ladder', () => {
  // The documented table, row by row: pay → credited.
  const table: Array<[number, number]> = [
    [10, 10], [499.99, 499.99], [500, 525], [1_000, 1_100], [2_000, 2_240], [3_000, 3_390],
    [5_000, 5_750], [7_500, 8_775], [10_000, 11_800], [15_000, 18_000],
  ];
  for (const [pay, credited] of table) {
    it(`pays ${pay} → credits ${credited}`, () => {
      const amount = usdToMicros(pay);
      expect(amount + bonusFor(amount).bonusMicros).toBe(usdToMicros(credited));
    });
  }

  it('applies the highest rung not above the amount, to the whole amount, floored to the cent', () => {
    // 999.99 sits on the 500 rung: 5 % of 999.99 = 49.9995 → 49.99
    expect(bonusFor(usdToMicros(999.99))).toEqual({ bonusMicros: usdToMicros(49.99), percent: 5 });
    // 2,999.99 on the 2,000 rung: 12 % = 359.9988 → 359.99
    expect(bonusFor(usdToMicros(2_999.99))).toEqual({ bonusMicros: usdToMicros(359.99), percent: 12 });
    // 7,499.99 on the 5,000 rung: 15 % = 1,124.9985 → 1,124.99
    expect(bonusFor(usdToMicros(7_499.99))).toEqual({ bonusMicros: usdToMicros(1_124.99), percent: 15 });
  });
});

describe('top-up packages (public)', () => {
  it('lists twelve packages with quotes, the ladder and the range, without a key', async () => {
    const r = await stack.api('GET', '/v1/billing/topup/packages', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.min_usd).toBe(10);
    expect(r.body.max_usd).toBe(15_000);
    expect(r.body.packages).toHaveLength(12);
    const bySlug = Object.fromEntries(r.body.packages.map((p: any) => [p.slug, p]));
    expect(bySlug['topup-50']).toMatchObject({ amount_usd: 15, total_usd: 15, bonus_usd: 0 });
    expect(bySlug['topup-100']).toMatchObject({ amount_usd: 25, total_usd: 25 });
    expect(bySlug['topup-250']).toMatchObject({ amount_usd: 60, total_usd: 60 });
    expect(bySlug['topup-500']).toMatchObject({ amount_usd: 120, total_usd: 120 });
    for (const p of r.body.packages.filter((x: any) => x.slug.startsWith('scale-'))) {
      expect(p.slug).toBe(`scale-${p.amount_usd}`);
    }
    expect(bySlug['scale-15000']).toMatchObject({ amount_usd: 15_000, bonus_usd: 3_000, total_usd: 18_000 });
    expect(r.body.bonus_tiers[0]).toEqual({ min_usd: 500, bonus_percent: 5 });
    expect(r.body.bonus_tiers).toHaveLength(8);
  });
});

describe('POST /v1/tiers/wallet/topup', () => {
  it('refuses an account younger than an hour with 403 account_too_new, moving nothing', async () => {
    const young = await stack.newAccount({ balanceUsd: 5 });
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: young.key, body: { package: 'topup-50' } });
    expect(r.status).toBe(403);
    expect(r.body.detail.error).toBe('account_too_new');
    const bal = await stack.api('GET', '/v1/billing/balance', { key: young.key });
    expect(bal.body.balance_usd).toBe(5);
  });

  it('credits a package and a custom amount with the bonus as separate ledger entries', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0, createdAt: hoursAgo(2) });
    const pkg = await stack.api('POST', '/v1/tiers/wallet/topup', { key: acct.key, body: { package: 'scale-1000' } });
    expect(pkg.status).toBe(200);
    expect(pkg.body).toMatchObject({ package: 'scale-1000', amount_usd: 1000, bonus_usd: 100, total_credited_usd: 1100, balance_usd: 1100 });
    const custom = await stack.api('POST', '/v1/billing/topup', { key: acct.key, body: { amount_usd: 750.55 } });
    expect(custom.status).toBe(200);
    expect(custom.body).toMatchObject({ amount_usd: 750.55, bonus_usd: 37.52, total_credited_usd: 788.07, balance_usd: 1888.07 });

    const tx = await stack.api('GET', '/v1/billing/transactions', { key: acct.key });
    expect(tx.status).toBe(200);
    expect(tx.body.total).toBe(4);
    // Newest first.
    expect(tx.body.data.map((t: any) => [t.type, t.amount_usd])).toEqual([
      ['bonus', 37.52], ['topup', 750.55], ['bonus', 100], ['topup', 1000],
    ]);
    expect(tx.body.data[0]).toMatchObject({ id: expect.stringMatching(/^txn_/), balance_after_usd: 1888.07, currency: 'USD' });
    const page = await stack.api('GET', '/v1/billing/transactions?limit=1&offset=1', { key: acct.key });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].type).toBe('topup');
    expect(page.body.has_more).toBe(true);
  });

  it('validates the body: range, unknown slug, both or neither', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0, createdAt: hoursAgo(2) });
    const cases: Array<[unknown, string]> = [
      [{ amount_usd: 9.99 }, 'invalid_amount'],
      [{ amount_usd: 15_000.01 }, 'invalid_amount'],
      [{ package: 'topup-75' }, 'invalid_package'],
      [{ package: 'topup-50', amount_usd: 20 }, 'missing_fields'],
      [{}, 'missing_fields'],
    ];
    for (const [body, code] of cases) {
      const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: acct.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.detail.error).toBe(code);
    }
    const bal = await stack.api('GET', '/v1/billing/balance', { key: acct.key });
    expect(bal.body.balance_usd).toBe(0);
  });

  it('needs an admin key (or session)', async () => {
    const writer = await stack.newAccount({ type: 'write', createdAt: hoursAgo(2) });
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: writer.key, body: { package: 'topup-50' } });
    expect(r.status).toBe(403);
  });
});

describe('POST /v1/billing/estimate', () => {
  it('prices operations with the whole response shape', async () => {
    const r = await stack.api('POST', '/v1/billing/estimate', {
      body: { operations: [{ type: 'image', model: 'atelier-image-v1', count: 4 }, { type: 'chat', model: 'atelier-local', count: 2 }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ currency: 'USD', billing_model: 'prepaid_wallet_usd', priced: true, total_credits: null, balance_usd: 100, sufficient: true });
    const [img, chat] = r.body.breakdown;
    expect(img).toMatchObject({ type: 'image', model: 'atelier-image-v1', count: 4, priced: true, unit: 'image', amount_usd: 0.0104, provider_cost_usd: 0.008, pricing_verified: true });
    expect(img.breakdown).toEqual([{ leg: 'generation', unit: 'image', quantity: 4, rate_usd: 0.0026, amount_usd: 0.0104 }]);
    expect(chat.breakdown.map((l: any) => l.leg)).toEqual(['input', 'output']);
    const total = r.body.breakdown.reduce((n: number, b: any) => n + b.amount_usd, 0);
    expect(r.body.total_usd).toBeCloseTo(total, 6);
    expect(r.body.margin).toBeCloseTo(r.body.total_usd - r.body.provider_cost_usd, 6);
  });

  it('reports unpriced operations with null amounts and a reason; sufficient then means non-empty', async () => {
    const r = await stack.api('POST', '/v1/billing/estimate', {
      body: { operations: [{ type: 'image', model: 'atelier-image-v1', count: 1 }, { type: 'music', model: 'anything', count: 1 }, { type: 'image', model: 'nope', count: 1 }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.priced).toBe(false);
    expect(r.body.sufficient).toBe(true);
    expect(r.body.breakdown[1]).toMatchObject({ priced: false, amount_usd: null, reason: expect.stringContaining('music') });
    expect(r.body.breakdown[2]).toMatchObject({ priced: false, amount_usd: null, reason: expect.stringContaining("'nope'") });
    const empty = await stack.newAccount({ balanceUsd: 0 });
    const e = await stack.api('POST', '/v1/billing/estimate', { key: empty.key, body: { operations: [{ type: 'music', model: 'x', count: 1 }] } });
    expect(e.body.sufficient).toBe(false);
    const poor = await stack.newAccount({ balanceUsd: 0.001 });
    const p = await stack.api('POST', '/v1/billing/estimate', { key: poor.key, body: { operations: [{ type: 'video', model: 'atelier-video-v1', count: 10 }] } });
    expect(p.body).toMatchObject({ priced: true, sufficient: false });
  });

  it('an operation type named like an object property (toString, __proto__) is unknown, with a text reason', async () => {
    const r = await stack.api('POST', '/v1/billing/estimate', {
      body: { operations: [{ type: 'toString', model: 'x', count: 1 }, { type: '__proto__', model: 'x', count: 1 }] },
    });
    expect(r.status, r.text).toBe(200);
    for (const b of r.body.breakdown) expect(b).toMatchObject({ priced: false, reason: expect.stringContaining('unknown operation type') });
  });

  it('accepts at most 100 operations', async () => {
    const ops = Array.from({ length: 101 }, () => ({ type: 'image', model: 'atelier-image-v1', count: 1 }));
    const r = await stack.api('POST', '/v1/billing/estimate', { body: { operations: ops } });
    expect(r.status).toBe(422);
    const ok = await stack.api('POST', '/v1/billing/estimate', { body: { operations: ops.slice(0, 100) } });
    expect(ok.status).toBe(200);
  });
});

describe('GET /v1/pricing', () => {
  it('publishes the rates, including storage as strings', async () => {
    const r = await stack.api('GET', '/v1/pricing');
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe('USD');
    expect(r.body.storage).toMatchObject({ price_per_gb_monthly: expect.any(String), price_per_gb_hourly: expect.any(String), currency: 'USD', source: expect.any(String) });
    expect(Number(r.body.storage.price_per_gb_hourly) * 730).toBeCloseTo(Number(r.body.storage.price_per_gb_monthly), 6);
    expect(r.body.operations.find((o: any) => o.model === 'atelier-image-v1')).toMatchObject({ type: 'image', legs: [{ rate_usd: 0.0026 }] });
  });
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
