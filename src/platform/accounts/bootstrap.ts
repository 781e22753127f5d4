import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../infra/db/index';
import { hashApiKey, isWellFormedKey, keyKind } from '../auth/api-keys';
import { hashPassword } from '../auth/passwords';
import { usdToMicros } from '../billing/money';
import { createAccount, insertApiKey } from './accounts';

export interface BootstrapResult {
  /** Set only when a key was created now; print it once. */
  createdKey?: string;
  accountId?: string;
  ownerEmail?: string;
  /** Set only when an owner password was generated now; print it once. */
  ownerPassword?: string;
}

/**
 * First start: with `ATELIER_BOOTSTRAP_KEY` unknown, create an account and an admin live key with
 * exactly that value; with no key configured and an empty database, create both and return the
 * generated key so it can be printed once. The account's owner login is created alongside.
 */
export async function bootstrap(db: Database, config: Config): Promise<BootstrapResult> {
  const wanted = config.bootstrap.key;
  if (wanted !== undefined) {
    if (!isWellFormedKey(wanted) || keyKind(wanted) !== 'live') {
      throw new Error(
        'ATELIER_BOOTSTRAP_KEY is malformed: it must be a live key, "svc_live_" followed by 39 letters or digits (48 characters in all)',
      );
    }
    const known = await db.selectFrom('api_keys').select('id').where('key_hash', '=', hashApiKey(wanted)).executeTakeFirst();
    if (known) return {};
    return createBootstrapAccount(db, config, wanted);
  }
  const any = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (any) return {};
  return createBootstrapAccount(db, config);
}

async function createBootstrapAccount(db: Database, config: Config, key?: string): Promise<BootstrapResult> {
  const existingOwner = await db.selectFrom('accounts').select('id').where('email', '=', config.bootstrap.email).executeTakeFirst();
  const password = config.bootstrap.password ?? randomBytes(12).toString('base64url');
  // Created an hour in the past would be a lie; the account is new, and top-ups wait an hour.
  const account = await createAccount(db, {
    name: 'Bootstrap account',
    email: existingOwner ? null : config.bootstrap.email,
    passwordHash: existingOwner ? null : await hashPassword(password),
    openingBalanceMicros: usdToMicros(config.bootstrap.balanceUsd),
  });
  const created = await insertApiKey(db, { accountId: account.id, name: 'bootstrap admin', type: 'admin', environment: 'production', key });
  return {
    createdKey: key ? undefined : created.key,
    accountId: account.id,
    ownerEmail: existingOwner ? undefined : config.bootstrap.email,
    ownerPassword: existingOwner || config.bootstrap.password ? undefined : password,
  };
}
