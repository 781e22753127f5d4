import { sql } from 'kysely';
import { z } from 'zod';
import { assertDestinationOwned } from '../routing/destinations';
import type { Database } from '../../infra/db/index';
import type { ApiKey, KeyEnvironment, KeyType } from '../../infra/db/schema/index';
import { insertApiKey } from '../accounts/accounts';
import { badRequest, coded } from '../../infra/http/errors';
import { effectiveScopes } from './scopes';
import { orNotFound } from '../../infra/db/or-not-found';
import { isoTime, listOf } from '../../infra/http/views';

export const MAX_ACTIVE_KEYS = 25;

export type KeyStatus = 'active' | 'revoked' | 'expired';

/** Copies a key's output routing rules to another key (owned by the routing module); returns how many. */
export type CloneOutputRules = (db: Database, fromKeyId: string, toKeyId: string) => Promise<number>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function keyStatus(row: ApiKey, nowMs = Date.now()): KeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= nowMs) return 'expired';
  return 'active';
}

const KeyStatusView = z.enum(['active', 'revoked', 'expired']);

/** The key object: exactly its fields; `key` only when just created. */
export const KeyView = z.object({
  id: z.string(),
  object: z.literal('api_key'),
  name: z.string(),
  type: z.enum(['read-only', 'write', 'admin']).nullable().describe('null for a bucket-scoped key'),
  environment: z.enum(['production', 'sandbox']),
  key: z.string().optional().describe('The secret itself: shown once, when the key is created'),
  prefix: z.string().describe('Masked form: first and last characters'),
  scopes: z.array(z.string()),
  allowed_ips: z.array(z.string()),
  expires_at: isoTime.nullable(),
  metadata: z.record(z.string(), z.string()),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
});
export const KeyListItemView = KeyView.extend({ status: KeyStatusView, requests_30d: z.number().int() });
export const KeyListView = listOf(KeyListItemView, { total: z.number().int(), has_more: z.boolean() });
/** The settings only PATCH can change. */
export const KeySettingsView = z.object({
  description: z.string().nullable(),
  rate_limit_per_minute: z.number().int().nullable(),
  allowed_referrers: z.array(z.string()),
  retention_hours: z.number().int().nullable(),
  destination_id: z.string().nullable(),
  keep_local_copy: z.boolean(),
  bucket_id: z.string().nullable(),
  rotated_from: z.string().nullable(),
  revoked_at: isoTime.nullable(),
});
export const KeyUpdatedView = KeyView.extend({ status: z.enum(['active', 'revoked']), settings: KeySettingsView });
export const KeyRevokedView = z.object({ id: z.string(), object: z.literal('api_key'), deleted: z.literal(true), revoked_at: isoTime });
export const KeyRotatedView = z.object({
  apiKey: z.string().describe('The new secret, shown once'),
  meta: z.object({
    id: z.string(),
    rotated_from: z.string(),
    old_key_revoked: z.literal(true),
    name: z.string(),
    expires_at: isoTime.nullable(),
    rate_limit_per_minute: z.number().int().nullable(),
    retention_hours: z.number().int().nullable(),
    destination_id: z.string().nullable(),
    output_rules_copied: z.number().int(),
  }),
});
export const BucketKeyView = z.object({ apiKey: z.string().describe('The bucket-scoped secret (svc_bkt_live_…), shown once') });

export function keyView(row: ApiKey, secret?: string): z.output<typeof KeyView> {
  return {
    id: row.id,
    object: 'api_key' as const,
    name: row.name,
    type: row.type,
    environment: row.environment,
    ...(secret !== undefined ? { key: secret } : {}),
    prefix: row.prefix,
    scopes: effectiveScopes(row.scopes),
    allowed_ips: row.allowed_ips,
    expires_at: iso(row.expires_at),
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
  };
}

/** The list form adds `status` and `requests_30d` (list only). */
export function keyListView(row: ApiKey, requests30d: number, nowMs = Date.now()): z.output<typeof KeyListItemView> {
  return { ...keyView(row), status: keyStatus(row, nowMs), requests_30d: requests30d };
}

/** The settings only PATCH can change, shown in the PATCH response. */
export function keySettingsView(row: ApiKey): z.output<typeof KeySettingsView> {
  return {
    description: row.description,
    rate_limit_per_minute: row.rate_limit_per_minute,
    allowed_referrers: row.allowed_referrers,
    retention_hours: row.retention_hours,
    destination_id: row.destination_id,
    keep_local_copy: row.keep_local_copy,
    bucket_id: row.bucket_id,
    rotated_from: row.rotated_from,
    revoked_at: iso(row.revoked_at),
  };
}

/** One of the caller's own keys, or 404 — another account's id is simply not found. */
export async function getOwnKey(db: Database, accountId: string, keyId: string): Promise<ApiKey> {
  return orNotFound(db.selectFrom('api_keys').selectAll().where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst());
}

/**
 * Whether a key may still be used (not revoked, not expired). Long-lived responses (SSE streams)
 * call this on each keep-alive so a revocation ends them too.
 */
export async function isKeyStillValid(db: Database, keyId: string, nowMs = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select(['revoked_at', 'expires_at']).where('id', '=', keyId).executeTakeFirst();
  if (!row || row.revoked_at) return false;
  return !row.expires_at || row.expires_at.getTime() > nowMs;
}

const activeFilter = (nowMs: number) =>
  sql<boolean>`revoked_at is null and (expires_at is null or expires_at > ${new Date(nowMs)})`;

async function lockAccountAndCountActive(db: Database, accountId: string, nowMs: number): Promise<number> {
  // Row lock on the account: concurrent creates cannot both pass the limit.
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
  const { n } = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where(activeFilter(nowMs))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const keyLimitReached = (upgradeUrl: string) =>
  coded(400, 'key_limit_reached', `An account can have at most ${MAX_ACTIVE_KEYS} active API keys. Revoke one before creating another.`, {
    max_keys: MAX_ACTIVE_KEYS,
    upgrade_url: upgradeUrl,
  });

export interface CreateKeyInput {
  name: string;
  type: KeyType;
  environment: KeyEnvironment;
  scopes: string[];
  allowedIps: string[];
  expiresAt: Date | null;
  metadata: Record<string, string>;
}

export async function createKey(db: Database, accountId: string, input: CreateKeyInput, opts: { upgradeUrl: string; nowMs?: number }) {
  const nowMs = opts.nowMs ?? Date.now();
  return db.transaction().execute(async (trx) => {
    if ((await lockAccountAndCountActive(trx, accountId, nowMs)) >= MAX_ACTIVE_KEYS) throw keyLimitReached(opts.upgradeUrl);
    return insertApiKey(trx, {
      accountId,
      name: input.name,
      type: input.type,
      environment: input.environment,
      scopes: input.scopes,
      allowedIps: input.allowedIps,
      expiresAt: input.expiresAt,
      metadata: input.metadata,
    });
  });
}

export interface ListKeysQuery {
  environment?: KeyEnvironment;
  type?: KeyType;
  status: KeyStatus;
  limit: number;
  offset: number;
}

export async function listKeys(db: Database, accountId: string, q: ListKeysQuery, nowMs = Date.now()) {
  const now = new Date(nowMs);
  let base = db.selectFrom('api_keys').where('account_id', '=', accountId);
  if (q.environment) base = base.where('environment', '=', q.environment);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.status === 'active') base = base.where(activeFilter(nowMs));
  else if (q.status === 'revoked') base = base.where('revoked_at', 'is not', null);
  else base = base.where('revoked_at', 'is', null).where('expires_at', '<=', now);

  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute(),
  ]);
  const counts = await requestsLast30Days(db, rows.map((r) => r.id), nowMs);
  return {
    object: 'list' as const,
    data: rows.map((r) => keyListView(r, counts.get(r.id) ?? 0, nowMs)),
    total: Number(total),
    has_more: q.offset + rows.length < Number(total),
  };
}

export async function requestsLast30Days(db: Database, keyIds: string[], nowMs = Date.now()): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const since = new Date(nowMs - 29 * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('api_key_daily_requests')
    .select(['key_id', (eb) => eb.fn.sum<number>('requests').as('n')])
    .where('key_id', 'in', keyIds)
    .where('day', '>=', since)
    .groupBy('key_id')
    .execute();
  return new Map(rows.map((r) => [r.key_id, Number(r.n)]));
}

/** Revocation is immediate and irreversible; revoking twice answers the first revocation. */
export async function revokeKey(db: Database, accountId: string, keyId: string) {
  const row = await getOwnKey(db, accountId, keyId);
  const revokedAt =
    row.revoked_at ??
    (
      await db
        .updateTable('api_keys')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
        .where('id', '=', keyId)
        .where('account_id', '=', accountId)
        .returning('revoked_at')
        .executeTakeFirstOrThrow()
    ).revoked_at!;
  return { id: row.id, object: 'api_key' as const, deleted: true as const, revoked_at: revokedAt.toISOString() };
}

export interface UpdateKeyInput {
  name?: string;
  description?: string | null;
  rateLimitPerMinute?: number | null;
  allowedIps?: string[];
  allowedReferrers?: string[];
  scopes?: string[];
  retentionHours?: number;
  destinationId?: string;
  keepLocalCopy?: boolean;
  clearRetention?: boolean;
  clearDestination?: boolean;
}

const keyRevoked = () => coded(409, 'key_revoked', 'This key has been revoked; revoked keys cannot be changed.');

export async function updateKey(db: Database, accountId: string, keyId: string, input: UpdateKeyInput): Promise<ApiKey> {
  if (input.clearRetention && input.retentionHours !== undefined) badRequestBoth('retentionHours', 'clearRetention');
  if (input.clearDestination && input.destinationId !== undefined) badRequestBoth('destinationId', 'clearDestination');
  const row = await getOwnKey(db, accountId, keyId);
  if (row.revoked_at) throw keyRevoked();
  // A key may only route output to a destination its own account owns.
  if (input.destinationId !== undefined) await assertDestinationOwned(db, accountId, input.destinationId);

  const set: Record<string, unknown> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.rateLimitPerMinute !== undefined) set.rate_limit_per_minute = input.rateLimitPerMinute;
  if (input.allowedIps !== undefined) set.allowed_ips = JSON.stringify(input.allowedIps);
  if (input.allowedReferrers !== undefined) set.allowed_referrers = JSON.stringify(input.allowedReferrers);
  if (input.scopes !== undefined) set.scopes = JSON.stringify(input.scopes);
  if (input.retentionHours !== undefined) set.retention_hours = input.retentionHours;
  if (input.clearRetention) set.retention_hours = null;
  if (input.destinationId !== undefined) set.destination_id = input.destinationId;
  if (input.clearDestination) set.destination_id = null;
  if (input.keepLocalCopy !== undefined) set.keep_local_copy = input.keepLocalCopy;
  if (Object.keys(set).length === 0) return row;
  return db.updateTable('api_keys').set(set).where('id', '=', keyId).where('account_id', '=', accountId).returningAll().executeTakeFirstOrThrow();
}

function badRequestBoth(a: string, b: string): never {
  throw badRequest(`${a} and ${b} cannot be sent together`);
}

/**
 * A new key row with the old one's settings and routing rules, the old key revoked —
 * all in one transaction, so a failure leaves both keys as they were.
 */
export async function rotateKey(db: Database, accountId: string, keyId: string, cloneRules: CloneOutputRules) {
  return db.transaction().execute(async (trx) => {
    const old = await orNotFound(trx
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst());
    if (old.revoked_at) throw keyRevoked();
    const created = await insertApiKey(trx, {
      accountId,
      name: old.name,
      description: old.description,
      type: old.type,
      environment: old.environment,
      scopes: old.scopes,
      allowedIps: old.allowed_ips,
      allowedReferrers: old.allowed_referrers,
      metadata: old.metadata,
      expiresAt: old.expires_at,
      bucketId: old.bucket_id,
      rateLimitPerMinute: old.rate_limit_per_minute,
      retentionHours: old.retention_hours,
      destinationId: old.destination_id,
      keepLocalCopy: old.keep_local_copy,
      rotatedFrom: old.id,
    });
    await trx.updateTable('api_keys').set({ revoked_at: sql<Date>`now()` }).where('id', '=', old.id).execute();
    const copied = await cloneRules(trx, old.id, created.row.id);
    return {
      apiKey: created.key,
      meta: {
        id: created.row.id,
        rotated_from: old.id,
        old_key_revoked: true as const,
        name: created.row.name,
        expires_at: iso(created.row.expires_at),
        rate_limit_per_minute: created.row.rate_limit_per_minute,
        retention_hours: created.row.retention_hours,
        destination_id: created.row.destination_id,
        output_rules_copied: copied,
      },
    };
  });
}

/**
 * A bucket-scoped key (`svc_bkt_live_…`, no type, storage scope only) for a bucket
 * the caller owns — a simple bucket or a live object-store bucket. Any other id, another account's
 * included, answers 404 `bucket_not_found`, exactly as a bucket that does not exist.
 */
export async function createBucketKey(db: Database, accountId: string, bucketId: string, name: string | undefined, upgradeUrl: string) {
  const nowMs = Date.now();
  return db.transaction().execute(async (trx) => {
    if (!(await ownsBucket(trx, accountId, bucketId))) {
      throw coded(404, 'bucket_not_found', 'No bucket with this id belongs to your account.');
    }
    if ((await lockAccountAndCountActive(trx, accountId, nowMs)) >= MAX_ACTIVE_KEYS) throw keyLimitReached(upgradeUrl);
    const created = await insertApiKey(trx, {
      accountId,
      name: name ?? `bucket ${bucketId}`,
      type: null,
      environment: 'production',
      scopes: ['storage'],
      bucketId,
    });
    return { apiKey: created.key };
  });
}

async function ownsBucket(db: Database, accountId: string, bucketId: string): Promise<boolean> {
  const simple = await db
    .selectFrom('simple_buckets')
    .select('id')
    .where(sql<string>`lower(id)`, '=', bucketId.toLowerCase())
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (simple) return true;
  const objectStore = await db
    .selectFrom('s3_buckets')
    .select('id')
    .where(sql<string>`lower(id)`, '=', bucketId.toLowerCase())
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return objectStore !== undefined;
}
