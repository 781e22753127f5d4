// Included credits are earned: a public signup has none until its first payment (unless the
// deployment grants them at signup, ATELIER_SIGNUP_CREDITS=at_signup); accounts an operator
// creates have them at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { startStack, type TestStack } from '../../helpers/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** A public signup, its owner's login, and an admin key made with the session token. */
async function signup(): Promise<{ accountId: string; key: string }> {
  const credentials = { email: `free-${Math.random().toString(36).slice(2)}@example.com`, password: 'a long password' };
  expect((await stack.api('POST', '/v1/console/signup', { key: null, body: credentials })).status).toBe(202);
  const r = await stack.api('POST', '/v1/console/login', { key: null, body: credentials });
  expect(r.status).toBe(200);
  const k = await stack.api('POST', '/v1/auth/keys', { key: r.body.token, body: { name: 'first', type: 'admin' } });
  expect(k.status, k.text).toBe(201);
  return { accountId: r.body.account_id, key: k.body.key };
}

const credits = async (key: string) => (await stack.api('GET', '/v1/story/credits', { key })).body;
const creditRows = (accountId: string) =>
  stack.atelier.deps.db.selectFrom('credit_ledger').select(['kind', 'credits', 'included_credits', 'wallet_micros']).where('account_id', '=', accountId).execute();
const walletRows = (accountId: string) => stack.atelier.deps.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).orderBy('id').execute();

describe('included credits of a public signup', () => {
  it('a $0 signup has no allowance: a voice session is refused and moves nothing', async () => {
    const acct = await signup();
    expect(await credits(acct.key)).toMatchObject({ included_credits: 0, remaining_credits: 0, available_credits: 0 });
    const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, body: {} });
    expect(r.status, r.text).toBe(402);
    expect(await creditRows(acct.accountId)).toEqual([]);
    expect(await walletRows(acct.accountId)).toEqual([]);
  });

  it('the first payment grants the allowance: the next session is paid by included credits', async () => {
    const acct = await signup();
    // Top-ups wait until an account is an hour old.
    await stack.atelier.deps.db.updateTable('accounts').set({ created_at: new Date(Date.now() - 2 * 3600_000) } as never).where('id', '=', acct.accountId).execute();
    const topup = await stack.api('POST', '/v1/billing/topup', { key: acct.key, body: { amount_usd: 20 } });
    expect(topup.status, topup.text).toBe(200);
    expect(await credits(acct.key)).toMatchObject({ included_credits: 100, remaining_credits: 100 });
    const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, body: {} });
    expect(r.status, r.text).toBe(201);
    expect(r.body.billing).toEqual({ method: 'credits', usd_charged: 0, pln_charged: 0 });
    expect(await creditRows(acct.accountId)).toEqual([{ kind: 'spend', credits: 5, included_credits: 5, wallet_micros: 0 }]);
  });

  it('a deployment may grant the allowance at signup (ATELIER_SIGNUP_CREDITS=at_signup)', async () => {
    const config = stack.atelier.deps.config as { signupCredits: string };
    config.signupCredits = 'at_signup';
    try {
      const acct = await signup();
      expect(await credits(acct.key)).toMatchObject({ included_credits: 100, remaining_credits: 100 });
      const r = await stack.api('POST', '/v1/voice/sessions', { key: acct.key, body: {} });
      expect(r.status, r.text).toBe(201);
      expect(r.body.billing.method).toBe('credits');
    } finally {
      config.signupCredits = 'after_payment';
    }
  });

  it('accounts an operator creates have the allowance at once', async () => {
    const acct = await stack.newAccount({ balanceUsd: 0 });
    expect(await credits(acct.key)).toMatchObject({ included_credits: 100, remaining_credits: 100 });
  });

  it('the setting is validated: after_payment by default, at_signup, nothing else', () => {
    const base = { NODE_ENV: 'test', ATELIER_DATA_DIR: stack.config.dataDir };
    expect(loadConfig(base).signupCredits).toBe('after_payment');
    expect(loadConfig({ ...base, ATELIER_SIGNUP_CREDITS: 'at_signup' }).signupCredits).toBe('at_signup');
    expect(() => loadConfig({ ...base, ATELIER_SIGNUP_CREDITS: 'always' })).toThrow(/ATELIER_SIGNUP_CREDITS/);
  });
});
