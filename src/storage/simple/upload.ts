import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import busboy from 'busboy';
import type { Request } from 'express';
import type { Deps } from '../../deps';
import type { SimpleBucket } from '../../infra/db/schema/index';
import { ApiError, coded, detail, validationFailed } from '../../infra/http/errors';
import type { AuthContext } from '../../platform/auth/context';
import { s3For } from '../context';
import { SNIFF_BYTES, mimeAllowed, sniffContentType } from '../sniff';
import { bucketInactive, defaultBucket, fileView, type FileView, findBucketByName, getBucket, requireFunds, assertBucketInScope, sanitiseBucketName } from './buckets';

const MB = 1024 * 1024;

/**
 * POST /v1/photos/upload: one multipart file, streamed to a temporary file while
 * its size is counted and its first bytes are kept for type detection, then put on the S3 server
 * with a known length. Nothing reaches the server (or the database) until size and type pass, and a
 * file of any size costs a few KB of memory. Form fields (`bucket_name`, `is_public`) must come
 * before the file part; they are also accepted as query parameters.
 */
export async function handleUpload(deps: Deps, req: Request, auth: AuthContext): Promise<FileView> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    throw detail(415, 'Send the file as multipart/form-data with a file field (and optional bucket_name, is_public fields).');
  }
  await requireFunds(deps, auth.accountId);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query)) if (typeof v === 'string') fields[k] = v;
  const tmpDir = join(deps.config.dataDir, 'tmp', 'uploads');
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = join(tmpDir, `${randomUUID()}.part`);

  try {
    return await new Promise<FileView>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 4096, parts: 30 } });
      } catch {
        reject(detail(400, 'Malformed multipart body.'));
        return;
      }
      let work: Promise<FileView> | undefined;
      const fail = (err: unknown) => {
        req.unpipe(bb);
        reject(err);
      };
      bb.on('field', (name, value) => {
        fields[name] = value;
      });
      bb.on('file', (_field, stream, info) => {
        if (work) {
          stream.resume();
          return;
        }
        work = storeFile(deps, auth, fields, stream, info.filename, tmpPath, req.accountTier?.tier.limits.max_upload_mb ?? 25);
        work.catch((err: unknown) => {
          stream.resume();
          fail(err);
        });
      });
      bb.on('error', () => fail(detail(400, 'Malformed multipart body.')));
      bb.on('close', () => {
        if (!work) reject(validationFailed([{ type: 'missing', loc: ['body', 'file'], msg: 'A file part is required', input: undefined }]));
        else work.then(resolve, reject);
      });
      req.on('aborted', () => fail(detail(400, 'Upload aborted by the client.')));
      req.pipe(bb);
    });
  } catch (err) {
    // The rest of a refused body is not worth reading: answer and close the connection.
    if (err instanceof ApiError && !req.complete) req.res?.setHeader('Connection', 'close');
    throw err;
  } finally {
    await rm(tmpPath, { force: true });
  }
}

async function resolveBucket(deps: Deps, auth: AuthContext, fields: Record<string, string>): Promise<SimpleBucket> {
  const raw = fields.bucket_name?.trim();
  if (raw) {
    const name = sanitiseBucketName(raw);
    const bucket = name ? await findBucketByName(deps, auth.accountId, name) : undefined;
    if (!bucket) throw detail(404, `Bucket '${raw}' not found. Create it with POST /v1/buckets or omit bucket_name to use '${'api-uploads'}'.`);
    assertBucketInScope(auth, bucket.id);
    return bucket;
  }
  // A bucket-scoped key's uploads go to its own bucket.
  if (auth.key?.bucket_id) return getBucket(deps, auth, auth.key.bucket_id);
  return defaultBucket(deps, auth.accountId);
}

function parseBool(value: string | undefined, field: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw validationFailed([{ type: 'bool_parsing', loc: ['body', field], msg: 'Input should be a valid boolean', input: value }]);
}

async function storeFile(
  deps: Deps,
  auth: AuthContext,
  fields: Record<string, string>,
  stream: Readable,
  clientName: string | undefined,
  tmpPath: string,
  tierLimitMb: number,
) {
  const isPublic = parseBool(fields.is_public, 'is_public');
  const bucket = await resolveBucket(deps, auth, fields);
  if (!bucket.is_active) throw bucketInactive(bucket.name);
  // The bucket's own limit; without one, the tier's upload size.
  const limitMb = bucket.max_file_size_mb ?? tierLimitMb;
  const limit = limitMb * MB;

  let size = 0;
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limit) {
        done(coded(413, 'file_too_large', `The file exceeds this bucket's limit of ${limitMb} MB.`, { max_file_size_mb: limitMb, bucket_name: bucket.name }));
        return;
      }
      if (headBytes < SNIFF_BYTES) {
        headChunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  await pipeline(stream, counter, createWriteStream(tmpPath));
  if (size === 0) throw detail(400, 'The uploaded file is empty.');

  const contentType = sniffContentType(Buffer.concat(headChunks));
  if (!mimeAllowed(bucket.allowed_mime_types, contentType)) {
    throw coded(415, 'mime_type_not_allowed', `Files of type ${contentType} are not allowed in bucket '${bucket.name}'.`, {
      detected_type: contentType,
      allowed_mime_types: bucket.allowed_mime_types,
    });
  }

  const fileId = randomUUID();
  const filename = safeFilename(clientName, contentType);
  const objectKey = `${bucket.path_prefix}${fileId}-${filename}`;
  const s3 = s3For(deps);
  await s3.ensureBucket(deps.config.storage.simpleBucket, { presignedReads: true });
  const { size: onDisk } = await stat(tmpPath);
  await s3.root.send(
    new PutObjectCommand({
      Bucket: deps.config.storage.simpleBucket,
      Key: objectKey,
      Body: createReadStream(tmpPath),
      ContentLength: onDisk,
      ContentType: contentType,
      Metadata: { 'atelier-file-id': fileId, 'atelier-account': auth.accountId },
    }),
  );
  const row = await deps.db
    .insertInto('storage_files')
    .values({ id: fileId, account_id: auth.accountId, bucket_id: bucket.id, object_key: objectKey, filename, size_bytes: onDisk, content_type: contentType, is_public: isPublic ?? false })
    .returningAll()
    .executeTakeFirst()
    .catch(async (err: unknown) => {
      // The bucket was deleted meanwhile (foreign key): take the object back off the server.
      await s3.deleteAll(deps.config.storage.simpleBucket, objectKey).catch(() => undefined);
      throw err;
    });
  if (!row) throw new Error('file row not written');
  return fileView(deps, row, bucket);
}

const EXT: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'application/pdf': 'pdf',
  'video/mp4': 'mp4', 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'text/plain': 'txt', 'application/json': 'json',
};

function safeFilename(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 120);
  return cleaned || `upload.${EXT[contentType] ?? 'bin'}`;
}
