// The e-mail gate on top-ups: with SMTP configured, a public signup gets an e-mail with a link (a
// loopback SMTP server receives it) and cannot top up (403 email_not_verified) until the plain GET
// of that link confirms the address; a forged, expired or stale link confirms nothing; the
// bootstrap account counts as confirmed; without SMTP, signups are confirmed at creation.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVerificationToken, verificationToken } from '../../../src/platform/accounts/email-verification';
import { startStack, type TestStack } from '../../helpers/stack';

let smtp: SMTPServer;
const mails: Array<{ to: string[]; text: string }> = [];
let stack: TestStack;
let plain: TestStack;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(auth, _session, cb) { cb(auth.username === 'mailer' && auth.password === 'mail-pass' ? null : new Error('bad login'), { user: auth.username }); },
    onData(stream, session, cb) {
      let text = '';
      stream.on('data', (d: Buffer) => (text += d.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  [stack, plain] = await Promise.all([
    startStack({ ATELIER_SMTP_HOST: '127.0.0.1', ATELIER_SMTP_PORT: String(port), ATELIER_SMTP_USER: 'mailer', ATELIER_SMTP_PASSWORD: 'mail-pass', ATELIER_MAIL_FROM: 'Atelier <billing@example.com>' }),
    startStack(),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stack?.close(), plain?.close()]);
  await new Promise<void>((r) => smtp.close(() => r()));
});

async function mailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = mails.find((x) => x.to.includes(address));
    if (m) return m.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs up, backdates the account past the one-hour gate, logs in. */
async function signup(s: TestStack, email: string) {
  expect((await s.api('POST', '/v1/console/signup', { key: null, body: { email, password: 'long enough password' } })).status).toBe(202);
  await s.atelier.deps.db.updateTable('accounts').set({ created_at: new Date(Date.now() - 2 * 3600_000) } as never).where('email', '=', email).execute();
  const login = await s.api('POST', '/v1/console/login', { key: null, body: { email, password: 'long enough password' } });
  return login.body as { token: string; account_id: string };
}

describe('email_not_verified', () => {
  it('a signup is mailed a link; top-ups answer 403 email_not_verified until the GET of the link confirms the address', async () => {
    const email = `new${Date.now()}@example.com`;
    const { token } = await signup(stack, email);
    const text = await mailTo(email);
    const link = /(http:\/\/\S+\/v1\/console\/verify-email\?token=[\w.-]+)/.exec(text)?.[1];
    expect(link, text).toBeDefined();

    const refused = await stack.api('POST', '/v1/tiers/wallet/topup', { key: token, body: { package: 'topup-50' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: { error: 'email_not_verified', message: expect.any(String) } });
    expect((await stack.api('GET', '/v1/billing/balance', { key: token })).body.balance_usd).toBe(0);

    const path = link!.slice(link!.indexOf('/v1/'));
    const confirmed = await stack.api('GET', path, { key: null });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ object: 'email_verification', status: 'verified' });
    expect((await stack.api('GET', path, { key: null })).body.status).toBe('already_verified');

    const paid = await stack.api('POST', '/v1/tiers/wallet/topup', { key: token, body: { package: 'topup-50' } });
    expect(paid.status).toBe(200);
    expect(paid.body.total_credited_usd).toBe(15);
  });

  it('a forged, expired or stale link confirms nothing (400 invalid_verification_token)', async () => {
    const email = `forged${Date.now()}@example.com`;
    const { account_id: accountId } = await signup(stack, email);
    const secret = stack.config.sessionSecret;
    const good = verificationToken(secret, accountId, email);
    expect(readVerificationToken(secret, good)?.accountId).toBe(accountId);
    const cases = [
      verificationToken('another secret', accountId, email),
      verificationToken(secret, accountId, email, Date.now() - 8 * 24 * 3600_000),
      verificationToken(secret, accountId, 'other@example.com'),
      `${good.split('.')[0]}.${'A'.repeat(43)}`,
      'garbage',
    ];
    for (const t of cases) {
      const r = await stack.api('GET', `/v1/console/verify-email?token=${encodeURIComponent(t)}`, { key: null });
      expect(r.status, t).toBe(400);
      expect(r.body.detail.error).toBe('invalid_verification_token');
    }
    const row = await stack.atelier.deps.db.selectFrom('accounts').select('email_verified_at').where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
    // The resend route mails a fresh link.
    const { token } = (await stack.api('POST', '/v1/console/login', { key: null, body: { email, password: 'long enough password' } })).body;
    mails.length = 0;
    const resend = await stack.api('POST', '/v1/console/verify-email/resend', { key: token });
    expect(resend.body).toEqual({ object: 'email_verification', status: 'sent' });
    expect(await mailTo(email)).toContain('/v1/console/verify-email?token=');
  });

  it('the bootstrap account counts as confirmed; without SMTP a signup is confirmed at creation', async () => {
    const boot = await stack.atelier.deps.db.selectFrom('accounts').select('email_verified_at').where('id', '=', stack.accountId).executeTakeFirstOrThrow();
    expect(boot.email_verified_at).not.toBeNull();
    const email = `nomail${Date.now()}@example.com`;
    const { token } = await signup(plain, email);
    expect((await plain.api('POST', '/v1/tiers/wallet/topup', { key: token, body: { package: 'topup-50' } })).status).toBe(200);
    expect((await plain.api('POST', '/v1/console/verify-email/resend', { key: token })).body.status).toBe('already_verified');
  });
});
