import type { RequestHandler } from 'express';
import type { CompiledQuery } from 'kysely';
import type { Database } from '../../infra/db/index';
import { ApiError } from '../../infra/http/errors';
import type { AuthContext } from './context';
import { hashApiKey, isWellFormedKey } from './api-keys';
import { looksLikeJwt, verifySessionToken } from './sessions';

/** Seed 000 §7: key-authentication failures in the `{error:{code, message, type}}` form. */
export const authError = (code: 'authentication_required' | 'invalid_api_key', message: string) =>
  new ApiError(401, { error: { code, message, type: 'authentication_error' } });

export const missingAuthorization = () => authError('authentication_required', 'Missing Authorization header');
export const invalidApiKey = (message = 'Invalid API key') => authError('invalid_api_key', message);

const LAST_USED_EVERY_MS = 60_000;

/**
 * Resolves `Authorization: Bearer <API_KEY | SESSION_JWT>` into `req.auth`. Revocation and expiry
 * are read from the database on every request, so a revoked key fails at once.
 */
export function authenticate(deps: { db: Database; sessionSecret: string }): RequestHandler {
  const lastUsedWritten = new Map<string, number>();
  const keyLookup = compileKeyLookup(deps.db);
  return async (req, _res, next) => {
    const header = req.header('authorization');
    if (!header) throw missingAuthorization();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw invalidApiKey();
    const token = match[1];
    req.auth = await resolveToken(deps, token, lastUsedWritten, keyLookup);
    next();
  };
}

async function resolveToken(
  deps: { db: Database; sessionSecret: string },
  token: string,
  lastUsedWritten: Map<string, number>,
  keyLookup: KeyLookup,
): Promise<AuthContext> {
  if (looksLikeJwt(token)) {
    const claims = await verifySessionToken(deps.sessionSecret, token);
    if (!claims) throw authError('invalid_api_key', 'Invalid or expired session token');
    const account = await deps.db
      .selectFrom('accounts')
      .select(['id', 'status', 'balance_micros', 'lifetime_spend_micros', 'tier_override'])
      .where('id', '=', claims.accountId)
      .executeTakeFirst();
    if (!account) throw authError('invalid_api_key', 'Invalid or expired session token');
    return { accountId: account.id, via: 'session', key: null, sandbox: false, account: accountSnapshot(account) };
  }
  if (!isWellFormedKey(token)) throw invalidApiKey();
  // One round trip, on the unique key_hash index; the SQL is built once (see compileKeyLookup).
  const found = (await deps.db.executeQuery<KeyRow>({ ...keyLookup, parameters: [hashApiKey(token)] })).rows[0];
  if (!found) throw invalidApiKey();
  const { balance_micros, lifetime_spend_micros, tier_override, account_status, ...key } = found;
  if (key.revoked_at) throw invalidApiKey('API key has been revoked');
  if (key.expires_at && key.expires_at.getTime() <= Date.now()) throw invalidApiKey('API key has expired');

  const now = Date.now();
  if ((lastUsedWritten.get(key.id) ?? 0) + LAST_USED_EVERY_MS < now) {
    lastUsedWritten.set(key.id, now);
    // Bookkeeping only: never fail or delay the request over it.
    void deps.db.updateTable('api_keys').set({ last_used_at: new Date(now) }).where('id', '=', key.id).execute().catch(() => undefined);
  }
  return {
    accountId: key.account_id,
    via: 'api_key',
    key,
    sandbox: key.environment === 'sandbox',
    account: accountSnapshot({ balance_micros, lifetime_spend_micros, tier_override, status: account_status }),
  };
}

/**
 * The key lookup with the account's tier inputs joined in (see AuthContext.account), compiled to
 * SQL once per process: the hot path only swaps in the key hash, instead of rebuilding and
 * compiling the same kysely tree on every request. The row is still read on every request, so a
 * revocation or expiry takes effect at once.
 */
function compileKeyLookup(db: Database) {
  return db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('api_keys')
    .select(['accounts.balance_micros', 'accounts.lifetime_spend_micros', 'accounts.tier_override', 'accounts.status as account_status'])
    .where('api_keys.key_hash', '=', '')
    .compile();
}
type KeyLookup = ReturnType<typeof compileKeyLookup>;
type KeyRow = KeyLookup extends CompiledQuery<infer R> ? R : never;

function accountSnapshot(row: { balance_micros: number; lifetime_spend_micros: number; tier_override: string | null; status: string }) {
  return { balanceMicros: row.balance_micros, lifetimeSpendMicros: row.lifetime_spend_micros, tierOverride: row.tier_override, status: row.status };
}
