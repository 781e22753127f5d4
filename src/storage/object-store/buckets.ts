import { randomBytes, randomUUID } from 'node:crypto';
import {
  DeleteBucketCommand,
  DeleteBucketPolicyCommand,
  ListObjectVersionsCommand,
  PutBucketPolicyCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { S3Bucket, S3Credential } from '../../infra/db/schema/index';
import { orNotFound } from '../../infra/db/or-not-found';
import { coded, notFound } from '../../infra/http/errors';
import { chargeWallet, refundCharge } from '../../platform/billing/wallet';
import { microsToUsd } from '../../platform/billing/money';
import type { TierDefinition } from '../../platform/tiers/tiers';
import { s3For } from '../context';
import { PLAN_BUCKET_LIMITS, reservationMicros, type StorageClass } from './catalog';
import { transitionedClass } from './lifecycle';
import { recordSizeSample } from './metrics';
import { mapS3Error } from './objects';
import type { BucketDeletedView, BucketRow, CredentialRow, ProvisionView, RegeneratedKeysView, UsageView } from './views';

export interface BuyInput {
  display_name: string;
  description?: string;
  region: string;
  default_storage_class: StorageClass;
  quota_gb: number;
  versioning_enabled: boolean;
  encryption_type: 'SSE-S3' | 'aws:kms';
  encryption_kms_key_id?: string;
  block_public_access: boolean;
  mfa_delete_enabled: boolean;
  billing_mode: 'wallet' | 'invoice_monthly';
  tags: Record<string, string>;
}

export function bucketRow(b: S3Bucket): BucketRow {
  return {
    id: b.id,
    display_name: b.display_name,
    region: b.region,
    status: b.status,
    storage_class: b.storage_class,
    quota_gb: b.quota_gb,
    used_bytes: b.used_bytes,
    created_at: b.created_at.toISOString(),
  };
}

export function credentialRow(c: S3Credential): CredentialRow {
  return {
    access_key_id: c.access_key_id,
    label: c.label,
    created_at: c.created_at.toISOString(),
    last_used: c.last_used?.toISOString() ?? null,
    status: c.status,
    expires_at: c.expires_at?.toISOString() ?? null,
  };
}

export async function getS3Bucket(deps: Deps, accountId: string, id: string): Promise<S3Bucket> {
  const row = await orNotFound(
    /^[0-9a-f-]{36}$/i.test(id)
      ? deps.db.selectFrom('s3_buckets').selectAll().where('id', '=', id.toLowerCase()).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst()
      : undefined,
  );
  return row;
}

export function listS3Buckets(deps: Deps, accountId: string): Promise<S3Bucket[]> {
  return deps.db.selectFrom('s3_buckets').selectAll().where('account_id', '=', accountId).where('deleted_at', 'is', null).orderBy('created_at', 'asc').orderBy('id').execute();
}

function newKeyPair() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(16);
  const access = 'AKAT' + [...bytes].map((b) => alphabet[b % 32]).join('');
  const secret = randomBytes(30).toString('base64').replace(/\+/g, 'A').replace(/\//g, 'B');
  return { access, secret };
}

/**
 * What a bucket key (and the presigning user) may do on the S3 server: objects, listings and
 * reading the bucket's settings. Changing the bucket itself goes through Atelier, which checks it
 * (public access block, object lock, billing) and keeps its record in step with the server.
 */
export const KEY_ACTIONS = [
  's3:GetObject', 's3:GetObjectVersion', 's3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion',
  's3:GetObjectAcl', 's3:GetObjectAttributes', 's3:GetObjectVersionAttributes',
  's3:GetObjectTagging', 's3:GetObjectVersionTagging', 's3:PutObjectTagging', 's3:PutObjectVersionTagging', 's3:DeleteObjectTagging', 's3:DeleteObjectVersionTagging',
  's3:AbortMultipartUpload', 's3:ListMultipartUploadParts', 's3:ListBucketMultipartUploads', 's3:RestoreObject',
  's3:GetObjectLegalHold', 's3:PutObjectLegalHold', 's3:GetObjectRetention', 's3:PutObjectRetention', 's3:BypassGovernanceRetention',
  's3:ListBucket', 's3:ListBucketVersions', 's3:GetBucketLocation', 's3:GetBucketVersioning', 's3:GetBucketTagging', 's3:GetBucketCORS',
  's3:GetBucketWebsite', 's3:GetBucketObjectLockConfiguration', 's3:GetBucketOwnershipControls', 's3:GetBucketAcl',
];

/**
 * Refused to everyone but the server's root (which the server never checks against a policy, and
 * which only Atelier holds), whatever else a policy allows: an explicit Deny wins over any Allow,
 * so neither a key nor a grant in the customer's policy nor an anonymous caller can reconfigure,
 * open or delete the bucket behind Atelier's back. Bucket ACLs and object ACLs are included, as
 * either could make objects public.
 */
export const CONFIGURATION_ACTIONS = [
  's3:PutBucketPolicy', 's3:DeleteBucketPolicy', 's3:PutBucketVersioning', 's3:PutBucketAcl', 's3:PutObjectAcl', 's3:PutBucketCORS',
  's3:PutBucketWebsite', 's3:DeleteBucketWebsite', 's3:PutBucketTagging', 's3:PutBucketOwnershipControls', 's3:PutBucketObjectLockConfiguration',
  's3:DeleteBucket', 's3:PutLifecycleConfiguration', 's3:PutEncryptionConfiguration', 's3:PutBucketLogging', 's3:PutBucketNotification',
  's3:PutReplicationConfiguration', 's3:PutAccelerateConfiguration', 's3:PutBucketRequestPayment', 's3:PutBucketPublicAccessBlock',
  's3:PutIntelligentTieringConfiguration', 's3:PutAnalyticsConfiguration', 's3:PutInventoryConfiguration', 's3:PutMetricsConfiguration',
];

/**
 * Who may use the bucket on the S3 server: one statement granting every live key the object
 * operations, one refusing bucket configuration to all, merged with the customer's own policy
 * (PUT …/policy). Keys in a grace period stay until they expire.
 */
export async function syncAccessPolicy(deps: Deps, bucket: S3Bucket): Promise<void> {
  const s3 = s3For(deps);
  const keys = await deps.db
    .selectFrom('s3_credentials')
    .select('access_key_id')
    .where('bucket_id', '=', bucket.id)
    .where('status', 'in', ['active', 'expiring'])
    .execute();
  const userPolicy = (bucket.settings.policy as { Statement?: unknown[] } | undefined) ?? undefined;
  const statements: unknown[] = [...(userPolicy?.Statement ?? [])];
  const resources = [`arn:aws:s3:::${bucket.server_bucket}`, `arn:aws:s3:::${bucket.server_bucket}/*`];
  if (s3.admin) {
    // The bucket's live keys, the user presigned URLs are signed as (never the root), and the one
    // replication copies are made as.
    await s3.ensurePresigner();
    statements.unshift(
      { Sid: 'AtelierAccessKeys', Effect: 'Allow', Principal: { AWS: [...keys.map((k) => k.access_key_id), s3.presignerKeyId, s3.replicatorKeyId] }, Action: KEY_ACTIONS, Resource: resources },
      { Sid: 'AtelierBucketConfiguration', Effect: 'Deny', Principal: '*', Action: CONFIGURATION_ACTIONS, Resource: resources },
    );
  }
  if (statements.length === 0) {
    await s3.root.send(new DeleteBucketPolicyCommand({ Bucket: bucket.server_bucket }));
    return;
  }
  await s3.root.send(new PutBucketPolicyCommand({ Bucket: bucket.server_bucket, Policy: JSON.stringify({ Version: '2012-10-17', Statement: statements }) }));
}

/** A new key pair for the bucket, real on the server before it is recorded (and returned once). */
async function issueKey(deps: Deps, bucket: S3Bucket, label: string) {
  const s3 = s3For(deps);
  const pair = newKeyPair();
  if (s3.admin) {
    await s3.admin.createUser(pair.access, pair.secret);
    await s3.admin.changeBucketOwner(bucket.server_bucket, pair.access);
  }
  await deps.db.insertInto('s3_credentials').values({ access_key_id: pair.access, bucket_id: bucket.id, account_id: bucket.account_id, label, status: 'active' }).execute();
  return pair;
}

async function revokeKeys(deps: Deps, keys: string[]): Promise<void> {
  const s3 = s3For(deps);
  for (const key of keys) {
    if (s3.admin) await s3.admin.deleteUser(key);
    await deps.db.updateTable('s3_credentials').set({ status: 'revoked', revoked_at: new Date() }).where('access_key_id', '=', key).execute();
  }
}

/** Keys whose grace period is over stop working on the server (run by the hourly sweep and on reads). */
export async function expireKeys(deps: Deps, bucketId?: string): Promise<number> {
  let q = deps.db.selectFrom('s3_credentials').select(['access_key_id', 'bucket_id']).where('status', '=', 'expiring').where('expires_at', '<=', new Date());
  if (bucketId) q = q.where('bucket_id', '=', bucketId);
  const due = await q.execute();
  if (due.length === 0) return 0;
  await revokeKeys(deps, due.map((d) => d.access_key_id));
  for (const id of new Set(due.map((d) => d.bucket_id))) {
    const bucket = await deps.db.selectFrom('s3_buckets').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (bucket) await syncAccessPolicy(deps, bucket);
  }
  return due.length;
}

export function planLimit(tier: TierDefinition) {
  return PLAN_BUCKET_LIMITS[tier.slug] ?? { plan: tier.name, buckets: 1, invoice: false };
}

/**
 * POST /buy: checks (region, plan caps, buy rate), the reservation deposit, the
 * real bucket with its settings and first key, then the rows. A failure after the deposit gives it
 * back and removes what was created, so a refused buy moves no money and leaves nothing behind.
 */
export async function buyBucket(deps: Deps, accountId: string, tier: TierDefinition, input: BuyInput) {
  const cfg = deps.config.storage;
  if (!cfg.availableRegions.includes(input.region)) {
    throw coded(400, 'region_unavailable', `Region '${input.region}' is not available for new buckets; see GET /v1/storage/s3/regions.`, { region: input.region, available_regions: cfg.availableRegions });
  }
  const plan = planLimit(tier);
  if (input.billing_mode === 'invoice_monthly' && !plan.invoice) {
    throw coded(402, 'plan_gate_exceeded', 'Monthly invoicing is available on the Pro and Enterprise plans.', { plan: plan.plan, billing_mode: input.billing_mode });
  }
  const counts = await deps.db
    .selectFrom('s3_buckets')
    .select([
      sql<number>`count(*) filter (where deleted_at is null)::int`.as('live'),
      sql<number>`count(*) filter (where created_at > now() - interval '1 minute')::int`.as('recent'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (counts.live >= plan.buckets) {
    throw coded(402, 'plan_gate_exceeded', `Your plan (${plan.plan}) allows ${plan.buckets} object-store bucket${plan.buckets === 1 ? '' : 's'}.`, { plan: plan.plan, limit: plan.buckets, current: counts.live });
  }
  // Store creation through buy, 3 per minute per account (configurable).
  if (counts.recent >= cfg.buysPerMinute) {
    throw coded(429, 'rate_limit_exceeded', `At most ${cfg.buysPerMinute} buckets can be created per minute.`, { retry_after: 60 }, { 'Retry-After': '60' });
  }

  const id = randomUUID();
  const serverBucket = `${cfg.bucketPrefix}-${id.replace(/-/g, '')}`;
  const reservation = input.billing_mode === 'wallet' ? reservationMicros(input.quota_gb, input.default_storage_class) : 0;
  const reservationOp = `s3_bucket_reservation:${id}`;
  if (reservation > 0) {
    await chargeWallet(
      deps.db,
      { accountId, amountMicros: reservation, operationId: reservationOp, operation: 's3_bucket_reservation', label: 's3_bucket_reservation', metadata: { bucket_id: id, quota_gb: input.quota_gb, storage_class: input.default_storage_class } },
      { baseUrl: deps.config.publicBaseUrl },
    );
  }

  const s3 = s3For(deps);
  let created = false;
  try {
    await s3.ensureBucket(serverBucket);
    created = true;
    if (input.versioning_enabled) await s3.root.send(new PutBucketVersioningCommand({ Bucket: serverBucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const tagSet = Object.entries(input.tags).map(([Key, Value]) => ({ Key, Value }));
    if (tagSet.length) await s3.root.send(new PutBucketTaggingCommand({ Bucket: serverBucket, Tagging: { TagSet: tagSet } }));
    const settings: Record<string, unknown> = {
      versioning: { status: input.versioning_enabled ? 'Enabled' : 'Suspended', mfa_delete: input.mfa_delete_enabled ? 'Enabled' : 'Disabled', ever_enabled: input.versioning_enabled },
      encryption: { algorithm: input.encryption_type === 'aws:kms' ? 'aws:kms' : 'AES256', kms_master_key_id: input.encryption_kms_key_id ?? null, bucket_key_enabled: false },
      public_access_block: { block_public_acls: input.block_public_access, ignore_public_acls: input.block_public_access, block_public_policy: input.block_public_access, restrict_public_buckets: input.block_public_access },
    };
    const bucket = await deps.db
      .insertInto('s3_buckets')
      .values({
        id,
        account_id: accountId,
        display_name: input.display_name,
        description: input.description ?? null,
        server_bucket: serverBucket,
        region: input.region,
        status: 'active',
        storage_class: input.default_storage_class,
        quota_gb: input.quota_gb,
        billing_mode: input.billing_mode,
        block_public_access: input.block_public_access,
        mfa_delete_enabled: input.mfa_delete_enabled,
        tags: JSON.stringify(input.tags),
        settings: JSON.stringify(settings),
        reservation_micros: reservation,
        reservation_operation_id: reservation > 0 ? reservationOp : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const pair = await issueKey(deps, bucket, 'default');
    await syncAccessPolicy(deps, bucket);
    return { bucket, pair, reservationMicros: reservation };
  } catch (err) {
    await deps.db.deleteFrom('s3_buckets').where('id', '=', id).execute().catch(() => undefined);
    if (created) {
      await s3.deleteAll(serverBucket, '', { versions: true }).catch(() => undefined);
      await s3.root.send(new DeleteBucketCommand({ Bucket: serverBucket })).catch(() => undefined);
      s3.forget(serverBucket);
    }
    if (reservation > 0) {
      await refundCharge(deps.db, { accountId, chargeOperationId: reservationOp, operationId: `${reservationOp}:failed`, label: 's3_bucket_reservation_refund', metadata: { bucket_id: id, reason: 'provisioning failed' } });
    }
    throw err;
  }
}

export function provisionView(deps: Deps, bucket: S3Bucket, pair: { access: string; secret: string }, reservation: number): ProvisionView {
  const cfg = deps.config.storage;
  const endpoint = cfg.publicEndpoint;
  return {
    bucket: { id: bucket.id, aws_bucket_name: bucket.server_bucket, region: bucket.region, status: bucket.status, display_name: bucket.display_name },
    access_key_id: pair.access,
    secret_access_key: pair.secret,
    endpoint,
    region: bucket.region,
    signing_region: cfg.region,
    s3_uri: `s3://${bucket.server_bucket}`,
    example_aws_cli: `AWS_ACCESS_KEY_ID=${pair.access} AWS_SECRET_ACCESS_KEY=${pair.secret} aws --endpoint-url ${endpoint} --region ${cfg.region} s3 cp ./photo.png s3://${bucket.server_bucket}/photos/photo.png`,
    example_boto3: [
      'import boto3',
      'from botocore.config import Config',
      `s3 = boto3.client("s3", endpoint_url="${endpoint}", region_name="${cfg.region}", aws_access_key_id="${pair.access}", aws_secret_access_key="${pair.secret}", config=Config(s3={"addressing_style": "path"}))`,
      `s3.upload_file("photo.png", "${bucket.server_bucket}", "photos/photo.png")`,
      `print(s3.list_objects_v2(Bucket="${bucket.server_bucket}")["KeyCount"])`,
    ].join('\n'),
    billing_mode: bucket.billing_mode,
    reservation_usd: microsToUsd(reservation),
    warning: 'Store the secret access key now: it is shown only once. Regenerate keys if it is lost.',
  };
}

/** Remaining deposit: what was held minus the storage hours drawn from it. */
export async function reservationRemaining(deps: Deps, bucket: S3Bucket): Promise<number> {
  const used = await deps.db
    .selectFrom('storage_accruals')
    .select(sql<number>`coalesce(sum(from_reservation_micros), 0)::bigint`.as('used'))
    .where('subject', '=', `s3:${bucket.id}`)
    .executeTakeFirstOrThrow();
  return Math.max(0, bucket.reservation_micros - Number(used.used));
}

/** Live usage, measured on the server; cached on the row for the list view and the metrics. */
export async function measureUsage(deps: Deps, bucket: S3Bucket): Promise<UsageView> {
  const totals = await s3For(deps).totals(bucket.server_bucket, '', transitionedClass(bucket));
  const now = new Date();
  await deps.db.updateTable('s3_buckets').set({ used_bytes: totals.bytes, object_count: totals.objects, usage_updated_at: now }).where('id', '=', bucket.id).execute();
  await recordSizeSample(deps, bucket.id, totals.bytes, totals.objects, now);
  return {
    bucket_id: bucket.id,
    total_objects: totals.objects,
    total_bytes: totals.bytes,
    total_gb: Math.round((totals.bytes / 1024 ** 3) * 1e6) / 1e6,
    quota_gb: bucket.quota_gb,
    usage_percent: Math.round((totals.bytes / (bucket.quota_gb * 1024 ** 3)) * 100 * 1e4) / 1e4,
    by_storage_class: totals.byStorageClass,
    last_updated: now.toISOString(),
  };
}

/**
 * DELETE: only empty buckets; revokes every key; returns the unused deposit. The row is claimed
 * before anything else, so of concurrent deletes exactly one reaches the server and refunds; the
 * others answer 409 `bucket_busy` while it runs and 404 once the bucket is gone.
 */
export async function deleteS3Bucket(deps: Deps, bucket: S3Bucket): Promise<BucketDeletedView> {
  const s3 = s3For(deps);
  const claimed = await deps.db
    .updateTable('s3_buckets')
    .set({ status: 'deleting', updated_at: new Date() })
    .where('id', '=', bucket.id)
    .where('status', '!=', 'deleting')
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const now = await deps.db.selectFrom('s3_buckets').select('deleted_at').where('id', '=', bucket.id).executeTakeFirst();
    if (!now || now.deleted_at) throw notFound();
    throw coded(409, 'bucket_busy', 'The bucket is already being deleted.');
  }
  // A bucket already gone from the server (an earlier delete that stopped half-way) is finished here.
  const gone = (err: unknown) => err instanceof S3ServiceException && err.name === 'NoSuchBucket';
  try {
    const versions = await s3.root.send(new ListObjectVersionsCommand({ Bucket: bucket.server_bucket, MaxKeys: 1 })).catch((err: unknown) => {
      if (gone(err)) return { Versions: [], DeleteMarkers: [] };
      throw mapS3Error(err);
    });
    const objects = (versions.Versions?.length ?? 0) + (versions.DeleteMarkers?.length ?? 0);
    if (objects > 0) throw coded(409, 'bucket_not_empty', 'The bucket still holds objects (or object versions); delete them first.', { bucket_id: bucket.id });
    const keys = await deps.db.selectFrom('s3_credentials').select('access_key_id').where('bucket_id', '=', bucket.id).where('status', '!=', 'revoked').execute();
    await revokeKeys(deps, keys.map((k) => k.access_key_id));
    await s3.root.send(new DeleteBucketCommand({ Bucket: bucket.server_bucket })).catch((err: unknown) => {
      if (!gone(err)) throw mapS3Error(err);
    });
    s3.forget(bucket.server_bucket);
    const remaining = await reservationRemaining(deps, bucket);
    if (remaining > 0 && bucket.reservation_operation_id) {
      // The deposit may be several charges (creation, upgrades): refund them newest first.
      const charges = await deps.db
        .selectFrom('ledger_entries')
        .select(['operation_id', 'amount_micros'])
        .where('account_id', '=', bucket.account_id)
        .where('kind', '=', 'charge')
        .where('operation_id', 'like', `${bucket.reservation_operation_id}%`)
        .orderBy('id', 'desc')
        .execute();
      let left = remaining;
      for (const c of charges) {
        if (left <= 0) break;
        const amount = Math.min(left, -c.amount_micros);
        await refundCharge(deps.db, {
          accountId: bucket.account_id,
          chargeOperationId: c.operation_id,
          operationId: `${c.operation_id}:release`,
          amountMicros: amount,
          label: 's3_bucket_reservation_refund',
          metadata: { bucket_id: bucket.id },
        });
        left -= amount;
      }
    }
    await deps.db.updateTable('s3_buckets').set({ status: 'deleted', deleted_at: new Date(), updated_at: new Date() }).where('id', '=', bucket.id).execute();
    return { id: bucket.id, deleted: true, credentials_revoked: keys.length, reservation_refund_usd: microsToUsd(remaining), refunded_to: bucket.billing_mode === 'wallet' ? 'wallet' : null };
  } catch (err) {
    await deps.db.updateTable('s3_buckets').set({ status: 'active' }).where('id', '=', bucket.id).where('deleted_at', 'is', null).execute();
    throw err;
  }
}

/** POST regenerate-keys: a new pair; old keys expire after the grace period or at once. */
export async function regenerateKeys(deps: Deps, bucket: S3Bucket, input: { label?: string; revoke_old_immediately: boolean; grace_period_days: number }): Promise<RegeneratedKeysView> {
  const old = await deps.db.selectFrom('s3_credentials').select('access_key_id').where('bucket_id', '=', bucket.id).where('status', '=', 'active').execute();
  const label = input.label ?? `rotated ${new Date().toISOString().slice(0, 10)}`;
  const pair = await issueKey(deps, bucket, label);
  let expiresAt: Date | null = null;
  const oldKeys = old.map((o) => o.access_key_id);
  if (oldKeys.length) {
    if (input.revoke_old_immediately || input.grace_period_days === 0) {
      await revokeKeys(deps, oldKeys);
    } else {
      expiresAt = new Date(Date.now() + input.grace_period_days * 86_400_000);
      await deps.db.updateTable('s3_credentials').set({ status: 'expiring', expires_at: expiresAt }).where('access_key_id', 'in', oldKeys).execute();
    }
  }
  await syncAccessPolicy(deps, bucket);
  return {
    new_credentials: { access_key_id: pair.access, secret_access_key: pair.secret, label },
    old_key_expires_at: oldKeys.length ? (expiresAt ?? new Date()).toISOString() : null,
    old_keys: oldKeys,
    revoked_immediately: oldKeys.length > 0 && expiresAt === null,
  };
}

/**
 * POST upgrade: a larger quota (or another class) raises the deposit to 1.5 days of the new
 * full-quota cost; the difference is charged first (402 when the wallet cannot cover it, nothing
 * changed), then the bucket is updated.
 */
export async function upgradeBucket(deps: Deps, bucket: S3Bucket, input: { quota_gb?: number; default_storage_class?: StorageClass }) {
  const quota = input.quota_gb ?? bucket.quota_gb;
  const cls = (input.default_storage_class ?? bucket.storage_class) as StorageClass;
  let reservation = bucket.reservation_micros;
  let charged = 0;
  if (bucket.billing_mode === 'wallet') {
    const wanted = reservationMicros(quota, cls);
    if (wanted > reservation) {
      charged = wanted - reservation;
      const base = bucket.reservation_operation_id ?? `s3_bucket_reservation:${bucket.id}`;
      await chargeWallet(
        deps.db,
        { accountId: bucket.account_id, amountMicros: charged, operationId: `${base}:upgrade:${quota}:${cls}`, operation: 's3_bucket_reservation', label: 's3_bucket_reservation', metadata: { bucket_id: bucket.id, quota_gb: quota, storage_class: cls, upgrade: true } },
        { baseUrl: deps.config.publicBaseUrl },
      );
      reservation = wanted;
    }
  }
  const updated = await deps.db
    .updateTable('s3_buckets')
    .set({ quota_gb: quota, storage_class: cls, reservation_micros: reservation, reservation_operation_id: bucket.reservation_operation_id ?? (charged ? `s3_bucket_reservation:${bucket.id}` : null), updated_at: new Date() })
    .where('id', '=', bucket.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { updated, chargedMicros: charged };
}
