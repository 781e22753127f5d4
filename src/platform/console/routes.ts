import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { createAccount } from '../accounts/accounts';
import { mailEnabled, sendVerificationEmail } from '../accounts/email-verification';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { SESSION_TTL_SECONDS, issueSessionToken } from '../auth/sessions';
import { isUniqueViolation } from '../../infra/db/index';
import { ApiError, coded } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import { isoTime } from '../../infra/http/views';

const credentials = {
  email: z
    .email()
    .max(320)
    .transform((e) => e.trim().toLowerCase()),
  password: z.string().min(8).max(256),
};
const signupBody = z.object({ ...credentials, name: z.string().trim().min(1).max(200).optional() });
const loginBody = z.object({ email: credentials.email, password: z.string().min(1).max(256) });

// One body for an unknown email and a wrong password, so a login cannot probe for accounts.
const invalidCredentials = () =>
  new ApiError(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password', type: 'authentication_error' } });

const SignupAccepted = z.object({ status: z.literal('accepted'), message: z.string() });
const SIGNUP_ACCEPTED: z.input<typeof SignupAccepted> = {
  status: 'accepted',
  message: 'If this e-mail address had no account, it has one now: log in with POST /v1/console/login and the password you chose.',
};
const SessionView = z.object({
  token: z.string().describe('A console session token: send it as `Authorization: Bearer`'),
  expires_at: isoTime,
  account_id: z.string(),
});

/**
 * Owner logins for console integrations (issue 4): signup and login answer a short-lived session
 * JWT. Public — mounted before authentication.
 */
export function consoleRoutes(deps: Deps): Router {
  const router = Router();
  let dummyHash: Promise<string> | undefined;

  const session = async (accountId: string, email: string) => {
    const token = await issueSessionToken(deps.config.sessionSecret, { accountId, email });
    return { token, expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000).toISOString() };
  };

  // One answer for a new and a taken address, so signup cannot tell anyone which e-mails have an
  // account: 202 and the same body either way. A new address gets its account (log in with the
  // password just chosen); a taken one gets no second account, and its owner's is left untouched.
  router.post(
    '/v1/console/signup',
    route({ body: signupBody, status: 202, response: SignupAccepted }, async ({ body }) => {
      const passwordHash = await hashPassword(body.password);
      try {
        // A new account starts with an empty wallet and no key: the owner logs in and creates keys with
        // the session token. Its included credits wait for a first payment unless the deployment grants
        // them at signup.
        // With mail configured the address must be confirmed (the link of the e-mail) before a top-up;
        // without it no link could arrive, so the account counts as confirmed.
        const confirm = mailEnabled(deps.config.mail);
        const account = await createAccount(deps.db, {
          name: body.name ?? body.email, email: body.email, passwordHash, includedCreditsGranted: deps.config.signupCredits === 'at_signup', emailVerified: !confirm,
        });
        // Not awaited: the answer takes as long for a new address as for a taken one.
        if (confirm) {
          void sendVerificationEmail(deps.config, { id: account.id, email: body.email }).catch((err: Error) => deps.logger.warn({ err: err.message }, 'signup confirmation e-mail not sent'));
        }
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      return SIGNUP_ACCEPTED;
    }),
  );

  router.post(
    '/v1/console/login',
    route({ body: loginBody, response: SessionView, summary: 'Log in with e-mail and password: a short-lived console session token' }, async ({ body }) => {
      const account = await deps.db
        .selectFrom('accounts')
        .select(['id', 'password_hash', 'status'])
        .where('email', '=', body.email)
        .executeTakeFirst();
      if (!account?.password_hash) {
        // Same work as a real check, so timing does not tell unknown emails apart.
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(body.password, await dummyHash);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(body.password, account.password_hash))) throw invalidCredentials();
      if (account.status === 'suspended') throw coded(403, 'account_suspended', 'This account is suspended.');
      return { ...(await session(account.id, body.email)), account_id: account.id };
    }),
  );

  return router;
}
