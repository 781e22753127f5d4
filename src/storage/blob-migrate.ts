import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { walkFiles } from './blob-store';
import type { S3BlobStore } from './blob-store-s3';

export interface MigrateCounts {
  /** Files found under the local folder (temp files of unfinished writes are not counted). */
  scanned: number;
  uploaded: number;
  /** Already in the bucket with the same size and ETag. */
  skipped: number;
  failed: number;
  bytesUploaded: number;
  /** True when the run stopped early (signal); a rerun picks up where it left off. */
  interrupted: boolean;
}

export interface MigrateOptions {
  /** The local store's folder (`<dataDir>/blobs`). */
  root: string;
  target: S3BlobStore;
  concurrency?: number;
  signal?: AbortSignal;
  onFile?: (key: string, outcome: 'uploaded' | 'skipped' | 'failed', err?: unknown) => void;
}

/**
 * Copies every file of a local blob folder into the bucket under the key the local store gives it,
 * leaving the folder as it is. Each object is written whole (a single PUT, or a multipart upload
 * that is aborted on error), so stopping at any moment leaves no half object; a rerun skips what is
 * already there with the same size and ETag and copies the rest. Safe to run while the old
 * deployment still writes: run it again after switching to the bucket.
 */
export async function migrateLocalBlobs(opts: MigrateOptions): Promise<MigrateCounts> {
  const counts: MigrateCounts = { scanned: 0, uploaded: 0, skipped: 0, failed: 0, bytesUploaded: 0, interrupted: false };
  const files = walkFiles(opts.root);
  const worker = async () => {
    for (;;) {
      if (opts.signal?.aborted) {
        counts.interrupted = true;
        return;
      }
      const next = await files.next();
      if (next.done) return;
      const path = next.value;
      counts.scanned += 1;
      const key = relative(opts.root, path).split(sep).join('/');
      try {
        if (await sameInBucket(opts.target, key, path)) {
          counts.skipped += 1;
          opts.onFile?.(key, 'skipped');
          continue;
        }
        await opts.target.uploadFile(key, path);
        counts.uploaded += 1;
        counts.bytesUploaded += (await stat(path)).size;
        opts.onFile?.(key, 'uploaded');
      } catch (err) {
        counts.failed += 1;
        opts.onFile?.(key, 'failed', err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  } finally {
    // Closes the folders still open when the run stopped early.
    await files.return(undefined);
  }
  return counts;
}

async function sameInBucket(target: S3BlobStore, key: string, path: string): Promise<boolean> {
  const there = await target.stat(key);
  if (!there) return false;
  const { size } = await stat(path);
  if (there.size !== size) return false;
  if (!there.etag) return true;
  const parts = /-(\d+)$/.exec(there.etag);
  if (!parts) return there.etag === (await md5(path, 0, size - 1));
  for (const partSize of partSizes(size, Number(parts[1]), target.partSize)) {
    if (there.etag === (await multipartEtag(path, size, partSize))) return true;
  }
  return false;
}

const MiB = 1024 * 1024;

/**
 * Part sizes that cut `size` bytes into `n` parts: this store's own first, then whole MiB (what
 * other tools use, e.g. the AWS CLI's 8 MiB), nearest first; a few at most.
 */
function partSizes(size: number, n: number, own: number): number[] {
  const fits = (p: number) => Math.ceil(size / p) === n;
  const found = fits(own) ? [own] : [];
  for (let p = Math.ceil(size / n / MiB) * MiB; fits(p) && found.length < 4; p += MiB) if (p !== own) found.push(p);
  return found;
}

/** The ETag of an object uploaded in parts of `partSize`: the MD5 of the parts' MD5s, then `-N`. */
async function multipartEtag(path: string, size: number, partSize: number): Promise<string> {
  const digests: Buffer[] = [];
  for (let start = 0; start < size; start += partSize) {
    digests.push(Buffer.from(await md5(path, start, Math.min(size, start + partSize) - 1), 'hex'));
  }
  return `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${digests.length}`;
}

async function md5(path: string, start: number, end: number): Promise<string> {
  const hash = createHash('md5');
  if (end >= start) for await (const chunk of createReadStream(path, { start, end })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
