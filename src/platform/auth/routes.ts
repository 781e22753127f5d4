import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { cloneOutputRules } from '../routing/rules';
import { coded, validationFailed } from '../../infra/http/errors';
import { requireAdmin, requireSession } from './enforce';
import { isValidIpOrCidr } from './ip-allowlist';
import {
  createBucketKey,
  createKey,
  getOwnKey,
  keyListView,
  keySettingsView,
  keyView,
  listKeys,
  requestsLast30Days,
  revokeKey,
  rotateKey,
  updateKey,
  type CloneOutputRules,
  BucketKeyView,
  KeyListItemView,
  KeyListView,
  KeyRevokedView,
  KeyRotatedView,
  KeyUpdatedView,
  KeyView,
} from './keys-service';
import { platformAccess } from './platform-access';
import { SCOPES } from './scopes';

const ipEntry = z.string().refine(isValidIpOrCidr, 'Must be an IPv4/IPv6 address or a CIDR block');
const scopeList = z.array(z.enum(SCOPES)).max(SCOPES.length).transform((s) => [...new Set(s)]);

const createBody = z.object({
  name: z.string().trim().min(1).max(64),
  type: z.enum(['read-only', 'write', 'admin']),
  environment: z.enum(['production', 'sandbox']).default('production'),
  scopes: scopeList.default([]),
  allowed_ips: z.array(ipEntry).max(20).default([]),
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) > Date.now(), 'expires_at must be in the future')
    .nullable()
    .default(null),
  metadata: z
    .record(z.string().min(1).max(64), z.string().max(256))
    .refine((m) => Object.keys(m).length <= 10, 'At most 10 metadata keys')
    .default({}),
});

const listQuery = z.object({
  environment: z.enum(['production', 'sandbox']).optional(),
  type: z.enum(['read-only', 'write', 'admin']).optional(),
  status: z.enum(['active', 'revoked', 'expired']).default('active'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});

const keyParams = z.object({ keyId: z.string().min(1).max(100) });

const patchBody = z
  .object({
    name: z.string().trim().min(1).max(64),
    description: z.string().max(500).nullable(),
    rateLimitPerMinute: z.number().int().min(1).max(600).nullable(),
    allowedIps: z.array(ipEntry).max(20),
    allowedReferrers: z.array(z.string().trim().min(1).max(253)).max(20),
    scopes: scopeList,
    retentionHours: z.number().int().min(1).max(8760),
    destinationId: z.uuid(),
    keepLocalCopy: z.boolean(),
    clearRetention: z.boolean(),
    clearDestination: z.boolean(),
  })
  .partial()
  .strict();

const bucketKeyBody = z.object({ bucket_id: z.unknown().optional(), name: z.string().trim().min(1).max(64).optional() });

export interface KeyRoutesOptions {
  /** Copies output routing rules on rotation; the routing module's by default. */
  cloneOutputRules?: CloneOutputRules;
}

/** `/v1/auth/keys…` and `/v1/auth/bucket-keys`. */
export function keyRoutes(deps: Deps, opts: KeyRoutesOptions = {}): Router {
  const router = Router();
  const upgradeUrl = `${deps.config.publicBaseUrl}/v1/tiers/compare`;
  const cloneRules: CloneOutputRules = opts.cloneOutputRules ?? cloneOutputRules;

  router.post(
    '/auth/keys',
    route({ body: createBody, status: 201, response: KeyView }, async ({ body, auth }) => {
      requireAdmin(auth, 'Creating API keys');
      const created = await createKey(
        deps.db,
        auth.accountId,
        {
          name: body.name,
          type: body.type,
          environment: body.environment,
          scopes: body.scopes,
          allowedIps: body.allowed_ips,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
          metadata: body.metadata,
        },
        { upgradeUrl },
      );
      return keyView(created.row, created.key);
    }),
  );

  router.get(
    '/auth/keys',
    route({ query: listQuery, response: KeyListView }, async ({ query, auth }) => {
      // Counts still in memory reach the table first, so the list is current for this process.
      await platformAccess(deps).usage.flush();
      return listKeys(deps.db, auth.accountId, query);
    }),
  );

  router.get(
    '/auth/keys/:keyId',
    route({ params: keyParams, response: KeyListItemView }, async ({ params, auth }) => {
      await platformAccess(deps).usage.flush();
      const row = await getOwnKey(deps.db, auth.accountId, params.keyId);
      const counts = await requestsLast30Days(deps.db, [row.id]);
      return keyListView(row, counts.get(row.id) ?? 0);
    }),
  );

  router.delete(
    '/auth/keys/:keyId',
    route({ params: keyParams, response: KeyRevokedView }, async ({ params, auth }) => {
      requireAdmin(auth, 'Revoking API keys');
      return revokeKey(deps.db, auth.accountId, params.keyId);
    }),
  );

  router.patch(
    '/auth/keys/:keyId',
    route({ params: keyParams, body: patchBody, response: KeyUpdatedView }, async ({ params, body, auth }) => {
      requireSession(auth, 'Changing key settings');
      const row = await updateKey(deps.db, auth.accountId, params.keyId, body);
      return { ...keyView(row), status: row.revoked_at ? ('revoked' as const) : ('active' as const), settings: keySettingsView(row) };
    }),
  );

  router.post(
    '/auth/keys/:keyId/rotate',
    route({ params: keyParams, response: KeyRotatedView }, async ({ params, auth }) => {
      requireSession(auth, 'Rotating keys');
      return rotateKey(deps.db, auth.accountId, params.keyId, cloneRules);
    }),
  );

  router.post(
    '/auth/bucket-keys',
    route({ body: bucketKeyBody, status: 201, response: BucketKeyView }, async ({ body, auth }) => {
      requireSession(auth, 'Creating bucket keys');
      if (body.bucket_id === undefined || body.bucket_id === null || body.bucket_id === '') {
        throw coded(400, 'bucket_id_required', 'bucket_id (the UUID of one of your buckets) is required.');
      }
      const bucketId = z.uuid().safeParse(body.bucket_id);
      if (!bucketId.success) {
        throw validationFailed([{ type: 'uuid', loc: ['body', 'bucket_id'], msg: 'bucket_id must be a UUID', input: body.bucket_id }]);
      }
      return createBucketKey(deps.db, auth.accountId, bucketId.data.toLowerCase(), body.name, upgradeUrl);
    }),
  );

  return router;
}
