// Wallet top-ups through Stripe, against stripe-mock (Stripe's own mock of its API) for the calls
// Atelier makes and webhook events signed with the SDK's test helper for what Stripe reports back:
// an off-session payment credited at once, a pending one credited by its webhook, exactly once
// under duplicates and any order, refunds taken back in proportion (the wallet never below zero,
// the rest owed and blocking), a dispute suspending the account, and the failures (bad or stale
// signature, gateway off, Stripe unreachable, amounts out of range, an unverified e-mail).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { ApiError } from '../../../src/infra/http/errors';
import { createAccount, insertApiKey } from '../../../src/platform/accounts/accounts';
import { chargeWallet } from '../../../src/platform/billing/wallet';
import { startStack, type TestStack } from '../../helpers/stack';
import { freePort, savedCardFixtures, signedEvent, startRelay, startStripeMock, stripeEvent, type StripeMock, type StripeRelay } from './stripe-mock';

const SECRET = 'whsec_test_atelier_stripe';
const stripeEnv = (base: string) => ({ ATELIER_TOPUP_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: base });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
const M = 1_000_000;

let dataDir: string;
let stock: StripeMock;
let saved: StripeMock;
let needsAction: StripeMock;
let relay: StripeRelay;
let stack: TestStack;
let down: TestStack;
let off: TestStack;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stripe-mock-'));
  // Built by the script when missing (the first time takes minutes); never skipped.
  [stock, saved, needsAction] = await Promise.all([
    startStripeMock(dataDir),
    startStripeMock(dataDir, savedCardFixtures('succeeded'), 'saved'),
    startStripeMock(dataDir, savedCardFixtures('requires_action'), 'action'),
  ]);
  relay = await startRelay(stock.base);
  const closed = await freePort();
  [stack, down, off] = await Promise.all([
    startStack(stripeEnv(relay.base)),
    // Stripe unreachable: a port nothing listens on.
    startStack(stripeEnv(`http://127.0.0.1:${closed}`)),
    startStack({ ATELIER_TOPUP_GATEWAY: 'none' }),
  ]);
}, 900_000);

afterAll(async () => {
  await Promise.all([stack?.close(), down?.close(), off?.close()]);
  await relay?.close();
  await Promise.all([stock?.stop(), saved?.stop(), needsAction?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function account(s: TestStack, opts: { emailVerified?: boolean; balanceUsd?: number } = {}) {
  const a = await createAccount(s.atelier.deps.db, {
    name: 'stripe test', email: `t${Math.random().toString(36).slice(2)}@example.com`, createdAt: hoursAgo(2),
    openingBalanceMicros: (opts.balanceUsd ?? 0) * M, emailVerified: opts.emailVerified,
  });
  const { key } = await insertApiKey(s.atelier.deps.db, { accountId: a.id, name: 'admin', type: 'admin', environment: 'production' });
  return { id: a.id, key };
}

/** Balance, what is owed, and the ledger's sum, which must always equal the balance. */
async function books(s: TestStack, accountId: string) {
  const db = s.atelier.deps.db;
  const a = await db.selectFrom('accounts').select(['balance_micros', 'owed_micros', 'status']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const l = await db.selectFrom('ledger_entries').select(sql<string>`coalesce(sum(amount_micros), 0)`.as('sum')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return { balance: a.balance_micros, owed: a.owed_micros, status: a.status, ledger: Number(l.sum) };
}

function topupEntries(s: TestStack, accountId: string) {
  return s.atelier.deps.db.selectFrom('ledger_entries').select(['kind', 'operation_id', 'amount_micros', 'operation']).where('account_id', '=', accountId).orderBy('id').execute();
}

async function deliver(s: TestStack, event: Record<string, unknown>, opts: { ageS?: number; secret?: string; tamper?: boolean } = {}) {
  const { body, signature } = signedEvent(opts.secret ?? SECRET, event, opts.ageS);
  const res = await fetch(`${s.url}/v1/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: opts.tamper ? body.replace('"livemode":false', '"livemode":true') : body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const sessionCompleted = (accountId: string, pi: string, cents: number, pkg?: string) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_test_${pi}`, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid', payment_intent: pi,
    amount_total: cents, currency: 'usd', client_reference_id: accountId, metadata: { account_id: accountId, ...(pkg ? { package: pkg } : {}) },
  });
const piSucceeded = (accountId: string, pi: string, cents: number) =>
  stripeEvent('payment_intent.succeeded', { id: pi, object: 'payment_intent', status: 'succeeded', amount: cents, amount_received: cents, currency: 'usd', metadata: { account_id: accountId } });
const chargeRefunded = (pi: string, cents: number, refunded: number) =>
  stripeEvent('charge.refunded', { id: `ch_${pi}`, object: 'charge', amount: cents, amount_refunded: refunded, refunded: refunded === cents, payment_intent: pi, currency: 'usd', metadata: {} });
const disputeCreated = (pi: string, cents: number) =>
  stripeEvent('charge.dispute.created', { id: `dp_${pi}`, object: 'dispute', amount: cents, charge: `ch_${pi}`, payment_intent: pi, status: 'needs_response', currency: 'usd', metadata: {} });

let piSeq = 0;
const newPi = () => `pi_test_${Date.now().toString(36)}${++piSeq}`;

describe('start-up', () => {
  it('refuses ATELIER_TOPUP_GATEWAY=stripe without the secret key or the webhook secret, naming the setting', () => {
    const base = { NODE_ENV: 'test', ATELIER_DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), ATELIER_TOPUP_GATEWAY: 'stripe' };
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: SECRET })).toThrow(/ATELIER_TOPUP_GATEWAY=stripe needs STRIPE_SECRET_KEY$/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/needs STRIPE_WEBHOOK_SECRET$/);
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: SECRET }).stripe.apiBase).toBe('https://api.stripe.com');
  });
});

describe('POST /v1/tiers/wallet/topup through Stripe', () => {
  it('without a saved payment method: 202 pending with the Checkout URL Stripe returned; the webhook credits it once', async () => {
    relay.target = stock.base;
    const a = await account(stack);
    relay.requests.length = 0;
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { package: 'scale-500' }, headers: { 'x-idempotency-key': 'pending-1' } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ object: 'wallet_topup', status: 'pending', amount_usd: 500, bonus_usd: 25, total_credited_usd: 525, package: 'scale-500', gateway: 'stripe' });
    expect(r.body.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(Date.parse(r.body.expires_at)).toBeGreaterThan(0);
    expect(r.body.id).toMatch(/^cs_/);
    // What went to Stripe: the customer (metadata.account_id), its read, and the Checkout session tied to the account.
    const paths = relay.requests.map((q) => `${q.method} ${q.path.split('?')[0]}`);
    expect(paths[0]).toBe('POST /v1/customers');
    expect(paths[1]).toMatch(/^GET \/v1\/customers\/cus_/);
    expect(paths[2]).toBe('POST /v1/checkout/sessions');
    const [customer, , session] = relay.requests;
    expect(customer!.form.get('metadata[account_id]')).toBe(a.id);
    expect(session!.form.get('mode')).toBe('payment');
    expect(session!.form.get('client_reference_id')).toBe(a.id);
    expect(session!.form.get('metadata[account_id]')).toBe(a.id);
    expect(session!.form.get('payment_intent_data[metadata][account_id]')).toBe(a.id);
    expect(session!.form.get('line_items[0][price_data][unit_amount]')).toBe('50000');
    for (const q of relay.requests) expect(q.headers['stripe-version']).toBe('2026-08-26.dahlia');
    expect(session!.headers['idempotency-key']).toMatch(/^atelier-checkout-/);
    expect((await books(stack, a.id)).balance).toBe(0);

    const pi = newPi();
    const done = sessionCompleted(a.id, pi, 50_000, 'scale-500');
    expect((await deliver(stack, done)).status).toBe(200);
    expect(await deliver(stack, done)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // Stripe also sends payment_intent.succeeded for the same payment: no second credit.
    expect((await deliver(stack, piSucceeded(a.id, pi, 50_000))).status).toBe(200);
    expect(await books(stack, a.id)).toEqual({ balance: 525 * M, owed: 0, status: 'active', ledger: 525 * M });
    const entries = await topupEntries(stack, a.id);
    expect(entries.map((e) => [e.kind, e.operation_id, e.amount_micros])).toEqual([['topup', `topup:${pi}`, 500 * M], ['bonus', `bonus:${pi}`, 25 * M]]);
  });

  it('with a saved card: an off-session PaymentIntent, credited at once with the bonus; a retry with the same key pays nothing more', async () => {
    relay.target = saved.base;
    const a = await account(stack);
    relay.requests.length = 0;
    const body = { amount_usd: 1000 };
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body, headers: { 'x-idempotency-key': 'card-1' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'wallet_topup', status: 'succeeded', amount_usd: 1000, bonus_usd: 100, total_credited_usd: 1100, balance_usd: 1100, gateway: 'stripe' });
    expect(r.body.transactions).toHaveLength(2);
    const create = relay.requests.find((q) => q.method === 'POST' && q.path === '/v1/payment_intents')!;
    expect(Object.fromEntries(['amount', 'currency', 'payment_method', 'off_session', 'confirm', 'metadata[account_id]'].map((k) => [k, create.form.get(k)]))).toEqual({
      amount: '100000', currency: 'usd', payment_method: 'pm_card_saved', off_session: 'true', confirm: 'true', 'metadata[account_id]': a.id,
    });
    const key1 = create.headers['idempotency-key'];
    expect(key1).toMatch(/^atelier-pi-[0-9a-f]{40}$/);

    // Stripe's webhook for the same payment changes nothing.
    expect((await deliver(stack, piSucceeded(a.id, r.body.id, 100_000))).status).toBe(200);
    expect(await books(stack, a.id)).toEqual({ balance: 1100 * M, owed: 0, status: 'active', ledger: 1100 * M });

    // The same X-Idempotency-Key gives Stripe the same key; another request key, another one.
    relay.requests.length = 0;
    await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { amount_usd: 10 }, headers: { 'x-idempotency-key': 'card-2' } });
    const key2 = relay.requests.find((q) => q.path === '/v1/payment_intents')!.headers['idempotency-key'];
    expect(key2).not.toBe(key1);
  });

  it('a saved card that needs the customer (3-D Secure): the intent is cancelled and the answer is 202 with a Checkout URL', async () => {
    relay.target = needsAction.base;
    const a = await account(stack);
    relay.requests.length = 0;
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { package: 'topup-50' } });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: 'pending', checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_fixture', amount_usd: 15, bonus_usd: 0 });
    const paths = relay.requests.map((q) => `${q.method} ${q.path}`);
    expect(paths).toContain('POST /v1/payment_intents');
    expect(paths.some((p) => /^POST \/v1\/payment_intents\/pi_\w+\/cancel$/.test(p))).toBe(true);
    expect(paths.at(-1)).toBe('POST /v1/checkout/sessions');
    expect((await books(stack, a.id)).balance).toBe(0);
  });

  it('refuses what the request gets wrong before calling Stripe: out-of-range amounts, an unverified e-mail', async () => {
    relay.target = stock.base;
    const a = await account(stack);
    const unverified = await account(stack, { emailVerified: false });
    relay.requests.length = 0;
    for (const amount of [9.99, 15_000.01, 0, -5]) {
      const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { amount_usd: amount } });
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatchObject({ error: 'invalid_amount', min_usd: 10, max_usd: 15_000 });
    }
    const typed = await stack.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { amount_usd: 'lots' } });
    expect(typed.status).toBe(422);
    const r = await stack.api('POST', '/v1/tiers/wallet/topup', { key: unverified.key, body: { package: 'topup-50' } });
    expect(r.status).toBe(403);
    expect(r.body.detail).toMatchObject({ error: 'email_not_verified', message: expect.any(String) });
    expect(relay.requests).toEqual([]);
  });

  it('Stripe unreachable: 502, nothing credited; a later webhook for the payment credits it once', async () => {
    const a = await account(down);
    const r = await down.api('POST', '/v1/tiers/wallet/topup', { key: a.key, body: { amount_usd: 40 }, headers: { 'x-idempotency-key': 'down-1' } });
    expect(r.status).toBe(502);
    expect(r.body.detail).toMatchObject({ error: 'payment_gateway_error', gateway: 'stripe', gateway_error: 'StripeConnectionError' });
    expect(await books(down, a.id)).toEqual({ balance: 0, owed: 0, status: 'active', ledger: 0 });
    expect(await topupEntries(down, a.id)).toEqual([]);
    // Had Stripe taken the payment before the connection failed, its webhook settles it.
    const pi = newPi();
    for (let i = 0; i < 2; i++) expect((await deliver(down, piSucceeded(a.id, pi, 4_000))).status).toBe(200);
    expect(await books(down, a.id)).toEqual({ balance: 40 * M, owed: 0, status: 'active', ledger: 40 * M });
  });
});

describe('POST /v1/console/billing/payment-method', () => {
  it('opens Checkout in setup mode for the account; the completed session makes the saved card the default', async () => {
    relay.target = stock.base;
    const a = await account(stack);
    relay.requests.length = 0;
    const r = await stack.api('POST', '/v1/console/billing/payment-method', { key: a.key });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: 'payment_method_setup', checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const session = relay.requests.find((q) => q.path === '/v1/checkout/sessions')!;
    expect([session.form.get('mode'), session.form.get('client_reference_id'), session.form.get('metadata[account_id]'), session.form.get('setup_intent_data[metadata][account_id]')]).toEqual(['setup', a.id, a.id, a.id]);
    const customer = (await stack.atelier.deps.db.selectFrom('accounts').select('stripe_customer_id').where('id', '=', a.id).executeTakeFirstOrThrow()).stripe_customer_id!;

    // The SetupIntent the finished session names holds the saved card (fixture: pm_card_saved).
    relay.target = saved.base;
    relay.requests.length = 0;
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_setup', object: 'checkout.session', mode: 'setup', status: 'complete', customer, setup_intent: 'seti_test_1', client_reference_id: a.id, metadata: { account_id: a.id },
    });
    expect((await deliver(stack, completed)).status).toBe(200);
    const paths = relay.requests.map((q) => `${q.method} ${q.path}`);
    expect(paths).toEqual(['GET /v1/setup_intents/seti_test_1', `POST /v1/customers/${customer}`]);
    expect(relay.requests[1]!.form.get('invoice_settings[default_payment_method]')).toBe('pm_card_saved');
    // A repeat delivery calls Stripe no more.
    relay.requests.length = 0;
    expect((await deliver(stack, completed)).body.duplicate).toBe(true);
    expect(relay.requests).toEqual([]);
  });
});

describe('POST /v1/billing/stripe/webhook', () => {
  it('a bad, stale, tampered or missing signature: 400 and nothing changes', async () => {
    const a = await account(stack);
    const event = piSucceeded(a.id, newPi(), 2_000);
    const count = async () => Number((await stack.atelier.deps.db.selectFrom('stripe_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const opts of [{ secret: 'whsec_wrong' }, { ageS: 600 }, { tamper: true }]) {
      const r = await deliver(stack, event, opts);
      expect(r.status).toBe(400);
      expect(r.body.detail.error).toBe('invalid_signature');
    }
    const bare = await fetch(`${stack.url}/v1/billing/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(bare.status).toBe(400);
    expect(await count()).toBe(before);
    expect(await books(stack, a.id)).toEqual({ balance: 0, owed: 0, status: 'active', ledger: 0 });
    // Signed within the tolerance (four minutes old), the same event is taken.
    expect((await deliver(stack, event, { ageS: 240 })).status).toBe(200);
    expect((await books(stack, a.id)).balance).toBe(20 * M);
  });

  it('with the gateway off: 503 topup_unavailable, never 401', async () => {
    const { body, signature } = signedEvent(SECRET, piSucceeded('acct_x', newPi(), 1000));
    for (const headers of [{ 'stripe-signature': signature }, {}] as Record<string, string>[]) {
      const r = await fetch(`${off.url}/v1/billing/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({ detail: { error: 'topup_unavailable', message: expect.any(String) } });
    }
  });

  it('every event twice and out of order: each payment credited once, refunds applied once, ledger == balance', async () => {
    const a = await account(stack);
    // Three payments: $20 (no bonus), $500 (5 %) refunded 100 then 250 of 500 in two steps, $1,000 (10 %).
    const p = [newPi(), newPi(), newPi()];
    const events = [
      sessionCompleted(a.id, p[0]!, 2_000), piSucceeded(a.id, p[0]!, 2_000),
      sessionCompleted(a.id, p[1]!, 50_000), piSucceeded(a.id, p[1]!, 50_000), chargeRefunded(p[1]!, 50_000, 10_000), chargeRefunded(p[1]!, 50_000, 25_000),
      piSucceeded(a.id, p[2]!, 100_000),
    ];
    // Deterministic shuffle, refunds first; then everything again, reversed and two at a time.
    const order = [4, 5, 3, 6, 0, 2, 1];
    for (const i of order) expect((await deliver(stack, events[i]!)).status).toBe(200);
    const again = [...order].reverse();
    for (let i = 0; i < again.length; i += 2) {
      const batch = again.slice(i, i + 2).map((j) => deliver(stack, events[j]!));
      for (const r of await Promise.all(batch)) expect(r).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    // Also new event ids for facts already applied (Stripe's retries of a different event about the same payment).
    await Promise.all([deliver(stack, piSucceeded(a.id, p[1]!, 50_000)), deliver(stack, chargeRefunded(p[1]!, 50_000, 10_000))]);

    const credited = 20 + 525 + 1_100;
    const reversed = (525 * 250) / 500; // 262.5: the bonus comes back in proportion too
    expect(await books(stack, a.id)).toEqual({ balance: (credited - reversed) * M, owed: 0, status: 'active', ledger: (credited - reversed) * M });
    const entries = await topupEntries(stack, a.id);
    expect(entries.filter((e) => e.kind === 'topup')).toHaveLength(3);
    expect(entries.filter((e) => e.kind === 'bonus')).toHaveLength(2);
    expect(entries.filter((e) => e.operation === 'wallet_topup_refund').map((e) => e.amount_micros).reduce((x, y) => x + y, 0)).toBe(-reversed * M);
  });

  it('a full refund of a spent top-up takes the wallet to zero, records the rest as owed, and nothing can be spent until a top-up pays it', async () => {
    const a = await account(stack);
    const db = stack.atelier.deps.db;
    const pi = newPi();
    await deliver(stack, piSucceeded(a.id, pi, 100_000)); // $1,000 + $100 bonus
    await chargeWallet(db, { accountId: a.id, amountMicros: 800 * M, operationId: 'spent-it', operation: 'image:test' });
    expect((await deliver(stack, chargeRefunded(pi, 100_000, 100_000))).status).toBe(200);
    expect(await books(stack, a.id)).toEqual({ balance: 0, owed: 800 * M, status: 'active', ledger: 0 });

    const refused = await chargeWallet(db, { accountId: a.id, amountMicros: 0, operationId: 'free-op', operation: 'image:test' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(402);
    expect((refused as ApiError).body).toMatchObject({ detail: { error: 'insufficient_funds', owed_usd: 800, charged: false } });

    // A $1,000 top-up: $1,100 credited, $800 of it repays the debt first.
    await deliver(stack, piSucceeded(a.id, newPi(), 100_000));
    expect(await books(stack, a.id)).toEqual({ balance: 300 * M, owed: 0, status: 'active', ledger: 300 * M });
    await chargeWallet(db, { accountId: a.id, amountMicros: 1 * M, operationId: 'after-repay', operation: 'image:test' });
    expect((await books(stack, a.id)).balance).toBe(299 * M);
  });

  it('a dispute suspends the account: every call answers 403 account_suspended', async () => {
    const a = await account(stack);
    const pi = newPi();
    await deliver(stack, piSucceeded(a.id, pi, 5_000));
    expect((await stack.api('GET', '/v1/billing/balance', { key: a.key })).status).toBe(200);
    // Twice: the second is a duplicate.
    for (let i = 0; i < 2; i++) expect((await deliver(stack, disputeCreated(pi, 5_000))).status).toBe(200);
    expect((await books(stack, a.id)).status).toBe('suspended');
    for (const [method, path, body] of [['GET', '/v1/billing/balance'], ['GET', '/v1/tiers/current'], ['POST', '/v1/tiers/wallet/topup', { package: 'topup-50' }], ['GET', '/v1/billing/transactions']] as const) {
      const r = await stack.api(method, path, { key: a.key, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body).toEqual({ detail: { error: 'account_suspended', message: expect.any(String) } });
    }
  });

  it('a dispute that arrives before the payment it is about suspends the account when the payment is credited', async () => {
    const a = await account(stack);
    const pi = newPi();
    await deliver(stack, disputeCreated(pi, 3_000));
    expect((await books(stack, a.id)).status).toBe('active');
    await deliver(stack, piSucceeded(a.id, pi, 3_000));
    expect(await books(stack, a.id)).toEqual({ balance: 30 * M, owed: 0, status: 'suspended', ledger: 30 * M });
  });

  it('a payment for an account that does not exist is acknowledged and credits nothing', async () => {
    const r = await deliver(stack, piSucceeded('acct_does_not_exist', newPi(), 5_000));
    expect(r.status).toBe(200);
  });
});
