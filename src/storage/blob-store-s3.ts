import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { StorageConfig } from './config';
import { BaseBlobStore, BlobNotFoundError, LocalBlobStore, canonicalKey, contentTypeFor, type BlobRead, type BlobStore, type BlobStat, type ByteRange, type StoredBlob } from './blob-store';
import { S3Server, s3ErrorName } from './s3/server';

/**
 * Files above `threshold` go up in parts of `partSize` (one PUT holds at most 5 GB; S3 wants parts
 * of 5 MB or more). Tests lower both.
 */
export interface MultipartSizes {
  threshold: number;
  partSize: number;
}
const MULTIPART: MultipartSizes = { threshold: 64 * 1024 * 1024, partSize: 16 * 1024 * 1024 };

const MISSING = new Set(['NoSuchKey', 'NotFound', 'NoSuchBucket']);

/**
 * Blobs as objects in one bucket of the S3-compatible server (`ATELIER_BLOB_BUCKET`), keyed exactly
 * as the local folder names its files. Bytes stream both ways: uploads from a file are sent as a
 * stream of known length (in parts above 64 MB), reads hand back the server's response stream, and
 * ranges are asked of the server rather than cut here.
 */
export class S3BlobStore extends BaseBlobStore {
  readonly backend = 's3' as const;
  readonly server: S3Server;

  constructor(storage: StorageConfig, readonly bucket: string, secret: string, baseUrl: string, private readonly multipart = MULTIPART) {
    super(secret, baseUrl);
    this.server = new S3Server(storage);
  }

  /** The part size of multipart uploads (the migration recomputes such ETags with it). */
  get partSize(): number {
    return this.multipart.partSize;
  }

  private get client() {
    return this.server.root;
  }

  /** Created on first use, so a process starts even while the server is away. */
  private ready(): Promise<void> {
    return this.server.ensureBucket(this.bucket);
  }

  async put(key: string, data: Buffer | Uint8Array | string): Promise<StoredBlob> {
    await this.ready();
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: canonicalKey(key), Body: body, ContentType: contentTypeFor(key), ContentLength: body.byteLength }));
    return { key, size: body.byteLength, contentType: contentTypeFor(key) };
  }

  /**
   * Gathers the body into parts of `partSize`: a body that ends within the first part is one PUT;
   * a longer one is a multipart upload, each part sent as it fills (aborted when the body fails).
   */
  async putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    await this.ready();
    const Key = canonicalKey(key);
    const ContentType = contentTypeFor(key);
    const { partSize } = this.multipart;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let upload: { UploadId: string; parts: { ETag?: string; PartNumber: number }[] } | undefined;
    const sendPart = async (data: Buffer) => {
      if (!upload) {
        const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }));
        upload = { UploadId: UploadId!, parts: [] };
      }
      const PartNumber = upload.parts.length + 1;
      const part = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key, UploadId: upload.UploadId, PartNumber, ContentLength: data.length, Body: data }));
      upload.parts.push({ ETag: part.ETag, PartNumber });
    };
    try {
      for await (const chunk of body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        pending.push(buf);
        pendingBytes += buf.length;
        size += buf.length;
        while (pendingBytes >= partSize) {
          const all = Buffer.concat(pending);
          await sendPart(all.subarray(0, partSize));
          const rest = all.subarray(partSize);
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      const last = Buffer.concat(pending);
      if (!upload) {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: last, ContentType, ContentLength: last.length }));
      } else {
        if (last.length > 0) await sendPart(last);
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: upload.UploadId, MultipartUpload: { Parts: upload.parts } }));
      }
    } catch (err) {
      const started = upload as { UploadId: string } | undefined;
      if (started) await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: started.UploadId })).catch(() => undefined);
      throw err;
    }
    return { key, size, contentType: ContentType };
  }

  async putFile(key: string, sourcePath: string, opts: { keepSource?: boolean } = {}): Promise<StoredBlob> {
    await this.uploadFile(key, sourcePath);
    const { size } = await stat(sourcePath);
    if (!opts.keepSource) await unlink(sourcePath);
    return { key, size, contentType: contentTypeFor(key) };
  }

  /** Streams a local file to `key` (the file stays); returns the object's ETag. */
  async uploadFile(key: string, sourcePath: string): Promise<string | undefined> {
    await this.ready();
    const { size } = await stat(sourcePath);
    const Key = canonicalKey(key);
    const ContentType = contentTypeFor(key);
    if (size <= this.multipart.threshold) {
      const res = await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, ContentType, ContentLength: size, Body: createReadStream(sourcePath) }));
      return unquote(res.ETag);
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }));
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, n = 1; start < size; start += this.multipart.partSize, n++) {
        const end = Math.min(size, start + this.multipart.partSize) - 1;
        const part = await this.client.send(new UploadPartCommand({
          Bucket: this.bucket, Key, UploadId, PartNumber: n, ContentLength: end - start + 1, Body: createReadStream(sourcePath, { start, end }),
        }));
        parts.push({ ETag: part.ETag, PartNumber: n });
      }
      const done = await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      return unquote(done.ETag);
    } catch (err) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: canonicalKey(key) }));
      return { size: head.ContentLength ?? 0, etag: unquote(head.ETag), lastModified: head.LastModified };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<BlobRead | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({
        Bucket: this.bucket, Key: canonicalKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }));
      // With a range, the whole size is the figure after the slash of `Content-Range: bytes a-b/size`.
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength ?? 0;
      return { body: res.Body as Readable, size: total };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async localFile(key: string, scratchPath: string): Promise<string> {
    const read = await this.open(key);
    if (!read) throw new BlobNotFoundError(key);
    await mkdir(dirname(scratchPath), { recursive: true });
    await pipeline(read.body, createWriteStream(scratchPath));
    return scratchPath;
  }

  async delete(key: string): Promise<void> {
    // Deleting a missing object succeeds on S3, as `rm -f` does locally.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: canonicalKey(key) })).catch((err: unknown) => {
      if (s3ErrorName(err) !== 'NoSuchBucket') throw err;
    });
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & BlobStat> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix ? `${canonicalKey(prefix)}/` : undefined, ContinuationToken: token }));
      } catch (err) {
        if (s3ErrorName(err) === 'NoSuchBucket') return;
        throw err;
      }
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0, etag: unquote(o.ETag), lastModified: o.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<void> {
    // The trailing slash keeps `story-1` from taking `story-10` with it.
    await this.server.deleteAll(this.bucket, `${canonicalKey(prefix)}/`).catch((err: unknown) => {
      if (s3ErrorName(err) !== 'NoSuchBucket') throw err;
    });
  }
}

function isMissing(err: unknown): boolean {
  const name = s3ErrorName(err);
  if (name && MISSING.has(name)) return true;
  // HEAD answers have no body, so a missing object is a bare 404.
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;
}

function unquote(etag: string | undefined): string | undefined {
  return etag?.replace(/^"|"$/g, '');
}

/** The process's blob store, as `config.blobs` says (signed URLs on `config.publicBaseUrl`). */
export function createBlobStore(config: Pick<Config, 'blobs' | 'storage' | 'dataDir' | 'sessionSecret' | 'publicBaseUrl'>): BlobStore {
  return config.blobs.backend === 's3'
    ? new S3BlobStore(config.storage, config.blobs.bucket, config.sessionSecret, config.publicBaseUrl)
    : new LocalBlobStore(config.dataDir, config.sessionSecret, config.publicBaseUrl);
}
