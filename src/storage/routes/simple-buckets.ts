import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { badRequest, notFound, validationFailed } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { route } from '../../infra/http/route';
import { setUserContentHeaders } from '../../infra/http/user-content';
import { s3For } from '../context';
import {
  bucketView,
  createBucket,
  FileView,
  SimpleBucketView,
  deleteBucket,
  fileView,
  findBucketByName,
  getBucket,
  listBuckets,
  requireFunds,
  sanitiseBucketName,
  statsFor,
  updateBucket,
  assertBucketInScope,
} from '../simple/buckets';
import { handleUpload } from '../simple/upload';
import { orNotFound } from '../../infra/db/or-not-found';

const BucketListView = z.object({ buckets: z.array(SimpleBucketView), total: z.number().int() });
const BucketDeletedView = z.object({ id: z.string(), name: z.string(), deleted: z.literal(true), files_deleted: z.number().int(), bytes_freed: z.number().int() });
const FileListView = z.object({ bucket_name: z.string().nullable(), files: z.array(FileView).describe('Newest first, at most 1000'), total: z.number().int() });

const mimePattern = z.string().trim().toLowerCase().regex(/^([a-z0-9][a-z0-9!#$&^_.+-]*|\*)\/([a-z0-9][a-z0-9!#$&^_.+-]*|\*)$/, 'must be a MIME type like image/png or image/*');
const settings = {
  is_public: z.boolean().optional(),
  is_active: z.boolean().optional(),
  max_file_size_mb: z.number().int().min(1).max(5120).nullable().optional(),
  allowed_mime_types: z.array(mimePattern).max(100).optional(),
  region: z.unknown().optional(),
};
const createBody = z.object({ name: z.string().min(1).max(200), ...settings });
const patchBody = z.object({ name: z.string().min(1).max(200).optional(), ...settings });
const idParams = z.object({ id: z.string().min(1).max(100) });
const photosQuery = z.object({ bucket_name: z.string().max(200).optional() });

function cleanName(raw: string): string {
  const name = sanitiseBucketName(raw);
  if (!name) throw validationFailed([{ type: 'value_error', loc: ['body', 'name'], msg: 'name must contain at least one of a-z, A-Z, 0-9, _ or -', input: raw }]);
  return name;
}

/** Simple buckets and their files (API key). */
export function simpleBucketRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/buckets',
    route({ response: BucketListView }, async ({ auth }) => {
      const buckets = await listBuckets(deps, auth);
      const stats = await statsFor(deps, auth.accountId, buckets.map((b) => b.id));
      return { buckets: buckets.map((b) => bucketView(b, stats.get(b.id))), total: buckets.length };
    }),
  );

  router.post(
    '/buckets',
    route({ body: createBody, status: 201, response: SimpleBucketView }, async ({ body, auth }) => {
      // Only `eu`; anything else is a 400.
      if (body.region !== undefined && body.region !== 'eu') throw badRequest(`Simple buckets exist only in region 'eu' (stored in eu-central-1); got ${JSON.stringify(body.region)}.`);
      if (auth.key?.bucket_id) assertBucketInScope(auth, '');
      await requireFunds(deps, auth.accountId);
      const bucket = await createBucket(deps, auth.accountId, { ...body, name: cleanName(body.name) });
      return bucketView(bucket);
    }),
  );

  router.get(
    '/buckets/:id',
    route({ params: idParams, response: SimpleBucketView }, async ({ params, auth }) => {
      const bucket = await getBucket(deps, auth, params.id);
      return bucketView(bucket, (await statsFor(deps, auth.accountId, [bucket.id])).get(bucket.id));
    }),
  );

  router.patch(
    '/buckets/:id',
    route({ params: idParams, body: patchBody, response: SimpleBucketView }, async ({ params, body, auth }) => {
      const bucket = await getBucket(deps, auth, params.id);
      // The region is immutable; naming it at all in a PATCH is refused.
      if (body.region !== undefined) throw badRequest('The region of a bucket cannot be changed.');
      const updated = await updateBucket(deps, bucket, { ...body, name: body.name === undefined ? undefined : cleanName(body.name) });
      return bucketView(updated, (await statsFor(deps, auth.accountId, [bucket.id])).get(bucket.id));
    }),
  );

  router.delete(
    '/buckets/:id',
    route({ params: idParams, response: BucketDeletedView }, async ({ params, auth }) => {
      const bucket = await getBucket(deps, auth, params.id);
      const result = await deleteBucket(deps, bucket);
      return { id: bucket.id, name: bucket.name, deleted: true as const, ...result };
    }),
  );

  // multipart/form-data, streamed (busboy): no JSON body schema to validate up front.
  router.post('/photos/upload', documentRoute(route({ status: 201, response: FileView }, ({ req, auth }) => handleUpload(deps, req, auth)), { summary: 'Upload one file (multipart/form-data: bucket_name, is_public, file)', errors: [402, 404, 409, 413, 415] }));

  router.get(
    '/photos',
    route({ query: photosQuery, response: FileListView }, async ({ query, auth }) => {
      let buckets = await listBuckets(deps, auth);
      if (query.bucket_name !== undefined) {
        const bucket = await orNotFound(findBucketByName(deps, auth.accountId, sanitiseBucketName(query.bucket_name)));
        assertBucketInScope(auth, bucket.id);
        buckets = [bucket];
      }
      const byId = new Map(buckets.map((b) => [b.id, b]));
      const files = byId.size
        ? await deps.db.selectFrom('storage_files').selectAll().where('account_id', '=', auth.accountId).where('bucket_id', 'in', [...byId.keys()]).orderBy('created_at', 'desc').orderBy('id').limit(1000).execute()
        : [];
      return {
        bucket_name: query.bucket_name === undefined ? null : buckets[0]?.name ?? null,
        files: await Promise.all(files.map((f) => fileView(deps, f, byId.get(f.bucket_id)!))),
        total: files.length,
      };
    }),
  );

  return router;
}

/** Plain (unsigned) URLs of files in public buckets, or uploaded with is_public=true. */
export function publicFileRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/v1/public/files/:fileId/:name', documentRoute(async (req, res) => {
    const fileId = String(req.params.fileId ?? '');
    const file = /^[0-9a-f-]{36}$/.test(fileId)
      ? await deps.db
          .selectFrom('storage_files')
          .innerJoin('simple_buckets', 'simple_buckets.id', 'storage_files.bucket_id')
          .select(['storage_files.object_key', 'storage_files.filename', 'storage_files.content_type', 'storage_files.size_bytes', 'storage_files.is_public', 'simple_buckets.is_public as bucket_public', 'simple_buckets.is_active'])
          .where('storage_files.id', '=', fileId)
          .executeTakeFirst()
      : undefined;
    if (!file || !file.is_active || !(file.is_public || file.bucket_public)) throw notFound();
    const object = await s3For(deps).root.send(new GetObjectCommand({ Bucket: deps.config.storage.simpleBucket, Key: file.object_key }));
    setUserContentHeaders(res, file.content_type, file.filename);
    res.setHeader('Content-Length', String(file.size_bytes));
    res.setHeader('Cache-Control', 'public, max-age=300');
    const body = object.Body as Readable;
    body.on('error', () => res.destroy());
    body.pipe(res);
  }, { summary: 'Download a file of a public bucket (or uploaded with is_public=true) by its plain URL', produces: { contentType: 'application/octet-stream', description: 'The file' } }));
  return router;
}
