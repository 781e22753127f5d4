import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { isoTime } from '../../infra/http/views';
import { attachmentDisposition, isActiveContentType } from '../../infra/http/user-content';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../infra/db/index';
import type { SimpleBucket, StorageFile } from '../../infra/db/schema/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { coded, detail } from '../../infra/http/errors';
import type { AuthContext } from '../../platform/auth/context';
import { TOPUP_PATH, getBalanceMicros } from '../../platform/billing/wallet';
import { microsToUsd } from '../../platform/billing/money';
import { s3For } from '../context';

/** The bucket uploads without `bucket_name` go to. */
export const DEFAULT_BUCKET_NAME = 'api-uploads';
/** Names keep [a-zA-Z0-9_-] and at most 50 characters. */
export const MAX_NAME = 50;

/** Anything outside [a-zA-Z0-9_-] becomes `-` (runs collapse); the result is cut to 50. */
export function sanitiseBucketName(raw: string): string {
  return raw
    .trim()
    .replace(/[^a-zA-Z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME);
}

export interface BucketSettings {
  name: string;
  is_public?: boolean;
  is_active?: boolean;
  max_file_size_mb?: number | null;
  allowed_mime_types?: string[];
}

export const SimpleBucketView = z.object({
  id: z.string(),
  name: z.string(),
  path_prefix: z.string(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  region: z.string(),
  storage_region: z.literal('eu-central-1'),
  max_file_size_mb: z.number().int().nullable(),
  allowed_mime_types: z.array(z.string()),
  file_count: z.number().int(),
  total_bytes: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const FileView = z.object({
  id: z.string(),
  bucket_id: z.string(),
  bucket_name: z.string(),
  filename: z.string(),
  key: z.string().describe("The object's key inside the bucket"),
  size_bytes: z.number().int(),
  content_type: z.string(),
  is_public: z.boolean(),
  url: z.string().describe('A plain URL for a public file, else a presigned one that expires'),
  url_expires_at: isoTime.nullable(),
  signed: z.boolean(),
  created_at: isoTime,
});
export type FileView = z.output<typeof FileView>;

export function bucketView(b: SimpleBucket, stats?: { files: number; bytes: number }): z.output<typeof SimpleBucketView> {
  return {
    id: b.id,
    name: b.name,
    path_prefix: b.path_prefix,
    is_active: b.is_active,
    is_public: b.is_public,
    region: b.region,
    storage_region: 'eu-central-1',
    max_file_size_mb: b.max_file_size_mb,
    allowed_mime_types: b.allowed_mime_types,
    file_count: stats?.files ?? 0,
    total_bytes: stats?.bytes ?? 0,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

/** An empty wallet cannot write; any positive balance suffices. */
export async function requireFunds(deps: Deps, accountId: string): Promise<void> {
  const balance = await getBalanceMicros(deps.db, accountId);
  if (balance > 0) return;
  throw coded(402, 'insufficient_funds', 'Your wallet is empty: storage is billed hourly from the wallet, so uploads need a positive balance. Top up and retry.', {
    balance_usd: microsToUsd(balance),
    billed: 'hourly_storage',
    charged: false,
    topup_url: `${deps.config.publicBaseUrl}${TOPUP_PATH}`,
  });
}

/** A bucket-scoped key reaches its own bucket and no other. */
export function assertBucketInScope(auth: AuthContext, bucketId: string): void {
  const scoped = auth.key?.bucket_id;
  if (scoped && scoped !== bucketId) {
    throw coded(403, 'insufficient_scope', 'This key is scoped to another bucket and cannot reach this one.', { bucket_id: scoped });
  }
}

export async function statsFor(deps: Deps, accountId: string, bucketIds: string[]) {
  const stats = new Map<string, { files: number; bytes: number }>();
  if (bucketIds.length === 0) return stats;
  const rows = await deps.db
    .selectFrom('storage_files')
    .select(['bucket_id', sql<number>`count(*)::int`.as('files'), sql<number>`coalesce(sum(size_bytes), 0)::bigint`.as('bytes')])
    .where('account_id', '=', accountId)
    .where('bucket_id', 'in', bucketIds)
    .groupBy('bucket_id')
    .execute();
  for (const r of rows) stats.set(r.bucket_id, { files: Number(r.files), bytes: Number(r.bytes) });
  return stats;
}

export async function listBuckets(deps: Deps, auth: AuthContext): Promise<SimpleBucket[]> {
  let q = deps.db.selectFrom('simple_buckets').selectAll().where('account_id', '=', auth.accountId);
  if (auth.key?.bucket_id) q = q.where('id', '=', auth.key.bucket_id);
  return q.orderBy('created_at', 'asc').orderBy('id').execute();
}

/** Another account's bucket (or a malformed id) is 404; a sibling outside a key's scope is 403. */
export async function getBucket(deps: Deps, auth: AuthContext, id: string): Promise<SimpleBucket> {
  const row = await orNotFound(
    /^[0-9a-f-]{36}$/i.test(id)
      ? deps.db.selectFrom('simple_buckets').selectAll().where('id', '=', id.toLowerCase()).where('account_id', '=', auth.accountId).executeTakeFirst()
      : undefined,
  );
  assertBucketInScope(auth, row.id);
  return row;
}

export async function findBucketByName(deps: Deps, accountId: string, name: string): Promise<SimpleBucket | undefined> {
  return deps.db.selectFrom('simple_buckets').selectAll().where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
}

export async function createBucket(deps: Deps, accountId: string, settings: BucketSettings): Promise<SimpleBucket> {
  const id = randomUUID();
  try {
    return await deps.db
      .insertInto('simple_buckets')
      .values({
        id,
        account_id: accountId,
        name: settings.name,
        path_prefix: `${accountId}/${id}/`,
        is_public: settings.is_public ?? false,
        is_active: settings.is_active ?? true,
        max_file_size_mb: settings.max_file_size_mb ?? null,
        allowed_mime_types: JSON.stringify(settings.allowed_mime_types ?? []),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw coded(409, 'bucket_exists', `A bucket named '${settings.name}' already exists.`, { name: settings.name });
    throw err;
  }
}

/** The auto-created private `api-uploads` bucket; concurrent first uploads share one. */
export async function defaultBucket(deps: Deps, accountId: string): Promise<SimpleBucket> {
  const existing = await findBucketByName(deps, accountId, DEFAULT_BUCKET_NAME);
  if (existing) return existing;
  try {
    return await createBucket(deps, accountId, { name: DEFAULT_BUCKET_NAME, is_public: false });
  } catch (err) {
    const again = await findBucketByName(deps, accountId, DEFAULT_BUCKET_NAME);
    if (again) return again;
    throw err;
  }
}

export async function updateBucket(deps: Deps, bucket: SimpleBucket, patch: Partial<BucketSettings>): Promise<SimpleBucket> {
  try {
    return await deps.db
      .updateTable('simple_buckets')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.is_public !== undefined ? { is_public: patch.is_public } : {}),
        ...(patch.is_active !== undefined ? { is_active: patch.is_active } : {}),
        ...(patch.max_file_size_mb !== undefined ? { max_file_size_mb: patch.max_file_size_mb } : {}),
        ...(patch.allowed_mime_types !== undefined ? { allowed_mime_types: JSON.stringify(patch.allowed_mime_types) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', bucket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) throw coded(409, 'bucket_exists', `A bucket named '${patch.name}' already exists.`, { name: patch.name });
    throw err;
  }
}

/** Removes the files from the server first, then the rows: a failure leaves the bucket listed, never orphans. */
export async function deleteBucket(deps: Deps, bucket: SimpleBucket): Promise<{ files_deleted: number; bytes_freed: number }> {
  const s3 = s3For(deps);
  const before = await statsFor(deps, bucket.account_id, [bucket.id]);
  await s3.ensureBucket(deps.config.storage.simpleBucket, { presignedReads: true });
  await s3.deleteAll(deps.config.storage.simpleBucket, bucket.path_prefix);
  await deps.db.deleteFrom('simple_buckets').where('id', '=', bucket.id).execute();
  const s = before.get(bucket.id);
  return { files_deleted: s?.files ?? 0, bytes_freed: s?.bytes ?? 0 };
}

/** Private files get an expiring presigned S3 URL; public ones a plain Atelier URL. */
export async function fileView(deps: Deps, file: StorageFile, bucket: SimpleBucket): Promise<FileView> {
  const isPublic = file.is_public || bucket.is_public;
  let url: string;
  let expiresAt: string | null = null;
  if (isPublic) {
    url = `${deps.config.publicBaseUrl}/v1/public/files/${file.id}/${encodeURIComponent(file.filename)}`;
  } else {
    const ttl = deps.config.storage.urlTtlSeconds;
    url = await s3For(deps).presignGet(deps.config.storage.simpleBucket, file.object_key, ttl, {
      disposition: isActiveContentType(file.content_type) ? attachmentDisposition(file.filename) : undefined,
    });
    expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
  }
  return {
    id: file.id,
    bucket_id: bucket.id,
    bucket_name: bucket.name,
    filename: file.filename,
    key: file.object_key.slice(bucket.path_prefix.length),
    size_bytes: file.size_bytes,
    content_type: file.content_type,
    is_public: isPublic,
    url,
    url_expires_at: expiresAt,
    signed: !isPublic,
    created_at: file.created_at.toISOString(),
  };
}

export const bucketInactive = (name: string) => detail(409, `Bucket '${name}' is not active; activate it with PATCH is_active=true to upload.`);
