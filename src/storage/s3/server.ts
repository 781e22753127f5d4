import { createHash, createHmac } from 'node:crypto';
import {
  CreateBucketCommand,
  PutBucketPolicyCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import { asStorageError } from './unavailable';
import { VersitygwAdmin } from './versitygw-admin';

// The SDK warns once per process about Node 20 support ending in 2027; Atelier pins Node 20 today.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface ObjectTotals {
  objects: number;
  bytes: number;
  byStorageClass: Record<string, { objects: number; bytes: number }>;
}

/**
 * The S3-compatible server as Atelier uses it: a root client that never leaves this process,
 * presigning for clients, and (on versitygw) the admin API for per-bucket access keys.
 */
export class S3Server {
  readonly root: S3Client;
  /**
   * Presigns URLs against the endpoint clients reach (S3_PUBLIC_ENDPOINT). On versitygw it signs as
   * a dedicated server user (`presignerKeyId`) that bucket policies grant, so not even the root
   * access key id appears in a URL; elsewhere it signs with the configured credentials.
   */
  readonly presigner: S3Client;
  readonly admin: VersitygwAdmin | null;
  /** The access key id presigned URLs carry (granted on every bucket Atelier manages). */
  readonly presignerKeyId: string;
  private readonly presignerSecret: string;
  /**
   * Copies objects for replication rules, as its own server user (granted like the presigner), so
   * the events of its copies can be told apart and are not replicated again.
   */
  readonly replicator: S3Client;
  readonly replicatorKeyId: string;
  private readonly replicatorSecret: string;
  private presignerReady: Promise<void> | null = null;
  private ensured = new Set<string>();

  constructor(readonly config: StorageConfig) {
    const base = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Only what the server needs; the newer default checksums are not understood by every S3 clone.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    this.root = new S3Client({ ...base, endpoint: config.endpoint });
    // Every call any route makes: an unreachable server is a 503 storage_unavailable, not a 500.
    // Outermost step, so the SDK's own retries have been spent by the time it gets here.
    this.root.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (err) {
          throw asStorageError(err);
        }
      },
      { step: 'initialize', priority: 'high', name: 'atelierStorageUnavailable' },
    );
    this.admin = config.iam === 'versitygw' ? new VersitygwAdmin(config) : null;
    // Derived from the root credentials, so every Atelier process agrees without storing anything.
    this.presignerKeyId = this.admin ? `ATLPRESIGN${createHash('sha256').update(`presigner:${config.accessKeyId}`).digest('hex').slice(0, 10).toUpperCase()}` : config.accessKeyId;
    this.presignerSecret = this.admin ? createHmac('sha256', config.secretAccessKey).update('atelier-presigner').digest('base64url') : config.secretAccessKey;
    this.presigner = new S3Client({ ...base, endpoint: config.publicEndpoint, credentials: { accessKeyId: this.presignerKeyId, secretAccessKey: this.presignerSecret } });
    this.replicatorKeyId = this.admin ? `ATLREPLIC${createHash('sha256').update(`replicator:${config.accessKeyId}`).digest('hex').slice(0, 11).toUpperCase()}` : config.accessKeyId;
    this.replicatorSecret = this.admin ? createHmac('sha256', config.secretAccessKey).update('atelier-replicator').digest('base64url') : config.secretAccessKey;
    this.replicator = new S3Client({ ...base, endpoint: config.endpoint, credentials: { accessKeyId: this.replicatorKeyId, secretAccessKey: this.replicatorSecret } });
  }

  /** Makes sure the presigning and replicating users exist on the server (once per process). */
  async ensurePresigner(): Promise<void> {
    const admin = this.admin;
    if (!admin) return;
    this.presignerReady ??= Promise.all([admin.ensureUser(this.presignerKeyId, this.presignerSecret), admin.ensureUser(this.replicatorKeyId, this.replicatorSecret)]).then(() => undefined, (err: unknown) => {
      this.presignerReady = null;
      throw err;
    });
    await this.presignerReady;
  }

  get configured(): boolean {
    return Boolean(this.config.accessKeyId && this.config.secretAccessKey);
  }

  /** Creates a bucket once per process; an existing bucket of ours is fine. */
  async ensureBucket(bucket: string, opts: { objectLock?: boolean; presignedReads?: boolean } = {}): Promise<void> {
    if (this.ensured.has(bucket)) return;
    try {
      await this.root.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: opts.objectLock || undefined }));
    } catch (err) {
      if (!(err instanceof S3ServiceException && (err.name === 'BucketAlreadyOwnedByYou' || err.name === 'BucketAlreadyExists'))) throw err;
    }
    if (opts.presignedReads && this.admin) {
      // The simple-bucket store: only the presigning user may read, and only objects.
      await this.ensurePresigner();
      const policy = { Version: '2012-10-17', Statement: [{ Sid: 'AtelierPresignedReads', Effect: 'Allow', Principal: { AWS: [this.presignerKeyId] }, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] }] };
      await this.root.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(policy) }));
    }
    this.ensured.add(bucket);
  }

  forget(bucket: string): void {
    this.ensured.delete(bucket);
  }

  presignGet(bucket: string, key: string, expiresIn: number, opts: { versionId?: string; disposition?: string } = {}): Promise<string> {
    return getSignedUrl(
      this.presigner,
      new GetObjectCommand({ Bucket: bucket, Key: key, VersionId: opts.versionId, ResponseContentDisposition: opts.disposition }),
      { expiresIn },
    );
  }

  presignPut(
    bucket: string,
    key: string,
    expiresIn: number,
    opts: { contentType?: string; contentLength?: number; storageClass?: string; metadata?: Record<string, string> } = {},
  ): Promise<string> {
    const signableHeaders = new Set<string>();
    if (opts.contentType) signableHeaders.add('content-type');
    return getSignedUrl(
      this.presigner,
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: opts.contentType,
        ContentLength: opts.contentLength,
        StorageClass: opts.storageClass as never,
        Metadata: opts.metadata,
      }),
      { expiresIn, signableHeaders, unhoistableHeaders: new Set(opts.metadata ? Object.keys(opts.metadata).map((k) => `x-amz-meta-${k.toLowerCase()}`) : []) },
    );
  }

  /**
   * Object count and bytes under a prefix, summed from a full listing of the real server.
   * `classify` may put an object in another storage class than the server reports (lifecycle
   * transitions Atelier applies); null keeps the server's.
   */
  async totals(bucket: string, prefix = '', classify?: (key: string, lastModified: Date | undefined) => string | null): Promise<ObjectTotals> {
    const totals: ObjectTotals = { objects: 0, bytes: 0, byStorageClass: {} };
    let token: string | undefined;
    do {
      const page = await this.root.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        const cls = (o.Key && classify?.(o.Key, o.LastModified)) || (o.StorageClass ?? 'STANDARD');
        const size = o.Size ?? 0;
        totals.objects += 1;
        totals.bytes += size;
        const c = (totals.byStorageClass[cls] ??= { objects: 0, bytes: 0 });
        c.objects += 1;
        c.bytes += size;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return totals;
  }

  /** Deletes every object (and, when `versions`, every version and delete marker) under a prefix. */
  async deleteAll(bucket: string, prefix: string, opts: { versions?: boolean } = {}): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids: { Key: string; VersionId?: string }[] = [];
      if (opts.versions) {
        const page = await this.root.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: 1000 }));
        for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) if (v.Key) ids.push({ Key: v.Key, VersionId: v.VersionId });
      } else {
        const page = await this.root.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, MaxKeys: 1000 }));
        for (const o of page.Contents ?? []) if (o.Key) ids.push({ Key: o.Key });
      }
      if (ids.length === 0) return deleted;
      const result = await this.root.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: ids, Quiet: true } }));
      if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.length} objects: ${result.Errors[0]?.Code} ${result.Errors[0]?.Message}`);
      deleted += ids.length;
    }
  }
}

/** The S3 error name, or undefined for errors that did not come from the server. */
export function s3ErrorName(err: unknown): string | undefined {
  return err instanceof S3ServiceException ? err.name : undefined;
}
