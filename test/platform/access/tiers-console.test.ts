// Console signup/login (session tokens), tiers and X-Tier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet, chargeWallet } from '../../../src/platform/billing/wallet';
import { usdToMicros } from '../../../src/platform/billing/money';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const email = () => `user-${Math.random().toString(36).slice(2)}@Example.com`;

describe('console signup and login', () => {
  it('signs up with an empty wallet and no key; the owner logs in and the session token manages keys', async () => {
    const address = email();
    const r = await stack.api('POST', '/v1/console/signup', { key: null, body: { email: address, password: 'hunter2hunter2', name: 'Ada' } });
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ status: 'accepted', message: expect.stringContaining('/v1/console/login') });
    const login = await stack.api('POST', '/v1/console/login', { key: null, body: { email: address.toUpperCase(), password: 'hunter2hunter2' } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token: expect.any(String), expires_at: expect.any(String), account_id: expect.stringMatching(/^acct_/) });
    expect(Date.parse(login.body.expires_at)).toBeGreaterThan(Date.now());
    const keys = await stack.atelier.deps.db.selectFrom('api_keys').select('id').where('account_id', '=', login.body.account_id).execute();
    expect(keys).toEqual([]);
    const balance = await stack.api('GET', '/v1/billing/balance', { key: login.body.token });
    expect(balance.body.balance_usd).toBe(0);
    expect(balance.headers.get('x-tier')).toBe('payg-basic');
    const created = await stack.api('POST', '/v1/auth/keys', { key: login.body.token, body: { name: 'first', type: 'admin' } });
    expect(created.status).toBe(201);
  });

  it('refuses bad signups', async () => {
    const address = email();
    expect((await stack.api('POST', '/v1/console/signup', { key: null, body: { email: address, password: 'short' } })).status).toBe(422);
    expect((await stack.api('POST', '/v1/console/signup', { key: null, body: { email: 'not-an-email', password: 'long enough' } })).status).toBe(422);
  });

  it('answers a new and a taken e-mail alike (202, the same body), never creating a second account or touching the first', async () => {
    const address = email();
    const fresh = await stack.api('POST', '/v1/console/signup', { key: null, body: { email: address, password: 'first password' } });
    const taken = await stack.api('POST', '/v1/console/signup', { key: null, body: { email: address.toUpperCase(), password: 'someone else', name: 'Mallory' } });
    const owner = await stack.api('POST', '/v1/console/signup', { key: null, body: { email: 'owner@atelier.local', password: 'guessing here' } });
    for (const r of [taken, owner]) {
      expect(r.status).toBe(fresh.status);
      expect(r.body).toEqual(fresh.body);
      expect([...r.headers.keys()].filter((h) => h !== 'date' && h !== 'x-request-id').sort()).toEqual([...fresh.headers.keys()].filter((h) => h !== 'date' && h !== 'x-request-id').sort());
    }
    const rows = await stack.atelier.deps.db.selectFrom('accounts').select(['id', 'name']).where('email', 'in', [address.toLowerCase(), 'owner@atelier.local']).execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.name)).not.toContain('Mallory');
    // The first owner's password still works; the second signup's never did.
    expect((await stack.api('POST', '/v1/console/login', { key: null, body: { email: address, password: 'first password' } })).status).toBe(200);
    expect((await stack.api('POST', '/v1/console/login', { key: null, body: { email: address, password: 'someone else' } })).status).toBe(401);
    expect((await stack.api('POST', '/v1/console/login', { key: null, body: { email: 'owner@atelier.local', password: 'correct horse battery staple' } })).status).toBe(200);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await stack.api('POST', '/v1/console/login', { key: null, body: { email: 'nobody@example.com', password: 'whatever123' } });
    const wrong = await stack.api('POST', '/v1/console/login', { key: null, body: { email: 'owner@atelier.local', password: 'wrong password' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password', type: 'authentication_error' } });
  });

  it('rejects a forged session token', async () => {
    const r = await stack.api('GET', '/v1/billing/balance', { key: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' });
    expect(r.status).toBe(401);
  });
});

describe('tiers', () => {
  it('GET /v1/tiers/current: the object and X-Tier, promoted and demoted by money', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0 });
    const current = async () => stack.api('GET', '/v1/tiers/current', { key: acct.key });
    let r = await current();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      tier: 'payg-basic',
      name: 'PAYG Basic',
      limits: { rpm: 30, daily_quota: expect.any(Number), burst_4h: expect.any(Number), concurrent_jobs: expect.any(Number), max_upload_mb: expect.any(Number) },
      wallet: { balance_usd: 0 },
    });
    expect(r.headers.get('x-tier')).toBe('payg-basic');

    const db = stack.atelier.deps.db;
    await creditWallet(db, { accountId: acct.accountId, amountMicros: usdToMicros(25), operationId: 't1', kind: 'adjustment', operation: 'test' });
    r = await current();
    expect(r.body).toMatchObject({ tier: 'payg-standard', limits: { rpm: 120 }, wallet: { balance_usd: 25 } });
    expect(r.headers.get('x-tier')).toBe('payg-standard');

    await creditWallet(db, { accountId: acct.accountId, amountMicros: usdToMicros(95), operationId: 't2', kind: 'adjustment', operation: 'test' });
    expect((await current()).body).toMatchObject({ tier: 'payg-premium', limits: { rpm: 500 } });

    // Spending $100 drops the balance to $20 and lifetime spend to $100: standard, held by spend.
    await chargeWallet(db, { accountId: acct.accountId, amountMicros: usdToMicros(100), operationId: 'c1', operation: 'test:spend' });
    expect((await current()).body).toMatchObject({ tier: 'payg-standard', wallet: { balance_usd: 20 } });

    await db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', '=', acct.accountId).execute();
    r = await current();
    expect(r.body).toMatchObject({ tier: 'sub-enterprise', name: 'Enterprise', limits: { rpm: 5000 } });
    expect(r.headers.get('x-tier')).toBe('sub-enterprise');
  });

  it('puts X-Tier on every authenticated response, including refusals and 404s', async () => {
    for (const r of [
      await stack.api('GET', '/v1/nothing-here'),
      await stack.api('POST', '/v1/tiers/subscribe', { body: {} }),
      await stack.api('POST', '/v1/auth/keys', { body: {} }),
    ]) {
      expect(r.headers.get('x-tier')).toBe('payg-standard');
    }
    expect((await stack.api('GET', '/v1/billing/balance', { key: null })).headers.get('x-tier')).toBeNull();
  });

  it('compare and catalog: prepaid wallet in USD, nothing purchasable, subscriptions legacy', async () => {
    const compare = await stack.api('GET', '/v1/tiers/compare');
    expect(compare.status).toBe(200);
    expect(compare.body.tiers.map((t: { tier: string }) => t.tier)).toEqual(['payg-basic', 'payg-standard', 'payg-premium', 'sub-enterprise']);
    for (const t of compare.body.tiers) {
      expect(t).toMatchObject({ currency: 'USD', billing_model: 'prepaid_wallet_usd', subscriptions_retired: true, purchasable: false });
      expect(t.upgrade_path).toBe(t.tier === 'sub-enterprise' ? 'contact_sales' : 'wallet_topup');
      expect(t).not.toHaveProperty('price_monthly');
      expect(t).not.toHaveProperty('monthly_credits');
    }
    expect(compare.body.tiers[1].unlock).toEqual({ balance_usd: 25, lifetime_spend_usd: 50 });
    expect(compare.body.tiers[2].unlock).toEqual({ balance_usd: 120, lifetime_spend_usd: 500 });

    const catalog = await stack.api('GET', '/v1/tiers/catalog');
    expect(catalog.status).toBe(200);
    expect(catalog.body.subscriptions.map((s: { tier: string }) => s.tier)).toEqual(['sub-developer', 'sub-startup', 'sub-business']);
    for (const s of catalog.body.subscriptions) expect(s).toMatchObject({ purchasable: false, legacy: true });
    expect(catalog.body.subscriptions.map((s: { limits: { rpm: number } }) => s.limits.rpm)).toEqual([60, 300, 1000]);
    expect(JSON.stringify(catalog.body)).not.toMatch(/price_monthly|monthly_credits/);
  });

  it('POST /v1/tiers/subscribe always answers 410 in the coded envelope, keeping its top-level error and use_instead', async () => {
    for (const body of [{}, { tier: 'sub-startup' }]) {
      const r = await stack.api('POST', '/v1/tiers/subscribe', { body });
      expect(r.status).toBe(410);
      expect(r.body).toEqual({
        error: 'api_subscriptions_retired',
        use_instead: 'POST /v1/tiers/wallet/topup',
        detail: { error: 'api_subscriptions_retired', message: expect.stringMatching(/retired/), use_instead: 'POST /v1/tiers/wallet/topup' },
      });
    }
  });

  it('GET /v1/billing/plans is empty', async () => {
    const r = await stack.api('GET', '/v1/billing/plans');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ plans: [] });
  });

  it('enterprise applications: stored, one pending at a time', async () => {
    const acct = await stack.newAccount();
    const missing = await stack.api('POST', '/v1/tiers/enterprise/apply', { key: acct.key, body: { use_case: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: { error: 'missing_fields', message: expect.any(String), fields: ['company_name'] } });
    const r = await stack.api('POST', '/v1/tiers/enterprise/apply', {
      key: acct.key,
      body: { company_name: 'Acme', contact_email: 'cto@acme.test', use_case: 'video at scale', expected_monthly_spend_usd: 20000 },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: expect.stringMatching(/^ent_/), object: 'enterprise_application', status: 'pending', company_name: 'Acme' });
    const rows = await stack.atelier.deps.db.selectFrom('enterprise_applications').selectAll().where('account_id', '=', acct.accountId).execute();
    expect(rows).toHaveLength(1);
    const again = await stack.api('POST', '/v1/tiers/enterprise/apply', { key: acct.key, body: { company_name: 'Acme' } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: { error: 'application_pending', message: expect.any(String) } });
  });
});
