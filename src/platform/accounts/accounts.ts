import { randomBytes } from 'node:crypto';
import type { Database } from '../../infra/db/index';
import type { Account, ApiKey, KeyEnvironment, KeyType } from '../../infra/db/schema/index';
import { generateApiKey, hashApiKey, maskApiKey, newKeyId } from '../auth/api-keys';
import { creditWallet } from '../billing/wallet';

export const newAccountId = () => `acct_${randomBytes(10).toString('hex')}`;

/** Creates an account; an opening balance is credited through the ledger so the books balance. */
export async function createAccount(
  db: Database,
  opts: {
    name: string; email?: string | null; passwordHash?: string | null; openingBalanceMicros?: number; createdAt?: Date;
    /** Included credits usable at once (default: accounts an operator creates); false waits for a first payment. */
    includedCreditsGranted?: boolean;
    /** False for a public signup, which confirms its address through the signup e-mail; else verified at creation. */
    emailVerified?: boolean;
  },
): Promise<Account> {
  const account = await db
    .insertInto('accounts')
    .values({
      id: newAccountId(),
      name: opts.name,
      email: opts.email ?? null,
      password_hash: opts.passwordHash ?? null,
      tier_override: null,
      created_at: opts.createdAt,
      included_credits_granted_at: opts.includedCreditsGranted === false ? null : (opts.createdAt ?? new Date()),
      email_verified_at: opts.emailVerified === false ? null : (opts.createdAt ?? new Date()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (opts.openingBalanceMicros && opts.openingBalanceMicros > 0) {
    await creditWallet(db, {
      accountId: account.id,
      amountMicros: opts.openingBalanceMicros,
      operationId: 'opening-balance',
      kind: 'adjustment',
      operation: 'opening_balance',
    });
  }
  return db.selectFrom('accounts').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
}

export interface NewKey {
  row: ApiKey;
  /** The full secret: shown once, never stored. */
  key: string;
}

/** Inserts a key row for a given secret (generated unless supplied, e.g. the bootstrap key). */
export async function insertApiKey(
  db: Database,
  opts: {
    accountId: string;
    name: string;
    type: KeyType | null;
    environment: KeyEnvironment;
    key?: string;
    scopes?: string[];
    allowedIps?: string[];
    metadata?: Record<string, string>;
    expiresAt?: Date | null;
    bucketId?: string | null;
    description?: string | null;
    rateLimitPerMinute?: number | null;
    retentionHours?: number | null;
    destinationId?: string | null;
    keepLocalCopy?: boolean;
    allowedReferrers?: string[];
    rotatedFrom?: string | null;
  },
): Promise<NewKey> {
  const key = opts.key ?? generateApiKey(opts.bucketId ? 'bucket' : opts.environment === 'sandbox' ? 'test' : 'live');
  const row = await db
    .insertInto('api_keys')
    .values({
      id: newKeyId(),
      account_id: opts.accountId,
      name: opts.name,
      description: opts.description ?? null,
      type: opts.type,
      environment: opts.environment,
      key_hash: hashApiKey(key),
      prefix: maskApiKey(key),
      scopes: JSON.stringify(opts.scopes ?? []),
      allowed_ips: JSON.stringify(opts.allowedIps ?? []),
      allowed_referrers: JSON.stringify(opts.allowedReferrers ?? []),
      metadata: JSON.stringify(opts.metadata ?? {}),
      rate_limit_per_minute: opts.rateLimitPerMinute ?? null,
      retention_hours: opts.retentionHours ?? null,
      destination_id: opts.destinationId ?? null,
      keep_local_copy: opts.keepLocalCopy ?? false,
      bucket_id: opts.bucketId ?? null,
      rotated_from: opts.rotatedFrom ?? null,
      expires_at: opts.expiresAt ?? null,
      revoked_at: null,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, key };
}
