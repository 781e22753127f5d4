import {
  DeleteBucketCorsCommand,
  DeleteBucketTaggingCommand,
  DeleteBucketWebsiteCommand,
  GetBucketAclCommand,
  GetBucketVersioningCommand,
  PutBucketCorsCommand,
  PutBucketOwnershipControlsCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutBucketWebsiteCommand,
  PutObjectLockConfigurationCommand,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { coded } from '../../infra/http/errors';
import { s3For } from '../context';
import { STORAGE_CLASS_NAMES } from './catalog';
import { syncAccessPolicy } from './buckets';
import { QUEUE_BROKERS } from './notify-queues';
import { s3Call } from './objects';
import { grantsEveryone, policyStatements } from './policy-principals';
import type { BucketConfiguration, SectionName, SectionView } from './views';

/**
 * Bucket configuration. Every section is validated here and kept on the bucket row
 * (`settings`), so GET answers what was set; sections the S3 server implements are also applied
 * there (`enforced: 'server'`), a few are enforced by Atelier itself, the rest are recorded.
 */
export type Enforcement = 'server' | 'atelier' | 'recorded' | 'not_available';

const notificationEvents = z.array(z.string().regex(/^s3:[A-Za-z]+:(\*|[A-Za-z]+)$/, 'events look like s3:ObjectCreated:*')).min(1).max(20);
const httpMethod = z.enum(['GET', 'PUT', 'POST', 'DELETE', 'HEAD']);
const storageClass = z.enum(STORAGE_CLASS_NAMES);
const days = z.number().int().min(1).max(36500);

export const schemas = {
  policy: z.object({ policy_json: z.record(z.string(), z.unknown()) }),
  cors: z.object({
    rules: z
      .array(
        z.object({
          id: z.string().max(255).optional(),
          allowed_methods: z.array(httpMethod).min(1),
          allowed_origins: z.array(z.string().min(1).max(1024)).min(1),
          allowed_headers: z.array(z.string().min(1).max(1024)).default([]),
          expose_headers: z.array(z.string().min(1).max(1024)).default([]),
          max_age_seconds: z.number().int().min(0).max(86400).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  public_access_block: z.object({ block_public_acls: z.boolean(), ignore_public_acls: z.boolean(), block_public_policy: z.boolean(), restrict_public_buckets: z.boolean() }),
  ownership: z.object({ ownership: z.enum(['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter']) }),
  versioning: z.object({ status: z.enum(['Enabled', 'Suspended']), mfa_delete: z.enum(['Enabled', 'Disabled']).optional() }),
  encryption: z
    .object({ algorithm: z.enum(['AES256', 'aws:kms', 'aws:kms:dsse']), kms_master_key_id: z.string().min(1).max(2048).optional(), bucket_key_enabled: z.boolean().default(false) })
    .refine((e) => e.algorithm === 'AES256' || e.kms_master_key_id, { message: 'kms_master_key_id is required for aws:kms and aws:kms:dsse', path: ['kms_master_key_id'] }),
  object_lock: z
    .object({
      enabled: z.boolean(),
      mode: z.enum(['GOVERNANCE', 'COMPLIANCE']).optional(),
      retention_days: days.optional(),
      retention_years: z.number().int().min(1).max(100).optional(),
    })
    .refine((o) => !(o.retention_days !== undefined && o.retention_years !== undefined), { message: 'give retention_days or retention_years, not both', path: ['retention_years'] })
    .refine((o) => o.mode === undefined || o.retention_days !== undefined || o.retention_years !== undefined, { message: 'a mode needs retention_days or retention_years', path: ['retention_days'] })
    .refine((o) => o.mode !== undefined || (o.retention_days === undefined && o.retention_years === undefined), { message: 'a retention needs a mode', path: ['mode'] }),
  tags: z.object({
    tags: z
      .array(z.object({ key: z.string().min(1).max(128).refine((k) => !k.startsWith('aws:'), 'keys starting with aws: are reserved'), value: z.string().max(256) }))
      .max(50)
      .refine((t) => new Set(t.map((x) => x.key)).size === t.length, 'tag keys must be unique'),
  }),
  logging: z
    .object({ enabled: z.boolean(), target_bucket: z.string().min(3).max(63).optional(), target_prefix: z.string().max(1024).default('') })
    .refine((l) => !l.enabled || l.target_bucket, { message: 'target_bucket is required when logging is enabled', path: ['target_bucket'] }),
  accelerate: z.object({ status: z.enum(['Enabled', 'Suspended']) }),
  request_payment: z.object({ payer: z.enum(['BucketOwner', 'Requester']) }),
  intelligent_tiering: z.object({
    id: z.string().min(1).max(64).regex(/^[A-Za-z0-9._-]+$/),
    status: z.enum(['Enabled', 'Disabled']),
    prefix: z.string().max(1024).optional(),
    tag: z.object({ key: z.string().min(1).max(128), value: z.string().max(256) }).optional(),
    tierings: z.array(z.object({ days: z.number().int().min(90).max(9999), access_tier: z.enum(['ARCHIVE_ACCESS', 'DEEP_ARCHIVE_ACCESS']) })).min(1).max(2),
  }),
  lifecycle: z.object({
    rules: z
      .array(
        z.object({
          id: z.string().min(1).max(255),
          status: z.enum(['Enabled', 'Disabled']),
          prefix: z.string().max(1024).default(''),
          transitions: z.array(z.object({ days: z.number().int().min(0).max(36500), storage_class: storageClass })).default([]),
          expiration: z.object({ days: days }).optional(),
          noncurrent_version_transitions: z.array(z.object({ noncurrent_days: days, storage_class: storageClass })).default([]),
          noncurrent_version_expiration: z.object({ noncurrent_days: days }).optional(),
          abort_incomplete_multipart_upload: z.object({ days_after_initiation: days }).optional(),
        }),
      )
      .min(1)
      .max(1000)
      .refine((r) => new Set(r.map((x) => x.id)).size === r.length, 'rule ids must be unique'),
  }),
  website: z
    .object({
      index_document: z.string().min(1).max(1024).optional(),
      error_document: z.string().min(1).max(1024).optional(),
      redirect_all_requests_to: z.object({ host_name: z.string().min(1).max(255), protocol: z.enum(['http', 'https']).optional() }).optional(),
      routing_rules: z
        .array(z.object({ condition: z.object({ key_prefix_equals: z.string().max(1024) }).optional(), redirect: z.object({ replace_key_prefix_with: z.string().max(1024).optional(), host_name: z.string().max(255).optional(), http_redirect_code: z.string().regex(/^3\d\d$/).optional() }) }))
        .max(50)
        .default([]),
    })
    .refine((w) => Boolean(w.index_document) !== Boolean(w.redirect_all_requests_to), { message: 'give either index_document or redirect_all_requests_to', path: ['index_document'] }),
  notifications: z.object({
    webhooks: z
      .array(
        z.object({
          id: z.string().min(1).max(64).optional(),
          webhook_id: z.string().min(1).max(100),
          events: notificationEvents,
          filter_prefix: z.string().max(1024).optional(),
          filter_suffix: z.string().max(1024).optional(),
        }),
      )
      .max(100)
      .default([]),
    queues: z
      .array(
        z.object({
          id: z.string().min(1).max(64).optional(),
          connection_id: z.string().min(1).max(100),
          broker: z.enum(QUEUE_BROKERS),
          topic: z.string().min(1).max(255).describe('queue (RabbitMQ), topic (MQTT), subject (NATS) or list key (Redis)'),
          events: notificationEvents,
          filter_prefix: z.string().max(1024).optional(),
          filter_suffix: z.string().max(1024).optional(),
        }),
      )
      .max(100)
      .default([]),
    sns: z.array(notificationTarget('sns')).max(100).default([]),
    sqs: z.array(notificationTarget('sqs')).max(100).default([]),
    lambda: z.array(notificationTarget('lambda')).max(100).default([]),
    event_bridge_enabled: z.boolean().default(false),
  }),
  access_point: z.object({
    name: z.string().min(3).max(50).regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lowercase letters, digits and hyphens, not starting or ending with a hyphen'),
    vpc_id: z.string().regex(/^vpc-[0-9a-f]{8,17}$/).optional(),
    block_public_access: z.boolean().default(true),
  }),
  access_point_policy: z.object({ policy_json: z.record(z.string(), z.unknown()) }),
  replication: z.object({
    role: z.string().max(2048).optional(),
    rules: z
      .array(
        z.object({
          id: z.string().min(1).max(255),
          status: z.enum(['Enabled', 'Disabled']),
          priority: z.number().int().min(0).max(2147483647),
          prefix: z.string().max(1024).optional(),
          destination: z.object({ bucket: z.string().min(3).max(255), storage_class: storageClass.optional() }).optional(),
          delete_marker_replication: z.enum(['Enabled', 'Disabled']).optional(),
        }),
      )
      .min(1)
      .max(1000)
      .refine((r) => new Set(r.map((x) => x.id)).size === r.length, 'rule ids must be unique')
      .refine((r) => new Set(r.map((x) => x.priority)).size === r.length, 'rule priorities must be unique'),
  }),
};

function notificationTarget(service: 'sns' | 'sqs' | 'lambda') {
  return z.object({
    arn: z.string().regex(new RegExp(`^arn:aws:${service}:[a-z0-9-]+:\\d{12}:[A-Za-z0-9_:.-]+$`), `must be an ${service.toUpperCase()} ARN`),
    events: notificationEvents,
    filter_prefix: z.string().max(1024).optional(),
    filter_suffix: z.string().max(1024).optional(),
  });
}

/** Which sections reach the server, which Atelier enforces, which are recorded (README mirrors this). */
export const ENFORCEMENT: Record<string, Enforcement> = {
  policy: 'server',
  cors: 'server',
  public_access_block: 'atelier',
  ownership: 'server',
  acl: 'server',
  versioning: 'server',
  encryption: 'not_available',
  object_lock: 'server',
  tags: 'server',
  logging: 'atelier',
  accelerate: 'not_available',
  request_payment: 'not_available',
  intelligent_tiering: 'not_available',
  lifecycle: 'atelier',
  website: 'not_available',
  notifications: 'atelier',
  access_points: 'not_available',
  replication: 'atelier',
};

/**
 * What a single self-hosted S3 endpoint cannot do, said where the setting is read: the value is
 * kept (so tools that set it do not fail) and has no effect.
 */
export const NOT_AVAILABLE: Record<string, string> = {
  encryption: 'The storage server writes objects to its disk as they are; there is no server-side encryption or KMS. Encrypt the volume it stores on (or encrypt objects before upload).',
  accelerate: 'There is one endpoint and no edge network to accelerate transfers through.',
  request_payment: "Every request is paid by the bucket's owner; requesters are not billed.",
  intelligent_tiering: 'Objects are not tracked by access; use lifecycle transitions to move objects to cheaper classes by age.',
  access_points: 'The storage server has one endpoint and no access-point hostnames or aliases; grant access with the bucket policy and bucket keys.',
  website: 'The configuration is handed to the storage server, so tools that read it back find it, but nothing here serves a bucket as a website: no index or error document is served and no routing rule redirects. Put a CDN or web server in front of the bucket for that.',
};

export const DEFAULTS: Record<string, unknown> = {
  cors: { rules: [] },
  ownership: { ownership: 'BucketOwnerEnforced' },
  versioning: { status: 'Suspended', mfa_delete: 'Disabled' },
  object_lock: { enabled: false, mode: null, retention_days: null, retention_years: null },
  tags: { tags: [] },
  logging: { enabled: false, target_bucket: null, target_prefix: '' },
  accelerate: { status: 'Suspended' },
  request_payment: { payer: 'BucketOwner' },
  intelligent_tiering: [],
  lifecycle: { rules: [] },
  website: null,
  notifications: { webhooks: [], queues: [], sns: [], sqs: [], lambda: [], event_bridge_enabled: false },
  access_points: {},
  replication: null,
};

export function section(bucket: S3Bucket, name: string): unknown {
  return bucket.settings[name] ?? DEFAULTS[name] ?? null;
}

export async function saveSection(deps: Deps, bucket: S3Bucket, name: string, value: unknown): Promise<S3Bucket> {
  const settings = { ...bucket.settings };
  if (value === undefined) delete settings[name];
  else settings[name] = value;
  return deps.db
    .updateTable('s3_buckets')
    .set({ settings: JSON.stringify(settings), updated_at: new Date() })
    .where('id', '=', bucket.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * GET and PUT of a section: how it is enforced and what is stored (what its PUT accepted, or the
 * default); a section with no default that was never set answers `value: null`.
 */
export function view<N extends SectionName>(bucket: S3Bucket, name: N): SectionView<N> {
  const value = section(bucket, name);
  return { bucket_id: bucket.id, ...enforcement(name), ...(value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value }) } as SectionView<N>;
}

/**
 * Every section for the bucket detail: how it is enforced and its stored value (the acl has none
 * here: GET …/acl reads it from the server).
 */
export function configurationOf(bucket: S3Bucket): BucketConfiguration {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(ENFORCEMENT)) {
    out[name] = name === 'acl' ? enforcement(name) : { ...enforcement(name), value: name === 'policy' ? policyOf(bucket) : section(bucket, name) };
  }
  // Stored sections are what their PUT schemas accepted, or their defaults.
  return out as BucketConfiguration;
}

/** The bucket's own policy statements, null when it has none. */
export function policyOf(bucket: S3Bucket): Record<string, unknown> | null {
  return (bucket.settings.policy as Record<string, unknown> | undefined) ?? null;
}

/** `enforced`, and for settings this deployment cannot carry out, a `note` saying why. */
export function enforcement(name: string): { enforced: Enforcement; note?: string } {
  const note = NOT_AVAILABLE[name];
  return { enforced: ENFORCEMENT[name] ?? 'recorded', ...(note ? { note } : {}) };
}

// ---- policy -----------------------------------------------------------------------------------

const POLICY_ACTION = /^s3:(\*|[A-Za-z*]+)$/;

/** Structural checks of a bucket policy, plus warnings for broad grants (POST …/policy/validate). */
export function validatePolicy(bucket: S3Bucket, policy: Record<string, unknown>) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const arn = `arn:aws:s3:::${bucket.server_bucket}`;
  if (policy.Version !== undefined && policy.Version !== '2012-10-17' && policy.Version !== '2008-10-17') errors.push('Version must be "2012-10-17"');
  const statements = policyStatements(policy);
  if (!statements || statements.length === 0) errors.push('Statement must be a non-empty array');
  let publicGrant = false;
  (statements ?? []).forEach((raw, i) => {
    const s = raw as Record<string, unknown>;
    const where = `Statement[${i}]`;
    if (!s || typeof s !== 'object') return errors.push(`${where} must be an object`);
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') errors.push(`${where}.Effect must be "Allow" or "Deny"`);
    if (s.Sid === 'AtelierAccessKeys') errors.push(`${where}.Sid "AtelierAccessKeys" is reserved`);
    const actions = ([] as unknown[]).concat(s.Action ?? []);
    if (actions.length === 0) errors.push(`${where}.Action is required`);
    for (const a of actions) if (typeof a !== 'string' || !POLICY_ACTION.test(a)) errors.push(`${where}.Action ${JSON.stringify(a)} is not an s3 action`);
    const resources = ([] as unknown[]).concat(s.Resource ?? []);
    if (resources.length === 0) errors.push(`${where}.Resource is required`);
    for (const r of resources) {
      if (typeof r !== 'string' || !(r === arn || r.startsWith(`${arn}/`))) errors.push(`${where}.Resource ${JSON.stringify(r)} must be ${arn} or ${arn}/<key pattern>`);
    }
    const principal = s.Principal;
    if (principal === undefined) errors.push(`${where}.Principal is required`);
    if (grantsEveryone(s)) {
      publicGrant = true;
      warnings.push(`${where} grants access to everyone (a wildcard principal, or NotPrincipal)`);
    }
    if (actions.includes('s3:*') && s.Effect === 'Allow') warnings.push(`${where} allows every s3 action`);
    if (s.Condition !== undefined) warnings.push(`${where}.Condition is stored, and the storage server may not evaluate every condition key`);
  });
  return { valid: errors.length === 0, errors, warnings, public: publicGrant };
}

export async function putPolicy(deps: Deps, bucket: S3Bucket, policy: Record<string, unknown>) {
  const result = validatePolicy(bucket, policy);
  if (!result.valid) throw coded(400, 'malformed_policy', 'The policy is not valid.', { errors: result.errors });
  const pab = section(bucket, 'public_access_block') as { block_public_policy?: boolean } | null;
  if (result.public && pab?.block_public_policy) {
    throw coded(403, 'public_policy_blocked', 'Public access is blocked on this bucket (block_public_policy); a policy granting access to everyone is refused.');
  }
  const updated = await saveSection(deps, bucket, 'policy', { Version: '2012-10-17', ...policy });
  await s3Call(() => syncAccessPolicy(deps, updated));
  return { updated, warnings: result.warnings };
}

export async function deletePolicy(deps: Deps, bucket: S3Bucket) {
  const updated = await saveSection(deps, bucket, 'policy', undefined);
  await s3Call(() => syncAccessPolicy(deps, updated));
  return updated;
}

// ---- sections applied on the server ----------------------------------------------------------

export async function applyCors(deps: Deps, bucket: S3Bucket, value: z.output<typeof schemas.cors> | null) {
  const s3 = s3For(deps).root;
  if (value === null) return s3Call(() => s3.send(new DeleteBucketCorsCommand({ Bucket: bucket.server_bucket })));
  await s3Call(() =>
    s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket.server_bucket,
        CORSConfiguration: {
          CORSRules: value.rules.map((r) => ({
            ID: r.id,
            AllowedMethods: r.allowed_methods,
            AllowedOrigins: r.allowed_origins,
            AllowedHeaders: r.allowed_headers.length ? r.allowed_headers : undefined,
            ExposeHeaders: r.expose_headers.length ? r.expose_headers : undefined,
            MaxAgeSeconds: r.max_age_seconds,
          })),
        },
      }),
    ),
  );
}

export async function applyOwnership(deps: Deps, bucket: S3Bucket, value: z.output<typeof schemas.ownership>) {
  await s3Call(() => s3For(deps).root.send(new PutBucketOwnershipControlsCommand({ Bucket: bucket.server_bucket, OwnershipControls: { Rules: [{ ObjectOwnership: value.ownership }] } })));
}

export async function readAcl(deps: Deps, bucket: S3Bucket) {
  const acl = await s3Call(() => s3For(deps).root.send(new GetBucketAclCommand({ Bucket: bucket.server_bucket })));
  return {
    owner: { id: acl.Owner?.ID ?? null, display_name: acl.Owner?.DisplayName ?? null },
    grants: (acl.Grants ?? []).map((g) => ({ grantee: { type: g.Grantee?.Type ?? null, id: g.Grantee?.ID ?? null, uri: g.Grantee?.URI ?? null }, permission: g.Permission ?? null })),
  };
}

export async function applyVersioning(deps: Deps, bucket: S3Bucket, value: z.output<typeof schemas.versioning>) {
  const lock = section(bucket, 'object_lock') as { enabled?: boolean };
  if (value.status === 'Suspended' && lock.enabled) throw coded(409, 'invalid_bucket_state', 'Versioning cannot be suspended on a bucket with object lock.');
  await s3Call(() => s3For(deps).root.send(new PutBucketVersioningCommand({ Bucket: bucket.server_bucket, VersioningConfiguration: { Status: value.status } })));
}

/**
 * The bucket's versioning as the server has it (the server is the one that keeps or drops old
 * versions); the row follows when the two disagree, so later checks (object lock, replication) act
 * on the truth. A bucket never versioned answers no status: that is `Suspended` here.
 */
export async function readVersioning(deps: Deps, bucket: S3Bucket): Promise<S3Bucket> {
  const recorded = section(bucket, 'versioning') as { status: string; ever_enabled?: boolean };
  const server = await s3Call(() => s3For(deps).root.send(new GetBucketVersioningCommand({ Bucket: bucket.server_bucket })));
  const status = server.Status === 'Enabled' ? 'Enabled' : 'Suspended';
  if (status === recorded.status) return bucket;
  return saveSection(deps, bucket, 'versioning', { ...recorded, status, ever_enabled: Boolean(recorded.ever_enabled) || status === 'Enabled' });
}

const retentionDays = (o: { retention_days?: number | null; retention_years?: number | null }) => o.retention_days ?? (o.retention_years ? o.retention_years * 365 : 0);

/**
 * COMPLIANCE retention cannot be shortened or removed by anyone, this API included;
 * once on, object lock stays on (as on S3). Versioning is switched on first when needed.
 */
export async function applyObjectLock(deps: Deps, bucket: S3Bucket, value: z.output<typeof schemas.object_lock>) {
  const current = section(bucket, 'object_lock') as { enabled: boolean; mode: string | null; retention_days: number | null; retention_years: number | null };
  if (current.enabled && !value.enabled) throw coded(409, 'object_lock_cannot_be_disabled', 'Object lock cannot be turned off once enabled.');
  if (current.mode === 'COMPLIANCE') {
    if (value.mode !== 'COMPLIANCE' || retentionDays(value) < retentionDays(current)) {
      throw coded(409, 'compliance_retention_locked', 'COMPLIANCE retention cannot be shortened, weakened or removed — by anyone.', {
        current: { mode: current.mode, retention_days: current.retention_days, retention_years: current.retention_years },
      });
    }
  }
  if (!value.enabled) return;
  const s3 = s3For(deps).root;
  const versioning = section(bucket, 'versioning') as { status: string };
  if (versioning.status !== 'Enabled') {
    await s3Call(() => s3.send(new PutBucketVersioningCommand({ Bucket: bucket.server_bucket, VersioningConfiguration: { Status: 'Enabled' } })));
    await saveSection(deps, bucket, 'versioning', { ...versioning, status: 'Enabled' });
  }
  await s3Call(() =>
    s3.send(
      new PutObjectLockConfigurationCommand({
        Bucket: bucket.server_bucket,
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled',
          Rule: value.mode ? { DefaultRetention: { Mode: value.mode, Days: value.retention_days, Years: value.retention_years } } : undefined,
        },
      }),
    ),
  );
}

export async function applyTags(deps: Deps, bucket: S3Bucket, tags: { key: string; value: string }[]) {
  const s3 = s3For(deps).root;
  if (tags.length === 0) await s3Call(() => s3.send(new DeleteBucketTaggingCommand({ Bucket: bucket.server_bucket })));
  else await s3Call(() => s3.send(new PutBucketTaggingCommand({ Bucket: bucket.server_bucket, Tagging: { TagSet: tags.map((t) => ({ Key: t.key, Value: t.value })) } })));
  await deps.db.updateTable('s3_buckets').set({ tags: JSON.stringify(Object.fromEntries(tags.map((t) => [t.key, t.value]))) }).where('id', '=', bucket.id).execute();
}

export async function applyWebsite(deps: Deps, bucket: S3Bucket, value: z.output<typeof schemas.website> | null) {
  const s3 = s3For(deps).root;
  if (value === null) return s3Call(() => s3.send(new DeleteBucketWebsiteCommand({ Bucket: bucket.server_bucket })));
  await s3Call(() =>
    s3.send(
      new PutBucketWebsiteCommand({
        Bucket: bucket.server_bucket,
        WebsiteConfiguration: value.redirect_all_requests_to
          ? { RedirectAllRequestsTo: { HostName: value.redirect_all_requests_to.host_name, Protocol: value.redirect_all_requests_to.protocol } }
          : {
              IndexDocument: { Suffix: value.index_document! },
              ErrorDocument: value.error_document ? { Key: value.error_document } : undefined,
              RoutingRules: value.routing_rules.length
                ? value.routing_rules.map((r) => ({
                    Condition: r.condition ? { KeyPrefixEquals: r.condition.key_prefix_equals } : undefined,
                    Redirect: { ReplaceKeyPrefixWith: r.redirect.replace_key_prefix_with, HostName: r.redirect.host_name, HttpRedirectCode: r.redirect.http_redirect_code },
                  }))
                : undefined,
            },
      }),
    ),
  );
}
