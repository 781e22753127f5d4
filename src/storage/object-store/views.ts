// What the object-store routes (/v1/storage/s3) answer (route({ response })). Values read back from
// the server or from a bucket's stored settings carry no input limits here: a response schema says
// what the answer holds, the request schemas (settings.ts) say what may be sent.
import { z } from 'zod';
import { isoTime, usd } from '../../infra/http/views';

const nullableTime = isoTime.nullable();

// ---- buckets and their keys ---------------------------------------------------------------------

/** A bucket as the list shows it. */
export const BucketRow = z.object({
  id: z.string(),
  display_name: z.string(),
  region: z.string(),
  status: z.string().describe('`active`; `deleting` while a delete runs'),
  storage_class: z.string().describe('The default storage class of new objects'),
  quota_gb: z.number().int(),
  used_bytes: z.number().int().describe('As last measured on the server'),
  created_at: isoTime,
});
export type BucketRow = z.output<typeof BucketRow>;

export const BucketListView = z.object({ buckets: z.array(BucketRow) });

/** An access key of the bucket (never its secret). */
export const CredentialRow = z.object({
  access_key_id: z.string(),
  label: z.string(),
  created_at: isoTime,
  last_used: nullableTime,
  status: z.enum(['active', 'expiring', 'revoked']),
  expires_at: nullableTime.describe('When an `expiring` key stops working'),
});
export type CredentialRow = z.output<typeof CredentialRow>;

export const CredentialListView = z.object({ credentials: z.array(CredentialRow) });

/** POST /buy: the bucket and its first key (the secret is shown this once). */
export const ProvisionView = z.object({
  bucket: z.object({ id: z.string(), aws_bucket_name: z.string(), region: z.string(), status: z.string(), display_name: z.string() }),
  access_key_id: z.string(),
  secret_access_key: z.string().describe('Shown only in this answer'),
  endpoint: z.string().describe('The S3 endpoint the key works against'),
  region: z.string(),
  signing_region: z.string().describe('The region S3 clients sign requests for'),
  s3_uri: z.string(),
  example_aws_cli: z.string(),
  example_boto3: z.string(),
  billing_mode: z.enum(['wallet', 'invoice_monthly']),
  reservation_usd: usd.describe('The deposit held from the wallet (0 for invoice_monthly)'),
  warning: z.string(),
});
export type ProvisionView = z.output<typeof ProvisionView>;

/** Live usage, counted on the server. */
export const UsageView = z.object({
  bucket_id: z.string(),
  total_objects: z.number().int(),
  total_bytes: z.number().int(),
  total_gb: z.number(),
  quota_gb: z.number().int(),
  usage_percent: z.number(),
  by_storage_class: z.record(z.string(), z.object({ objects: z.number().int(), bytes: z.number().int() })).describe('Keyed by storage class (lifecycle transitions included)'),
  last_updated: isoTime,
});
export type UsageView = z.output<typeof UsageView>;

export const Enforced = z.enum(['server', 'atelier', 'recorded', 'not_available']);
/** `enforced`, and for a setting this deployment cannot carry out, a `note` saying why. */
const enforcement = { enforced: Enforced, note: z.string().optional().describe('Why the setting has no effect here (only when `not_available`)') };

export const UpgradeView = BucketRow.extend({
  previous: z.object({ quota_gb: z.number().int(), storage_class: z.string() }),
  reservation_charged_usd: usd.describe('What raising the deposit took from the wallet'),
  reservation_held_usd: usd,
});

export const BucketDeletedView = z.object({
  id: z.string(),
  deleted: z.literal(true),
  credentials_revoked: z.number().int(),
  reservation_refund_usd: usd,
  refunded_to: z.literal('wallet').nullable(),
});
export type BucketDeletedView = z.output<typeof BucketDeletedView>;

export const RegeneratedKeysView = z.object({
  new_credentials: z.object({ access_key_id: z.string(), secret_access_key: z.string().describe('Shown only in this answer'), label: z.string() }),
  old_key_expires_at: nullableTime.describe('When the previous keys stop working (null when there were none)'),
  old_keys: z.array(z.string()),
  revoked_immediately: z.boolean(),
});
export type RegeneratedKeysView = z.output<typeof RegeneratedKeysView>;

/** The metrics a bucket's GET …/metrics answers, by their S3 names. */
export const METRICS = ['BucketSizeBytes', 'NumberOfObjects', 'AllRequests', 'GetRequests', 'PutRequests', '4xxErrors', '5xxErrors', 'BytesDownloaded', 'BytesUploaded'] as const;
export type MetricName = (typeof METRICS)[number];

export const MetricView = z.object({
  metric: z.enum(METRICS),
  statistic: z.enum(['Sum', 'Maximum']),
  unit: z.enum(['Bytes', 'Count']),
  period: z.number().int().describe('Seconds per datapoint'),
  start: isoTime,
  end: isoTime,
  source: z.string(),
  datapoints: z.array(z.object({ timestamp: isoTime, value: z.number() })).describe('Oldest first; periods without data are left out'),
});
export type MetricView = z.output<typeof MetricView>;

export const StorageEstimateView = z.object({
  region: z.string(),
  storage_class: z.string(),
  period_days: z.number().int(),
  usd_pln_rate: z.number(),
  line_items: z.array(
    z.object({ label: z.string(), quantity: z.number(), unit: z.string(), unit_price_usd: z.number(), unit_price_pln: z.number(), amount_usd: z.number(), amount_pln: z.number() }),
  ),
  subtotal_usd: z.number(),
  subtotal_pln: z.number(),
  flat_fee_pln: z.number(),
  total_usd: z.number().describe('Without the flat fee'),
  total_pln: z.number().describe('With the flat fee'),
});
export type StorageEstimateView = z.output<typeof StorageEstimateView>;

// ---- objects, multipart uploads and versions ------------------------------------------------------

export const ObjectListView = z.object({
  objects: z.array(
    z.object({ key: z.string(), size: z.number().int(), last_modified: nullableTime, storage_class: z.string().describe('After lifecycle transitions'), etag: z.string().nullable() }),
  ),
  common_prefixes: z.array(z.string()),
  is_truncated: z.boolean(),
  continuation_token: z.string().nullable().describe('For the next page, while is_truncated'),
  key_count: z.number().int(),
});
export type ObjectListView = z.output<typeof ObjectListView>;

export const PresignedUploadView = z.object({
  upload_url: z.string(),
  method: z.literal('PUT'),
  key: z.string(),
  expires_at: isoTime,
  headers: z.record(z.string(), z.string()).describe('Headers the upload must send as they were signed'),
});
export type PresignedUploadView = z.output<typeof PresignedUploadView>;

export const PresignedDownloadView = z.object({
  url: z.string(),
  key: z.string(),
  version_id: z.string().nullable(),
  size: z.number().int().nullable(),
  expires_at: isoTime,
});
export type PresignedDownloadView = z.output<typeof PresignedDownloadView>;

export const DeletedObjectsView = z.object({
  deleted: z.array(z.object({ key: z.string(), version_id: z.string().nullable(), delete_marker: z.boolean() })),
  errors: z.array(z.object({ key: z.string().nullable(), version_id: z.string().nullable(), code: z.string().nullable(), message: z.string().nullable() })),
});
export type DeletedObjectsView = z.output<typeof DeletedObjectsView>;

export const CopiedObjectView = z.object({
  key: z.string(),
  source_key: z.string(),
  etag: z.string().nullable(),
  last_modified: nullableTime,
  version_id: z.string().nullable(),
});
export type CopiedObjectView = z.output<typeof CopiedObjectView>;

export const MultipartCreatedView = z.object({ upload_id: z.string(), key: z.string(), bucket_id: z.string() });
export type MultipartCreatedView = z.output<typeof MultipartCreatedView>;

export const PartUrlView = z.object({ url: z.string(), method: z.literal('PUT'), part_number: z.number().int(), upload_id: z.string(), expires_at: isoTime });
export type PartUrlView = z.output<typeof PartUrlView>;

export const MultipartCompletedView = z.object({ key: z.string(), etag: z.string().nullable(), version_id: z.string().nullable(), parts: z.number().int() });
export type MultipartCompletedView = z.output<typeof MultipartCompletedView>;

export const MultipartAbortedView = z.object({ upload_id: z.string(), key: z.string(), aborted: z.literal(true) });
export type MultipartAbortedView = z.output<typeof MultipartAbortedView>;

export const VersionListView = z.object({
  versions: z.array(
    z.object({ key: z.string(), version_id: z.string().describe('`null` (the string) for an object written before versioning'), is_latest: z.boolean(), size: z.number().int(), last_modified: nullableTime, etag: z.string().nullable() }),
  ),
  delete_markers: z.array(z.object({ key: z.string(), version_id: z.string(), is_latest: z.boolean(), last_modified: nullableTime })),
  is_truncated: z.boolean(),
  next_key_marker: z.string().nullable(),
  next_version_id_marker: z.string().nullable(),
});
export type VersionListView = z.output<typeof VersionListView>;

export const RestoredVersionView = z.object({ key: z.string(), restored_version_id: z.string(), new_version_id: z.string().nullable(), etag: z.string().nullable() });
export type RestoredVersionView = z.output<typeof RestoredVersionView>;

export const DeletedVersionView = z.object({ key: z.string(), version_id: z.string(), deleted: z.literal(true), permanent: z.literal(true) });
export type DeletedVersionView = z.output<typeof DeletedVersionView>;

// ---- configuration --------------------------------------------------------------------------------

const policyJson = z.record(z.string(), z.unknown());

export const PolicyView = z.object({ bucket_id: z.string(), enforced: z.literal('server'), policy_json: policyJson.nullable().describe('null when the bucket has no policy of its own') });
export const PolicySetView = PolicyView.extend({ warnings: z.array(z.string()) });
export const PolicyCheckView = z.object({ valid: z.boolean(), warnings: z.array(z.string()), errors: z.array(z.string()) });

/** DELETE of a configuration section (or the policy). */
export const SectionDeletedView = z.object({ bucket_id: z.string(), deleted: z.literal(true) });

const switchStatus = z.enum(['Enabled', 'Suspended']);
const ruleStatus = z.enum(['Enabled', 'Disabled']);
const filters = { filter_prefix: z.string().optional(), filter_suffix: z.string().optional() };
const arnTarget = z.object({ arn: z.string(), events: z.array(z.string()), ...filters });

/** What each section of the plain GET / PUT (/ DELETE) routes keeps: what its PUT accepted, or its default. */
const SectionValues = {
  cors: z.object({
    rules: z.array(
      z.object({
        id: z.string().optional(),
        allowed_methods: z.array(z.string()),
        allowed_origins: z.array(z.string()),
        allowed_headers: z.array(z.string()),
        expose_headers: z.array(z.string()),
        max_age_seconds: z.number().int().optional(),
      }),
    ),
  }),
  public_access_block: z.object({ block_public_acls: z.boolean(), ignore_public_acls: z.boolean(), block_public_policy: z.boolean(), restrict_public_buckets: z.boolean() }),
  ownership: z.object({ ownership: z.enum(['BucketOwnerEnforced', 'BucketOwnerPreferred', 'ObjectWriter']) }),
  versioning: z.object({
    status: switchStatus.describe("The server's state (a bucket never versioned is Suspended)"),
    mfa_delete: z.enum(['Enabled', 'Disabled']).optional(),
    ever_enabled: z.boolean().optional().describe('Whether versioning was ever on (objects may have versions)'),
  }),
  encryption: z.object({ algorithm: z.enum(['AES256', 'aws:kms', 'aws:kms:dsse']), kms_master_key_id: z.string().nullable().optional(), bucket_key_enabled: z.boolean() }),
  object_lock: z.object({
    enabled: z.boolean(),
    mode: z.enum(['GOVERNANCE', 'COMPLIANCE']).nullable().optional(),
    retention_days: z.number().int().nullable().optional(),
    retention_years: z.number().int().nullable().optional(),
  }),
  tags: z.object({ tags: z.array(z.object({ key: z.string(), value: z.string() })) }),
  logging: z.object({ enabled: z.boolean(), target_bucket: z.string().nullable().optional(), target_prefix: z.string() }),
  accelerate: z.object({ status: switchStatus }),
  request_payment: z.object({ payer: z.enum(['BucketOwner', 'Requester']) }),
  lifecycle: z.object({
    rules: z.array(
      z.object({
        id: z.string(),
        status: ruleStatus,
        prefix: z.string(),
        transitions: z.array(z.object({ days: z.number().int(), storage_class: z.string() })),
        expiration: z.object({ days: z.number().int() }).optional(),
        noncurrent_version_transitions: z.array(z.object({ noncurrent_days: z.number().int(), storage_class: z.string() })),
        noncurrent_version_expiration: z.object({ noncurrent_days: z.number().int() }).optional(),
        abort_incomplete_multipart_upload: z.object({ days_after_initiation: z.number().int() }).optional(),
      }),
    ),
  }),
  website: z.object({
    index_document: z.string().optional(),
    error_document: z.string().optional(),
    redirect_all_requests_to: z.object({ host_name: z.string(), protocol: z.enum(['http', 'https']).optional() }).optional(),
    routing_rules: z.array(
      z.object({
        condition: z.object({ key_prefix_equals: z.string() }).optional(),
        redirect: z.object({ replace_key_prefix_with: z.string().optional(), host_name: z.string().optional(), http_redirect_code: z.string().optional() }),
      }),
    ),
  }),
  notifications: z.object({
    webhooks: z.array(z.object({ id: z.string().optional(), webhook_id: z.string(), events: z.array(z.string()), ...filters })),
    queues: z.array(z.object({ id: z.string().optional(), connection_id: z.string(), broker: z.string(), topic: z.string(), events: z.array(z.string()), ...filters })),
    sns: z.array(arnTarget),
    sqs: z.array(arnTarget),
    lambda: z.array(arnTarget),
    event_bridge_enabled: z.boolean(),
  }),
  replication: z.object({
    role: z.string().optional(),
    rules: z.array(
      z.object({
        id: z.string(),
        status: ruleStatus,
        priority: z.number().int(),
        prefix: z.string().optional(),
        destination: z.object({ bucket: z.string(), storage_class: z.string().optional() }).optional(),
        delete_marker_replication: ruleStatus.optional(),
      }),
    ),
  }),
};

/** GET / PUT of a section: the bucket, how the section is enforced, and the section's fields. */
function sectionView<S extends z.ZodRawShape>(value: z.ZodObject<S>) {
  return z.object({ bucket_id: z.string(), ...enforcement, ...value.shape });
}
/** A section with no default answers `value: null` until it is set (and after DELETE). */
const unsetSection = z.object({ bucket_id: z.string(), ...enforcement, value: z.null() });

/** Every section the plain GET / PUT (/ DELETE) routes serve, by its name in the settings. */
export const SectionViews = {
  cors: sectionView(SectionValues.cors),
  public_access_block: sectionView(SectionValues.public_access_block).or(unsetSection),
  ownership: sectionView(SectionValues.ownership),
  versioning: sectionView(SectionValues.versioning),
  encryption: sectionView(SectionValues.encryption).or(unsetSection),
  object_lock: sectionView(SectionValues.object_lock),
  tags: sectionView(SectionValues.tags),
  logging: sectionView(SectionValues.logging),
  accelerate: sectionView(SectionValues.accelerate),
  request_payment: sectionView(SectionValues.request_payment),
  lifecycle: sectionView(SectionValues.lifecycle),
  website: sectionView(SectionValues.website).or(unsetSection),
  notifications: sectionView(SectionValues.notifications),
  replication: sectionView(SectionValues.replication).or(unsetSection),
};
export type SectionName = keyof typeof SectionViews;
export type SectionView<N extends SectionName> = z.input<(typeof SectionViews)[N]>;

export const ReplicationStatusView = z.object({
  bucket_id: z.string(),
  objects: z.array(
    z.object({
      rule_id: z.string(),
      key: z.string(),
      version_id: z.string().nullable(),
      op: z.enum(['put', 'delete']),
      status: z.enum(['PENDING', 'COMPLETED', 'FAILED', 'SKIPPED']),
      destination_bucket: z.string().nullable(),
      updated_at: isoTime,
      error: z.string().optional().describe('Why it FAILED or was SKIPPED'),
    }),
  ),
});
export type ReplicationStatusView = z.output<typeof ReplicationStatusView>;

export const AclView = z.object({
  bucket_id: z.string(),
  enforced: z.literal('server'),
  read_only: z.literal(true),
  owner: z.object({ id: z.string().nullable(), display_name: z.string().nullable() }),
  grants: z.array(z.object({ grantee: z.object({ type: z.string().nullable(), id: z.string().nullable(), uri: z.string().nullable() }), permission: z.string().nullable() })),
});
export type AclView = z.output<typeof AclView>;

const TieringConfiguration = z.object({
  id: z.string(),
  status: ruleStatus,
  prefix: z.string().optional(),
  tag: z.object({ key: z.string(), value: z.string() }).optional(),
  tierings: z.array(z.object({ days: z.number().int(), access_tier: z.enum(['ARCHIVE_ACCESS', 'DEEP_ARCHIVE_ACCESS']) })),
});
export type TieringConfiguration = z.output<typeof TieringConfiguration>;

export const IntelligentTieringView = z.object({
  bucket_id: z.string(),
  ...enforcement,
  configurations: z.array(TieringConfiguration),
});
export const TieringDeletedView = z.object({ bucket_id: z.string(), id: z.string(), deleted: z.literal(true) });

/** An access point as the bucket's settings keep it. */
const StoredAccessPoint = z.object({
  name: z.string(),
  vpc_id: z.string().optional(),
  block_public_access: z.boolean(),
  alias: z.string(),
  created_at: isoTime,
  policy_json: policyJson.nullable(),
});
export type StoredAccessPoint = z.output<typeof StoredAccessPoint>;

export const AccessPointView = z.object({
  bucket_id: z.string(),
  name: z.string(),
  alias: z.string(),
  vpc_id: z.string().nullable(),
  network_origin: z.enum(['VPC', 'Internet']),
  block_public_access: z.boolean(),
  has_policy: z.boolean(),
  created_at: isoTime,
  ...enforcement,
});
export type AccessPointView = z.output<typeof AccessPointView>;
export const AccessPointListView = z.object({ access_points: z.array(AccessPointView) });
export const AccessPointDeletedView = z.object({ bucket_id: z.string(), name: z.string(), deleted: z.literal(true) });
export const AccessPointPolicyView = z.object({ name: z.string(), ...enforcement, policy_json: policyJson.nullable() });
export const AccessPointPolicyDeletedView = z.object({ name: z.string(), deleted: z.literal(true) });

// ---- the bucket detail ----------------------------------------------------------------------------

/** A section in the bucket detail: how it is enforced and its value (as the section's own GET has it). */
const configured = <V extends z.ZodType>(value: V) => z.object({ ...enforcement, value });

const BucketConfiguration = z.object({
  policy: configured(policyJson.nullable()),
  cors: configured(SectionValues.cors),
  public_access_block: configured(SectionValues.public_access_block.nullable()),
  ownership: configured(SectionValues.ownership),
  acl: z.object(enforcement).describe('Read-only: GET …/acl answers the grants'),
  versioning: configured(SectionValues.versioning),
  encryption: configured(SectionValues.encryption.nullable()),
  object_lock: configured(SectionValues.object_lock),
  tags: configured(SectionValues.tags),
  logging: configured(SectionValues.logging),
  accelerate: configured(SectionValues.accelerate),
  request_payment: configured(SectionValues.request_payment),
  intelligent_tiering: configured(z.array(TieringConfiguration)),
  lifecycle: configured(SectionValues.lifecycle),
  website: configured(SectionValues.website.nullable()),
  notifications: configured(SectionValues.notifications),
  access_points: configured(z.record(z.string(), StoredAccessPoint)).describe('Keyed by access point name'),
  replication: configured(SectionValues.replication.nullable()),
});
export type BucketConfiguration = z.input<typeof BucketConfiguration>;

export const BucketDetailView = BucketRow.extend({
  description: z.string().nullable(),
  aws_bucket_name: z.string(),
  endpoint: z.string(),
  signing_region: z.string(),
  s3_uri: z.string(),
  billing_mode: z.enum(['wallet', 'invoice_monthly']),
  block_public_access: z.boolean(),
  mfa_delete_enabled: z.boolean(),
  tags: z.record(z.string(), z.string()),
  object_count: z.number().int(),
  reservation: z.object({ held_usd: usd, remaining_usd: usd }),
  usage: UsageView,
  configuration: BucketConfiguration.describe('Every configuration section by name: how it is enforced and what is set'),
  credentials: z.array(CredentialRow),
  updated_at: isoTime,
});
