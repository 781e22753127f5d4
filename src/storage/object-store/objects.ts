import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  ListPartsCommand,
  UploadPartCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Deps } from '../../deps';
import type { S3Bucket } from '../../infra/db/schema/index';
import { ApiError, coded, detail } from '../../infra/http/errors';
import { attachmentDisposition, isActiveContentType } from '../../infra/http/user-content';
import { s3For } from '../context';
import { transitionedClass } from './lifecycle';
import type {
  CopiedObjectView,
  DeletedObjectsView,
  DeletedVersionView,
  MultipartAbortedView,
  MultipartCompletedView,
  MultipartCreatedView,
  ObjectListView,
  PartUrlView,
  PresignedDownloadView,
  PresignedUploadView,
  RestoredVersionView,
  VersionListView,
} from './views';

const uploadNotFound = () => coded(404, 'upload_not_found', 'No such multipart upload (completed or aborted already?).');

/** S3 errors in the API's envelope: missing things 404, refusals by the server (object lock…) 403/409. */
export function mapS3Error(err: unknown): unknown {
  if (!(err instanceof S3ServiceException)) return err;
  const status = err.$metadata.httpStatusCode ?? 502;
  const message = err.message || err.name;
  switch (err.name) {
    case 'NoSuchKey':
    case 'NotFound':
    case 'NoSuchVersion':
      return coded(404, 'object_not_found', 'No such object (or version).');
    case 'NoSuchUpload':
      return uploadNotFound();
    case 'NoSuchBucket':
      return coded(404, 'bucket_not_found', 'The bucket no longer exists on the storage server.');
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
    case 'InvalidArgument':
    case 'InvalidRequest':
    case 'MalformedXML':
    case 'MalformedPolicy':
    case 'InvalidRetentionPeriod':
      return coded(400, err.name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(), message);
    case 'AccessDenied':
      return coded(403, 'access_denied', `The storage server refused the operation: ${message}`);
    case 'InvalidBucketState':
    case 'ObjectLocked':
      return coded(409, 'invalid_bucket_state', message);
    case 'NotImplemented':
      return coded(501, 'not_supported_by_server', `The storage server does not support this: ${message}`);
    default:
      if (status >= 400 && status < 500) return coded(status, 's3_error', `${err.name}: ${message}`);
      return detail(502, `The storage server failed: ${err.name}`);
  }
}

export async function s3Call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapS3Error(err);
  }
}

const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

export async function listObjects(deps: Deps, bucket: S3Bucket, q: { prefix: string; continuation_token?: string; max_keys: number; delimiter?: string }): Promise<ObjectListView> {
  const page = await s3Call(() =>
    s3For(deps).root.send(
      new ListObjectsV2Command({ Bucket: bucket.server_bucket, Prefix: q.prefix || undefined, ContinuationToken: q.continuation_token, MaxKeys: q.max_keys, Delimiter: q.delimiter }),
    ),
  );
  const classify = transitionedClass(bucket);
  return {
    objects: (page.Contents ?? []).map((o) => ({
      key: o.Key!,
      size: o.Size ?? 0,
      last_modified: o.LastModified?.toISOString() ?? null,
      storage_class: classify(o.Key!, o.LastModified) ?? o.StorageClass ?? 'STANDARD',
      etag: o.ETag ?? null,
    })),
    common_prefixes: (page.CommonPrefixes ?? []).map((p) => p.Prefix!),
    is_truncated: Boolean(page.IsTruncated),
    continuation_token: page.IsTruncated ? (page.NextContinuationToken ?? null) : null,
    key_count: page.KeyCount ?? 0,
  };
}

export async function presignUpload(
  deps: Deps,
  bucket: S3Bucket,
  b: { key: string; content_type?: string; content_length?: number; expires_in: number; storage_class?: string; metadata?: Record<string, string> },
): Promise<PresignedUploadView> {
  // The quota is checked against the last measured usage plus what this upload declares.
  if (b.content_length !== undefined && bucket.used_bytes + b.content_length > bucket.quota_gb * 1024 ** 3) {
    throw coded(413, 'quota_exceeded', `This upload would exceed the bucket's quota of ${bucket.quota_gb} GB.`, { quota_gb: bucket.quota_gb, used_bytes: bucket.used_bytes });
  }
  const url = await s3For(deps).presignPut(bucket.server_bucket, b.key, b.expires_in, {
    contentType: b.content_type,
    contentLength: b.content_length,
    storageClass: b.storage_class && b.storage_class !== 'STANDARD' ? b.storage_class : undefined,
    metadata: b.metadata,
  });
  const headers: Record<string, string> = {};
  if (b.content_type) headers['Content-Type'] = b.content_type;
  if (b.content_length !== undefined) headers['Content-Length'] = String(b.content_length);
  for (const [k, v] of Object.entries(b.metadata ?? {})) headers[`x-amz-meta-${k.toLowerCase()}`] = v;
  return { upload_url: url, method: 'PUT', key: b.key, expires_at: expiry(b.expires_in), headers };
}

export async function presignDownload(deps: Deps, bucket: S3Bucket, b: { key: string; version_id?: string; expires_in: number; response_content_disposition?: string }): Promise<PresignedDownloadView> {
  const s3 = s3For(deps);
  const head = await s3Call(() => s3.root.send(new HeadObjectCommand({ Bucket: bucket.server_bucket, Key: b.key, VersionId: b.version_id })));
  // Active types (HTML, SVG, scripts…) download unless the caller chose a disposition itself.
  const disposition = b.response_content_disposition ?? (isActiveContentType(head.ContentType ?? '') ? attachmentDisposition(b.key.split('/').pop()) : undefined);
  const url = await s3.presignGet(bucket.server_bucket, b.key, b.expires_in, { versionId: b.version_id, disposition });
  return { url, key: b.key, version_id: b.version_id ?? head.VersionId ?? null, size: head.ContentLength ?? null, expires_at: expiry(b.expires_in) };
}

export async function deleteObjects(deps: Deps, bucket: S3Bucket, b: { keys: string[]; version_ids?: string[] }): Promise<DeletedObjectsView> {
  const s3 = s3For(deps).root;
  const targets = b.keys.map((Key, i) => ({ Key, VersionId: b.version_ids?.[i] || undefined }));
  let result;
  try {
    result = await s3.send(new DeleteObjectsCommand({ Bucket: bucket.server_bucket, Delete: { Objects: targets, Quiet: false } }));
  } catch (err) {
    // Some servers refuse the whole batch when one version is locked: go key by key for per-key results.
    if (!(err instanceof S3ServiceException && err.name === 'AccessDenied')) throw mapS3Error(err);
    result = { Deleted: [] as { Key?: string; VersionId?: string; DeleteMarker?: boolean }[], Errors: [] as { Key?: string; VersionId?: string; Code?: string; Message?: string }[] };
    for (const t of targets) {
      try {
        const r = await s3.send(new DeleteObjectCommand({ Bucket: bucket.server_bucket, Key: t.Key, VersionId: t.VersionId }));
        result.Deleted.push({ Key: t.Key, VersionId: t.VersionId ?? r.VersionId, DeleteMarker: r.DeleteMarker });
      } catch (e) {
        if (!(e instanceof S3ServiceException)) throw e;
        result.Errors.push({ Key: t.Key, VersionId: t.VersionId, Code: e.name, Message: e.message });
      }
    }
  }
  return {
    deleted: (result.Deleted ?? []).map((d) => ({ key: d.Key!, version_id: d.VersionId ?? null, delete_marker: Boolean(d.DeleteMarker) })),
    errors: (result.Errors ?? []).map((e) => ({ key: e.Key ?? null, version_id: e.VersionId ?? null, code: e.Code ?? null, message: e.Message ?? null })),
  };
}

export async function copyObject(
  deps: Deps,
  bucket: S3Bucket,
  b: { source_key: string; dest_key: string; source_version_id?: string; metadata_directive: 'COPY' | 'REPLACE'; metadata?: Record<string, string>; content_type?: string },
): Promise<CopiedObjectView> {
  const source = `${bucket.server_bucket}/${encodeURIComponent(b.source_key).replace(/%2F/g, '/')}${b.source_version_id ? `?versionId=${encodeURIComponent(b.source_version_id)}` : ''}`;
  const r = await s3Call(() =>
    s3For(deps).root.send(
      new CopyObjectCommand({
        Bucket: bucket.server_bucket,
        Key: b.dest_key,
        CopySource: source,
        MetadataDirective: b.metadata_directive,
        Metadata: b.metadata_directive === 'REPLACE' ? (b.metadata ?? {}) : undefined,
        ContentType: b.metadata_directive === 'REPLACE' ? b.content_type : undefined,
      }),
    ),
  );
  return { key: b.dest_key, source_key: b.source_key, etag: r.CopyObjectResult?.ETag ?? null, last_modified: r.CopyObjectResult?.LastModified?.toISOString() ?? null, version_id: r.VersionId ?? null };
}

export async function createMultipart(deps: Deps, bucket: S3Bucket, b: { key: string; content_type?: string; storage_class?: string; metadata?: Record<string, string> }): Promise<MultipartCreatedView> {
  const r = await s3Call(() =>
    s3For(deps).root.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket.server_bucket,
        Key: b.key,
        ContentType: b.content_type,
        StorageClass: b.storage_class && b.storage_class !== 'STANDARD' ? (b.storage_class as never) : undefined,
        Metadata: b.metadata,
      }),
    ),
  );
  return { upload_id: r.UploadId!, key: b.key, bucket_id: bucket.id };
}

export async function presignPart(deps: Deps, bucket: S3Bucket, b: { upload_id: string; key: string; part_number: number; expires_in: number }): Promise<PartUrlView> {
  const s3 = s3For(deps);
  const url = await getSignedUrl(s3.presigner, new UploadPartCommand({ Bucket: bucket.server_bucket, Key: b.key, UploadId: b.upload_id, PartNumber: b.part_number }), { expiresIn: b.expires_in });
  return { url, method: 'PUT', part_number: b.part_number, upload_id: b.upload_id, expires_at: expiry(b.expires_in) };
}

export async function completeMultipart(deps: Deps, bucket: S3Bucket, b: { upload_id: string; key: string; parts: { part_number: number; etag: string }[] }): Promise<MultipartCompletedView> {
  const parts = [...b.parts].sort((x, y) => x.part_number - y.part_number);
  const s3 = s3For(deps).root;
  let r;
  try {
    r = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket.server_bucket,
        Key: b.key,
        UploadId: b.upload_id,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.part_number, ETag: p.etag.startsWith('"') ? p.etag : `"${p.etag}"` })) },
      }),
    );
  } catch (err) {
    // A server may check the parts before the upload id (InvalidPart for an upload that does not
    // exist): ask for the upload itself, so an unknown id is a 404, not a complaint about parts.
    if (err instanceof S3ServiceException && err.name !== 'NoSuchUpload' && (err.$metadata.httpStatusCode ?? 500) < 500 && (await uploadMissing(s3, bucket, b))) {
      throw uploadNotFound();
    }
    throw mapS3Error(err);
  }
  return { key: b.key, etag: r.ETag ?? null, version_id: r.VersionId ?? null, parts: parts.length };
}

/** True when the server knows no upload `upload_id` for the key. */
async function uploadMissing(s3: ReturnType<typeof s3For>['root'], bucket: S3Bucket, b: { upload_id: string; key: string }): Promise<boolean> {
  try {
    await s3.send(new ListPartsCommand({ Bucket: bucket.server_bucket, Key: b.key, UploadId: b.upload_id, MaxParts: 1 }));
    return false;
  } catch (err) {
    return err instanceof S3ServiceException && err.name === 'NoSuchUpload';
  }
}

export async function abortMultipart(deps: Deps, bucket: S3Bucket, b: { upload_id: string; key: string }): Promise<MultipartAbortedView> {
  await s3Call(() => s3For(deps).root.send(new AbortMultipartUploadCommand({ Bucket: bucket.server_bucket, Key: b.key, UploadId: b.upload_id })));
  return { upload_id: b.upload_id, key: b.key, aborted: true };
}

export async function listVersions(deps: Deps, bucket: S3Bucket, q: { prefix?: string; max_keys: number; key_marker?: string; version_id_marker?: string }): Promise<VersionListView> {
  const r = await s3Call(() =>
    s3For(deps).root.send(
      new ListObjectVersionsCommand({ Bucket: bucket.server_bucket, Prefix: q.prefix || undefined, MaxKeys: q.max_keys, KeyMarker: q.key_marker, VersionIdMarker: q.version_id_marker }),
    ),
  );
  return {
    versions: (r.Versions ?? []).map((v) => ({ key: v.Key!, version_id: v.VersionId ?? 'null', is_latest: Boolean(v.IsLatest), size: v.Size ?? 0, last_modified: v.LastModified?.toISOString() ?? null, etag: v.ETag ?? null })),
    delete_markers: (r.DeleteMarkers ?? []).map((d) => ({ key: d.Key!, version_id: d.VersionId ?? 'null', is_latest: Boolean(d.IsLatest), last_modified: d.LastModified?.toISOString() ?? null })),
    is_truncated: Boolean(r.IsTruncated),
    next_key_marker: r.IsTruncated ? (r.NextKeyMarker ?? null) : null,
    next_version_id_marker: r.IsTruncated ? (r.NextVersionIdMarker ?? null) : null,
  };
}

/** versions/restore: copies the old version over the key, so it becomes the latest again. */
export async function restoreVersion(deps: Deps, bucket: S3Bucket, b: { key: string; version_id: string }): Promise<RestoredVersionView> {
  const r = await copyObject(deps, bucket, { source_key: b.key, dest_key: b.key, source_version_id: b.version_id, metadata_directive: 'COPY' });
  return { key: b.key, restored_version_id: b.version_id, new_version_id: r.version_id, etag: r.etag };
}

/** versions/delete: removes one version for good (object lock may refuse). */
export async function deleteVersion(deps: Deps, bucket: S3Bucket, b: { key: string; version_id: string }): Promise<DeletedVersionView> {
  try {
    await s3For(deps).root.send(new DeleteObjectCommand({ Bucket: bucket.server_bucket, Key: b.key, VersionId: b.version_id }));
  } catch (err) {
    const mapped = mapS3Error(err);
    if (mapped instanceof ApiError && mapped.status === 403) {
      throw coded(409, 'object_locked', 'This version is protected by object lock (retention or legal hold) and cannot be deleted yet.', { key: b.key, version_id: b.version_id });
    }
    throw mapped;
  }
  return { key: b.key, version_id: b.version_id, deleted: true, permanent: true };
}
