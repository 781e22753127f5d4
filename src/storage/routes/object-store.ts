import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { coded, notFound, validationFailed } from '../../infra/http/errors';
import { route } from '../../infra/http/route';
import type { AuthContext } from '../../platform/auth/context';
import { requireSession } from '../../platform/auth/enforce';
import { DEFAULT_TIER } from '../../platform/tiers/tiers';
import { estimate, pricingTable, RegionView, regionRows, STORAGE_CLASS_NAMES, StoragePricingView } from '../object-store/catalog';
import {
  bucketRow,
  buyBucket,
  credentialRow,
  deleteS3Bucket,
  expireKeys,
  getS3Bucket,
  listS3Buckets,
  measureUsage,
  provisionView,
  regenerateKeys,
  reservationRemaining,
  upgradeBucket,
} from '../object-store/buckets';
import { queryMetric, recordRequest, type RequestKind } from '../object-store/metrics';
import { checkQueueTargets, checkWebhookTargets } from '../object-store/notifications';
import * as objects from '../object-store/objects';
import { destinationBucket, replicationStatuses } from '../object-store/replication';
import * as cfg from '../object-store/settings';
import { grantsEveryone, policyStatements } from '../object-store/policy-principals';
import { microsToUsd } from '../../platform/billing/money';
import * as views from '../object-store/views';

const expiresIn = z.number().int().min(60).max(604800).default(3600);
const objectKey = z.string().min(1).max(1024);
const metadata = z.record(z.string().regex(/^[A-Za-z0-9-_]{1,128}$/, 'metadata keys are letters, digits, - and _'), z.string().max(2048)).optional();
const storageClass = z.enum(STORAGE_CLASS_NAMES);

const buyBody = z
  .object({
    display_name: z.string().trim().min(1).max(100),
    description: z.string().max(1000).optional(),
    region: z.string().min(1).max(64).default('eu-central-1'),
    default_storage_class: storageClass.default('STANDARD'),
    quota_gb: z.number().int().min(1).max(1048576),
    versioning_enabled: z.boolean().default(false),
    encryption_type: z.enum(['SSE-S3', 'aws:kms']).default('SSE-S3'),
    encryption_kms_key_id: z.string().min(1).max(2048).optional(),
    block_public_access: z.boolean().default(true),
    mfa_delete_enabled: z.boolean().default(false),
    billing_mode: z.enum(['wallet', 'invoice_monthly']).default('wallet'),
    tags: z.record(z.string().min(1).max(128), z.string().max(256)).default({}).refine((t) => Object.keys(t).length <= 50, 'at most 50 tags'),
  })
  .refine((b) => b.encryption_type !== 'aws:kms' || b.encryption_kms_key_id, { message: 'encryption_kms_key_id is required for aws:kms', path: ['encryption_kms_key_id'] });

type Out<K extends keyof typeof cfg.schemas> = z.output<(typeof cfg.schemas)[K]>;

const bucketParams = z.object({ bucket_id: z.string().min(1).max(100) });

/** Which counter a route feeds (GET …/metrics). */
const KIND: Record<string, RequestKind> = {
  'objects/list': 'get',
  'objects/presign-download': 'get',
  'objects/presign-upload': 'put',
  'objects/copy': 'put',
  'objects/delete': 'other',
  'multipart/create': 'put',
  'multipart/presign-part': 'put',
  'multipart/complete': 'put',
  'multipart/abort': 'other',
};

/** The object-store family under /v1/storage/s3 (session token). */
export function objectStoreRoutes(deps: Deps): Router {
  const router = Router();
  const base = '/storage/s3';

  router.use(base, (req: Request, _res: Response, next: NextFunction) => {
    requireSession(req.auth as AuthContext, 'The object-store API');
    next();
  });

  router.get(`${base}/pricing`, route({ response: StoragePricingView }, () => pricingTable(deps.config.storage)));
  router.get(`${base}/regions`, route({ response: z.array(RegionView) }, () => regionRows(deps.config.storage)));

  router.post(
    `${base}/estimate`,
    route(
      {
        body: z.object({
          region: z.string().min(1).max(64).default('eu-central-1'),
          storage_class: storageClass,
          storage_gb: z.number().min(0).max(1048576),
          put_requests: z.number().int().min(0).default(0),
          get_requests: z.number().int().min(0).default(0),
          egress_gb: z.number().min(0).default(0),
          retrieval_gb: z.number().min(0).default(0),
          period_days: z.number().int().min(1).max(366).default(30),
        }),
        response: views.StorageEstimateView,
      },
      ({ body }) => {
        if (!regionRows(deps.config.storage).some((r) => r.region === body.region)) throw coded(400, 'unknown_region', `Region '${body.region}' is not in the region list.`);
        return estimate(deps.config.storage, body);
      },
    ),
  );

  router.post(
    `${base}/buy`,
    route({ body: buyBody, status: 201, response: views.ProvisionView }, async ({ body, auth, req }) => {
      const tier = req.accountTier?.tier ?? DEFAULT_TIER;
      const { bucket, pair, reservationMicros } = await buyBucket(deps, auth.accountId, tier, body);
      return provisionView(deps, bucket, pair, reservationMicros);
    }),
  );

  router.get(
    `${base}/buckets`,
    route({ response: views.BucketListView }, async ({ auth }) => ({ buckets: (await listS3Buckets(deps, auth.accountId)).map(bucketRow) })),
  );

  // Every /buckets/:bucket_id route: the bucket (404 for others' or unknown ids), and counters.
  const bucketRoutes = Router({ mergeParams: true });
  router.use(`${base}/buckets/:bucket_id`, async (req: Request, res: Response, next: NextFunction) => {
    try {
      const params = bucketParams.parse(req.params);
      const bucket = await getS3Bucket(deps, (req.auth as AuthContext).accountId, params.bucket_id);
      res.locals.s3Bucket = bucket;
      const sub = req.path.replace(/^\/+|\/+$/g, '');
      const kind = KIND[sub];
      if (kind) {
        res.on('finish', () => {
          const body = req.body as { content_length?: number } | undefined;
          recordRequest(deps, bucket.id, { kind, status: res.statusCode, bytesUp: sub === 'objects/presign-upload' && res.statusCode < 400 ? (body?.content_length ?? 0) : 0 }).catch((err: unknown) =>
            deps.logger.warn({ err }, 'could not record bucket metrics'),
          );
        });
      }
      next();
    } catch (err) {
      next(err instanceof z.ZodError ? notFound() : err);
    }
  }, bucketRoutes);

  const bucketOf = (res: Response) => res.locals.s3Bucket as Awaited<ReturnType<typeof getS3Bucket>>;
  const fresh = (res: Response) => getS3Bucket(deps, bucketOf(res).account_id, bucketOf(res).id);

  bucketRoutes.get(
    '/',
    route({ response: views.BucketDetailView }, async ({ res }) => {
      const bucket = await cfg.readVersioning(deps, bucketOf(res));
      await expireKeys(deps, bucket.id);
      const credentials = await deps.db.selectFrom('s3_credentials').selectAll().where('bucket_id', '=', bucket.id).orderBy('created_at', 'asc').execute();
      return {
        ...bucketRow(bucket),
        description: bucket.description,
        aws_bucket_name: bucket.server_bucket,
        endpoint: deps.config.storage.publicEndpoint,
        signing_region: deps.config.storage.region,
        s3_uri: `s3://${bucket.server_bucket}`,
        billing_mode: bucket.billing_mode,
        block_public_access: bucket.block_public_access,
        mfa_delete_enabled: bucket.mfa_delete_enabled,
        tags: bucket.tags,
        object_count: bucket.object_count,
        reservation: { held_usd: microsToUsd(bucket.reservation_micros), remaining_usd: microsToUsd(await reservationRemaining(deps, bucket)) },
        usage: await measureUsage(deps, bucket),
        configuration: cfg.configurationOf(bucket),
        credentials: credentials.map(credentialRow),
        updated_at: bucket.updated_at.toISOString(),
      };
    }),
  );

  bucketRoutes.post(
    '/upgrade',
    route({ body: z.object({ quota_gb: z.number().int().min(1).max(1048576).optional(), default_storage_class: storageClass.optional() }), response: views.UpgradeView }, async ({ body, res }) => {
      const bucket = bucketOf(res);
      if (body.quota_gb === undefined && body.default_storage_class === undefined) throw validationFailed([{ type: 'missing', loc: ['body', 'quota_gb'], msg: 'give quota_gb and/or default_storage_class', input: undefined }]);
      if (body.quota_gb !== undefined && body.quota_gb <= bucket.quota_gb) {
        throw coded(400, 'quota_must_increase', `quota_gb must exceed the current quota (${bucket.quota_gb} GB).`, { current_quota_gb: bucket.quota_gb });
      }
      const { updated, chargedMicros } = await upgradeBucket(deps, bucket, body);
      return { ...bucketRow(updated), previous: { quota_gb: bucket.quota_gb, storage_class: bucket.storage_class }, reservation_charged_usd: microsToUsd(chargedMicros), reservation_held_usd: microsToUsd(updated.reservation_micros) };
    }),
  );

  bucketRoutes.delete('/', route({ response: views.BucketDeletedView }, ({ res }) => deleteS3Bucket(deps, bucketOf(res))));

  bucketRoutes.get(
    '/credentials',
    route({ response: views.CredentialListView }, async ({ res }) => {
      await expireKeys(deps, bucketOf(res).id);
      const rows = await deps.db.selectFrom('s3_credentials').selectAll().where('bucket_id', '=', bucketOf(res).id).orderBy('created_at', 'asc').execute();
      return { credentials: rows.map(credentialRow) };
    }),
  );

  bucketRoutes.post(
    '/regenerate-keys',
    route(
      { body: z.object({ label: z.string().trim().min(1).max(100).optional(), revoke_old_immediately: z.boolean().default(false), grace_period_days: z.number().int().min(0).max(30).default(7) }), status: 201, response: views.RegeneratedKeysView },
      ({ body, res }) => regenerateKeys(deps, bucketOf(res), body),
    ),
  );

  bucketRoutes.get('/usage', route({ response: views.UsageView }, ({ res }) => measureUsage(deps, bucketOf(res))));

  bucketRoutes.get(
    '/metrics',
    route(
      {
        query: z.object({
          metric: z.enum(views.METRICS).default('BucketSizeBytes'),
          start: z.iso.datetime({ offset: true }).optional(),
          end: z.iso.datetime({ offset: true }).optional(),
          period: z.coerce.number().int().min(60).max(31_536_000).default(86400),
        }),
        response: views.MetricView,
      },
      ({ query, res }) => {
        const end = query.end ? new Date(query.end) : new Date();
        const start = query.start ? new Date(query.start) : new Date(end.getTime() - 7 * 86_400_000);
        if (start >= end) throw coded(400, 'invalid_range', 'start must be before end.');
        return queryMetric(deps, bucketOf(res).id, { metric: query.metric, start, end, period: query.period });
      },
    ),
  );

  // ---- objects and multipart --------------------------------------------------------------------

  bucketRoutes.post(
    '/objects/list',
    route(
      { body: z.object({ prefix: z.string().max(1024).default(''), continuation_token: z.string().max(2048).optional(), max_keys: z.number().int().min(1).max(1000).default(1000), delimiter: z.string().min(1).max(16).optional() }), response: views.ObjectListView },
      ({ body, res }) => objects.listObjects(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/objects/presign-upload',
    route(
      { body: z.object({ key: objectKey, content_type: z.string().min(1).max(255).optional(), content_length: z.number().int().min(0).max(5 * 1024 ** 4).optional(), expires_in: expiresIn, storage_class: storageClass.optional(), metadata }), response: views.PresignedUploadView },
      ({ body, res }) => objects.presignUpload(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/objects/presign-download',
    route(
      { body: z.object({ key: objectKey, version_id: z.string().min(1).max(1024).optional(), expires_in: expiresIn, response_content_disposition: z.string().max(1024).optional() }), response: views.PresignedDownloadView },
      ({ body, res }) => objects.presignDownload(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/objects/delete',
    route(
      {
        body: z
          .object({ keys: z.array(objectKey).min(1).max(1000), version_ids: z.array(z.string().max(1024)).max(1000).optional() })
          .refine((b) => !b.version_ids || b.version_ids.length === b.keys.length, { message: 'version_ids must have the same length as keys', path: ['version_ids'] }),
        response: views.DeletedObjectsView,
      },
      ({ body, res }) => objects.deleteObjects(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/objects/copy',
    route(
      { body: z.object({ source_key: objectKey, dest_key: objectKey, source_version_id: z.string().max(1024).optional(), metadata_directive: z.enum(['COPY', 'REPLACE']).default('COPY'), metadata, content_type: z.string().max(255).optional() }), response: views.CopiedObjectView },
      ({ body, res }) => objects.copyObject(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/multipart/create',
    route({ body: z.object({ key: objectKey, content_type: z.string().max(255).optional(), storage_class: storageClass.optional(), metadata }), status: 201, response: views.MultipartCreatedView }, ({ body, res }) =>
      objects.createMultipart(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/multipart/presign-part',
    route({ body: z.object({ upload_id: z.string().min(1).max(1024), key: objectKey, part_number: z.number().int().min(1).max(10000), expires_in: expiresIn }), response: views.PartUrlView }, ({ body, res }) =>
      objects.presignPart(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/multipart/complete',
    route(
      {
        body: z.object({
          upload_id: z.string().min(1).max(1024),
          key: objectKey,
          parts: z
            .array(z.object({ part_number: z.number().int().min(1).max(10000), etag: z.string().min(1).max(256) }))
            .min(1)
            .max(10000)
            .refine((p) => new Set(p.map((x) => x.part_number)).size === p.length, 'part numbers must be unique'),
        }),
        response: views.MultipartCompletedView,
      },
      ({ body, res }) => objects.completeMultipart(deps, bucketOf(res), body),
    ),
  );
  bucketRoutes.post(
    '/multipart/abort',
    route({ body: z.object({ upload_id: z.string().min(1).max(1024), key: objectKey }), response: views.MultipartAbortedView }, ({ body, res }) => objects.abortMultipart(deps, bucketOf(res), body)),
  );

  // ---- versions ------------------------------------------------------------------------------------

  bucketRoutes.get(
    '/versions',
    route(
      { query: z.object({ prefix: z.string().max(1024).optional(), max_keys: z.coerce.number().int().min(1).max(1000).default(1000), key_marker: z.string().max(1024).optional(), version_id_marker: z.string().max(1024).optional() }), response: views.VersionListView },
      ({ query, res }) => objects.listVersions(deps, bucketOf(res), query),
    ),
  );
  const versionBody = z.object({ key: objectKey, version_id: z.string().min(1).max(1024) });
  bucketRoutes.post('/versions/restore', route({ body: versionBody, response: views.RestoredVersionView }, ({ body, res }) => objects.restoreVersion(deps, bucketOf(res), body)));
  bucketRoutes.post('/versions/delete', route({ body: versionBody, response: views.DeletedVersionView }, ({ body, res }) => objects.deleteVersion(deps, bucketOf(res), body)));

  // ---- configuration -------------------------------------------------------------------------------

  bucketRoutes.get('/policy', route({ response: views.PolicyView }, ({ res }) => ({ bucket_id: bucketOf(res).id, enforced: 'server' as const, policy_json: cfg.policyOf(bucketOf(res)) })));
  bucketRoutes.put(
    '/policy',
    route({ body: cfg.schemas.policy, response: views.PolicySetView }, async ({ body, res }) => {
      const { updated, warnings } = await cfg.putPolicy(deps, bucketOf(res), body.policy_json);
      return { bucket_id: updated.id, enforced: 'server' as const, policy_json: cfg.policyOf(updated), warnings };
    }),
  );
  bucketRoutes.delete('/policy', route({ response: views.SectionDeletedView }, async ({ res }) => { await cfg.deletePolicy(deps, bucketOf(res)); return { bucket_id: bucketOf(res).id, deleted: true as const }; }));
  bucketRoutes.post('/policy/validate', route({ body: cfg.schemas.policy, response: views.PolicyCheckView }, ({ body, res }) => {
    const r = cfg.validatePolicy(bucketOf(res), body.policy_json);
    return { valid: r.valid, warnings: r.warnings, errors: r.errors };
  }));

  // Sections with a plain GET / PUT (/ DELETE): validate, apply where the server can, record.
  const simple: Array<{ path: string; name: views.SectionName; schema: z.ZodType; apply?: (bucket: ReturnType<typeof bucketOf>, value: unknown) => Promise<unknown>; remove?: (bucket: ReturnType<typeof bucketOf>) => Promise<unknown> }> = [
    { path: 'cors', name: 'cors', schema: cfg.schemas.cors, apply: (b, v) => cfg.applyCors(deps, b, v as Out<'cors'>), remove: (b) => cfg.applyCors(deps, b, null) },
    { path: 'public-access-block', name: 'public_access_block', schema: cfg.schemas.public_access_block },
    { path: 'ownership', name: 'ownership', schema: cfg.schemas.ownership, apply: (b, v) => cfg.applyOwnership(deps, b, v as Out<'ownership'>) },
    { path: 'versioning', name: 'versioning', schema: cfg.schemas.versioning, apply: (b, v) => cfg.applyVersioning(deps, b, v as Out<'versioning'>) },
    { path: 'encryption', name: 'encryption', schema: cfg.schemas.encryption, remove: async () => undefined },
    { path: 'object-lock', name: 'object_lock', schema: cfg.schemas.object_lock, apply: (b, v) => cfg.applyObjectLock(deps, b, v as Out<'object_lock'>) },
    { path: 'tags', name: 'tags', schema: cfg.schemas.tags, apply: (b, v) => cfg.applyTags(deps, b, (v as Out<'tags'>).tags), remove: (b) => cfg.applyTags(deps, b, []) },
    { path: 'logging', name: 'logging', schema: cfg.schemas.logging },
    { path: 'accelerate', name: 'accelerate', schema: cfg.schemas.accelerate },
    { path: 'request-payment', name: 'request_payment', schema: cfg.schemas.request_payment },
    { path: 'lifecycle', name: 'lifecycle', schema: cfg.schemas.lifecycle, remove: async () => undefined },
    { path: 'website', name: 'website', schema: cfg.schemas.website, apply: (b, v) => cfg.applyWebsite(deps, b, v as Out<'website'>), remove: (b) => cfg.applyWebsite(deps, b, null) },
    { path: 'notifications', name: 'notifications', schema: cfg.schemas.notifications },
    { path: 'replication', name: 'replication', schema: cfg.schemas.replication, remove: async () => undefined },
  ];
  // One schema type for every section's answer, so the loop's handlers may answer any of them.
  const sectionView = (name: views.SectionName) => views.SectionViews[name] as z.ZodType<unknown, views.SectionView<views.SectionName>>;
  for (const s of simple) {
    bucketRoutes.get(
      `/${s.path}`,
      route({ response: sectionView(s.name) }, async ({ res }) => (s.name === 'versioning' ? cfg.view(await cfg.readVersioning(deps, bucketOf(res)), s.name) : cfg.view(bucketOf(res), s.name))),
    );
    bucketRoutes.put(
      `/${s.path}`,
      route({ body: s.schema, response: sectionView(s.name) }, async ({ body, res }) => {
        let bucket = await fresh(res);
        if (s.name === 'replication' || s.name === 'object_lock') bucket = await cfg.readVersioning(deps, bucket);
        if (s.name === 'replication' && (cfg.section(bucket, 'versioning') as { status: string }).status !== 'Enabled') {
          throw coded(409, 'versioning_required', 'Replication needs versioning enabled on the bucket.');
        }
        if (s.name === 'replication') {
          for (const rule of (body as Out<'replication'>).rules) {
            if (rule.destination && !(await destinationBucket(deps, bucket, rule.destination.bucket))) {
              throw coded(400, 'invalid_destination_bucket', `Rule '${rule.id}': the destination must be another of your object-store buckets (arn:aws:s3:::<aws_bucket_name>, the name or the id).`, { rule_id: rule.id });
            }
          }
        }
        if (s.name === 'logging') {
          const target = (body as { enabled: boolean; target_bucket?: string }).target_bucket;
          if (target) {
            const mine = await listS3Buckets(deps, bucket.account_id);
            if (!mine.some((b) => b.server_bucket === target || b.id === target)) throw coded(400, 'invalid_target_bucket', 'target_bucket must be one of your object-store buckets (id or aws_bucket_name).');
          }
        }
        if (s.name === 'notifications') {
          await checkWebhookTargets(deps, bucket, (body as Out<'notifications'>).webhooks);
          await checkQueueTargets(deps, bucket, (body as Out<'notifications'>).queues);
        }
        await s.apply?.(bucket, body);
        const merged = s.name === 'versioning' ? { ...(cfg.section(bucket, 'versioning') as object), ...(body as object), ever_enabled: (body as { status: string }).status === 'Enabled' || Boolean((cfg.section(bucket, 'versioning') as { ever_enabled?: boolean }).ever_enabled) } : body;
        const updated = await cfg.saveSection(deps, await fresh(res), s.name, merged);
        return cfg.view(updated, s.name);
      }),
    );
    if (s.remove) {
      bucketRoutes.delete(
        `/${s.path}`,
        route({ response: views.SectionDeletedView }, async ({ res }) => {
          const bucket = await fresh(res);
          await s.remove!(bucket);
          await cfg.saveSection(deps, bucket, s.name, undefined);
          return { bucket_id: bucket.id, deleted: true as const };
        }),
      );
    }
  }

  bucketRoutes.get(
    '/replication/status',
    route({ query: z.object({ key: objectKey.optional() }), response: views.ReplicationStatusView }, async ({ query, res }) => ({ bucket_id: bucketOf(res).id, objects: await replicationStatuses(deps, bucketOf(res), query.key) })),
  );

  bucketRoutes.get('/acl', route({ response: views.AclView }, async ({ res }) => ({ bucket_id: bucketOf(res).id, enforced: 'server' as const, read_only: true as const, ...(await cfg.readAcl(deps, bucketOf(res))) })));

  const tierings = (bucket: ReturnType<typeof bucketOf>) => cfg.section(bucket, 'intelligent_tiering') as views.TieringConfiguration[];
  bucketRoutes.get('/intelligent-tiering', route({ response: views.IntelligentTieringView }, ({ res }) => ({ bucket_id: bucketOf(res).id, ...cfg.enforcement('intelligent_tiering'), configurations: tierings(bucketOf(res)) })));
  bucketRoutes.put(
    '/intelligent-tiering',
    route({ body: cfg.schemas.intelligent_tiering, response: views.IntelligentTieringView }, async ({ body, res }) => {
      const bucket = await fresh(res);
      const list = tierings(bucket).filter((c) => c.id !== body.id);
      if (list.length >= 1000) throw coded(400, 'too_many_configurations', 'At most 1000 intelligent-tiering configurations per bucket.');
      const updated = await cfg.saveSection(deps, bucket, 'intelligent_tiering', [...list, body]);
      return { bucket_id: bucket.id, ...cfg.enforcement('intelligent_tiering'), configurations: tierings(updated) };
    }),
  );
  bucketRoutes.delete(
    '/intelligent-tiering/:config_id',
    route({ params: z.object({ config_id: z.string().min(1).max(64) }), response: views.TieringDeletedView }, async ({ params, res }) => {
      const bucket = await fresh(res);
      const list = tierings(bucket);
      if (!list.some((c) => c.id === params.config_id)) throw notFound();
      await cfg.saveSection(deps, bucket, 'intelligent_tiering', list.filter((c) => c.id !== params.config_id));
      return { bucket_id: bucket.id, id: params.config_id, deleted: true as const };
    }),
  );

  // Access points: kept with their own policies, without effect (the storage server has one endpoint and no access points).
  type AccessPoint = views.StoredAccessPoint;
  const points = (res: Response) => cfg.section(bucketOf(res), 'access_points') as Record<string, AccessPoint>;
  const pointParams = z.object({ name: z.string().min(1).max(50) });
  const pointView = (bucketId: string, p: AccessPoint): views.AccessPointView => ({ bucket_id: bucketId, name: p.name, alias: p.alias, vpc_id: p.vpc_id ?? null, network_origin: p.vpc_id ? 'VPC' : 'Internet', block_public_access: p.block_public_access, has_policy: p.policy_json !== null, created_at: p.created_at, ...cfg.enforcement('access_points') });
  bucketRoutes.get('/access-points', route({ response: views.AccessPointListView }, ({ res }) => ({ access_points: Object.values(points(res)).map((p) => pointView(bucketOf(res).id, p)) })));
  bucketRoutes.post(
    '/access-points',
    route({ body: cfg.schemas.access_point, status: 201, response: views.AccessPointView }, async ({ body, res }) => {
      const bucket = await fresh(res);
      const all = cfg.section(bucket, 'access_points') as Record<string, AccessPoint>;
      if (all[body.name]) throw coded(409, 'access_point_exists', `An access point named '${body.name}' already exists on this bucket.`);
      if (Object.keys(all).length >= 1000) throw coded(400, 'too_many_access_points', 'At most 1000 access points per bucket.');
      const point: AccessPoint = { ...body, created_at: new Date().toISOString(), alias: `${body.name}-${bucket.id.slice(0, 8)}-s3alias`, policy_json: null };
      await cfg.saveSection(deps, bucket, 'access_points', { ...all, [body.name]: point });
      return pointView(bucket.id, point);
    }),
  );
  const findPoint = (res: Response, name: string) => {
    const p = points(res)[name];
    if (!p) throw notFound();
    return p;
  };
  bucketRoutes.get('/access-points/:name', route({ params: pointParams, response: views.AccessPointView }, ({ params, res }) => pointView(bucketOf(res).id, findPoint(res, params.name))));
  bucketRoutes.delete(
    '/access-points/:name',
    route({ params: pointParams, response: views.AccessPointDeletedView }, async ({ params, res }) => {
      findPoint(res, params.name);
      const rest = { ...points(res) };
      delete rest[params.name];
      await cfg.saveSection(deps, bucketOf(res), 'access_points', rest);
      return { bucket_id: bucketOf(res).id, name: params.name, deleted: true as const };
    }),
  );
  bucketRoutes.get('/access-points/:name/policy', route({ params: pointParams, response: views.AccessPointPolicyView }, ({ params, res }) => ({ name: params.name, ...cfg.enforcement('access_points'), policy_json: findPoint(res, params.name).policy_json })));
  const setPointPolicy = async (res: Response, name: string, policy: Record<string, unknown> | null) => {
    const p = findPoint(res, name);
    if (policy) {
      const statements = policyStatements(policy);
      if (!statements?.length) throw coded(400, 'malformed_policy', 'The policy is not valid.', { errors: ['Statement must be a non-empty array'] });
      if (p.block_public_access && statements.some(grantsEveryone)) {
        throw coded(403, 'public_policy_blocked', 'This access point blocks public access; a policy granting access to everyone is refused.');
      }
    }
    await cfg.saveSection(deps, bucketOf(res), 'access_points', { ...points(res), [name]: { ...p, policy_json: policy } });
  };
  bucketRoutes.put('/access-points/:name/policy', route({ params: pointParams, body: cfg.schemas.access_point_policy, response: views.AccessPointPolicyView }, async ({ params, body, res }) => {
    await setPointPolicy(res, params.name, body.policy_json);
    return { name: params.name, ...cfg.enforcement('access_points'), policy_json: body.policy_json };
  }));
  bucketRoutes.delete('/access-points/:name/policy', route({ params: pointParams, response: views.AccessPointPolicyDeletedView }, async ({ params, res }) => {
    await setPointPolicy(res, params.name, null);
    return { name: params.name, deleted: true as const };
  }));

  return router;
}
