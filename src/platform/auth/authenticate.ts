import type { RequestHandler } from 'express';
import type { CompiledQuery } from 'kysely';
import type { Database } from '../../infra/db/index';
import { ApiError } from '../../infra/http/errors';
import type { AuthContext } from './context';
import { hashApiKey, isWellFormedKey } from './api-keys';
import type { CredentialCache } from './credential-cache';
import { looksLikeJwt, verifySessionToken } from './sessions';

/** Key-authentication failures in the `{error:{code, message, type}}` form. */
export const authError = (code: 'authentication_required' | 'invalid_api_key', message: string) =>
  new ApiError(401, { error: { code, message, type: 'authentication_error' } });

export const missingAuthorization = () => authError('authentication_required', 'Missing Authorization header');
export const invalidApiKey = (message = 'Invalid API key') => authError('invalid_api_key', message);

const LAST_USED_EVERY_MS = 60_000;

/** An API key as authentication resolved it: the key row and its account's tier inputs. */
export interface KeyCredential {
  accountId: string;
  key: NonNullable<AuthContext['key']>;
  account: NonNullable<AuthContext['account']>;
}

interface AuthDeps {
  db: Database;
  sessionSecret: string;
  /** Keys recently seen, invalidated by Postgres notifications (see CredentialCache); absent = read every time. */
  credentials?: CredentialCache<KeyCredential>;
}

/**
 * Resolves `Authorization: Bearer <API_KEY | SESSION_JWT>` into `req.auth`. A revocation, expiry
 * or any other change to the key or its account committed before the request arrived is seen by
 * it: either the key is read from the database, or it comes from the credential cache after its
 * barrier (which guarantees exactly that).
 */
export function authenticate(deps: AuthDeps): RequestHandler {
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
  deps: AuthDeps,
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
    return { accountId: account.id, via: 'session', key: null, sandbox: false, account: accountSnapshot(account), ...(claims.email ? { email: claims.email } : {}) };
  }
  if (!isWellFormedKey(token)) throw invalidApiKey();
  const hash = hashApiKey(token);
  const cache = deps.credentials;
  let credential: KeyCredential | undefined;
  if (cache && (await cache.sync())) {
    credential = cache.get(hash);
    if (!credential) {
      const mark = cache.mark();
      credential = await readKey(deps.db, keyLookup, hash);
      // Revoked keys are not kept: they fail below either way and must never outlive a re-issue.
      if (credential && !credential.key.revoked_at) cache.put(hash, credential, mark);
    }
  } else {
    credential = await readKey(deps.db, keyLookup, hash);
  }
  if (!credential) throw invalidApiKey();
  const { key, account } = credential;
  if (key.revoked_at) throw invalidApiKey('API key has been revoked');
  const now = Date.now();
  if (key.expires_at && key.expires_at.getTime() <= now) throw invalidApiKey('API key has expired');

  if ((lastUsedWritten.get(key.id) ?? 0) + LAST_USED_EVERY_MS < now) {
    lastUsedWritten.set(key.id, now);
    // Bookkeeping only: never fail or delay the request over it.
    void deps.db.updateTable('api_keys').set({ last_used_at: new Date(now) }).where('id', '=', key.id).execute().catch(() => undefined);
  }
  // key and account may be shared with other requests (cache): they are read-only snapshots.
  return { accountId: credential.accountId, via: 'api_key', key, sandbox: key.environment === 'sandbox', account };
}

/** One round trip, on the unique key_hash index; the SQL is built once (see compileKeyLookup). */
async function readKey(db: Database, keyLookup: KeyLookup, hash: string): Promise<KeyCredential | undefined> {
  const found = (await db.executeQuery<KeyRow>({ ...keyLookup, parameters: [hash] })).rows[0];
  if (!found) return undefined;
  const { balance_micros, lifetime_spend_micros, tier_override, account_status, ...key } = found;
  return { accountId: key.account_id, key, account: accountSnapshot({ balance_micros, lifetime_spend_micros, tier_override, status: account_status }) };
}

/**
 * The key lookup with the account's tier inputs joined in (see AuthContext.account), compiled to
 * SQL once per process: a miss only swaps in the key hash, instead of rebuilding and compiling
 * the same kysely tree on every request.
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
