// E-mail address confirmation for public signups: the signup e-mail carries a link to a plain GET
// that confirms the address; top-ups need a confirmed one (403 email_not_verified). The link's
// token is stateless — HMAC-SHA256 with the session secret over the account id, a hash of the
// address and an expiry — so nothing is stored until it is used, and a token stops working once
// the account's address changes or the week is over. Sent through the SMTP server configured in
// ATELIER_SMTP_* (nodemailer).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../infra/db/index';
import { coded } from '../../infra/http/errors';
import type { Logger } from '../../infra/logging/logger';
import { route } from '../../infra/http/route';
import { requireAdmin } from '../auth/enforce';
import type { MailConfig } from './mail-config';

export const VERIFY_PATH = '/v1/console/verify-email';
const TOKEN_TTL_MS = 7 * 24 * 3600_000;

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`email-verification\n${payload}`).digest('base64url');

export function verificationToken(secret: string, accountId: string, email: string, now = Date.now()): string {
  const payload = `${accountId}.${now + TOKEN_TTL_MS}.${emailHash(email)}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(secret, payload)}`;
}

/** The account id a token confirms, or null when it is malformed, forged or expired. */
export function readVerificationToken(secret: string, token: string, now = Date.now()): { accountId: string; emailHash: string } | null {
  const [encoded, mac] = token.split('.');
  if (!encoded || !mac) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [accountId, exp, hash] = payload.split('.');
  if (!accountId || !hash || !(Number(exp) > now)) return null;
  return { accountId, emailHash: hash };
}

/** Whether this deployment sends mail, and so whether public signups must confirm their address. */
export const mailEnabled = (mail: MailConfig) => Boolean(mail.host);

const transports = new WeakMap<MailConfig, Transporter>();
function transportFor(mail: MailConfig): Transporter {
  let t = transports.get(mail);
  if (!t) {
    t = nodemailer.createTransport({
      host: mail.host, port: mail.port, secure: mail.secure, auth: mail.user ? { user: mail.user, pass: mail.password } : undefined,
      connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000,
    });
    transports.set(mail, t);
  }
  return t;
}

/** Sends the confirmation link to the account's address. */
export async function sendVerificationEmail(config: Pick<Config, 'mail' | 'sessionSecret' | 'publicBaseUrl'>, account: { id: string; email: string }): Promise<void> {
  const link = `${config.publicBaseUrl}${VERIFY_PATH}?token=${verificationToken(config.sessionSecret, account.id, account.email)}`;
  await transportFor(config.mail).sendMail({
    from: config.mail.from,
    to: account.email,
    subject: 'Confirm your e-mail address for Atelier',
    text: `Open this link to confirm your e-mail address (it works for seven days):\n\n${link}\n\nIf you did not sign up for Atelier, ignore this message.\n`,
  });
}

const VerifiedView = z.object({ object: z.literal('email_verification'), status: z.enum(['verified', 'already_verified']), account_id: z.string() });
const ResendView = z.object({ object: z.literal('email_verification'), status: z.enum(['sent', 'already_verified']) });

const invalidToken = () => coded(400, 'invalid_verification_token', 'This confirmation link is not valid or has expired: ask for a new one with POST /v1/console/verify-email/resend.');

/** GET /v1/console/verify-email?token=…: public, the link of the signup e-mail. */
export function emailVerificationPublicRoutes(deps: { db: Database; config: Config }): Router {
  const router = Router();
  router.get(
    VERIFY_PATH,
    route({ query: z.object({ token: z.string().min(1).max(512) }), response: VerifiedView, summary: 'Confirm an e-mail address (the link of the signup e-mail)' }, async ({ query }) => {
      const claims = readVerificationToken(deps.config.sessionSecret, query.token);
      if (!claims) throw invalidToken();
      const account = await deps.db.selectFrom('accounts').select(['id', 'email', 'email_verified_at']).where('id', '=', claims.accountId).executeTakeFirst();
      // The address changed since the link was sent (or the account is gone): the link confirms nothing.
      if (!account?.email || emailHash(account.email) !== claims.emailHash) throw invalidToken();
      if (account.email_verified_at) return { object: 'email_verification' as const, status: 'already_verified' as const, account_id: account.id };
      await deps.db.updateTable('accounts').set({ email_verified_at: new Date() }).where('id', '=', account.id).where('email_verified_at', 'is', null).execute();
      return { object: 'email_verification' as const, status: 'verified' as const, account_id: account.id };
    }),
  );
  return router;
}

/** POST /v1/console/verify-email/resend (relative to /v1): the link again, to the account's own address. */
export function emailVerificationRoutes(deps: { db: Database; config: Config; logger: Logger }): Router {
  const router = Router();
  router.post(
    '/console/verify-email/resend',
    route({ response: ResendView, summary: 'Send the e-mail confirmation link again', errors: [502, 503] }, async ({ auth }) => {
      requireAdmin(auth, 'Sending the confirmation e-mail');
      const account = await deps.db.selectFrom('accounts').select(['id', 'email', 'email_verified_at']).where('id', '=', auth.accountId).executeTakeFirstOrThrow();
      if (account.email_verified_at) return { object: 'email_verification' as const, status: 'already_verified' as const };
      if (!mailEnabled(deps.config.mail) || !account.email) throw coded(503, 'mail_unavailable', 'This deployment sends no e-mail (ATELIER_SMTP_HOST is not set).');
      try {
        await sendVerificationEmail(deps.config, { id: account.id, email: account.email });
      } catch (err) {
        deps.logger.warn({ err: (err as Error).message }, 'confirmation e-mail not sent');
        throw coded(502, 'mail_failed', 'The confirmation e-mail could not be handed to the mail server; try again later.');
      }
      return { object: 'email_verification' as const, status: 'sent' as const };
    }),
  );
  return router;
}
