import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, opendir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredBlob {
  key: string;
  size: number;
  contentType: string;
}

/** An inclusive byte range, as HTTP `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStat {
  size: number;
  lastModified?: Date;
  /** The S3 ETag (quotes removed); absent on local disk. */
  etag?: string;
}

/** What `open` gives: the bytes (all, or the asked range) and the blob's whole size. */
export interface BlobRead {
  body: Readable;
  size: number;
}

/**
 * Where Atelier keeps the files it makes and receives (generated media, uploads, story scenes and
 * final cuts, node artefacts): an S3 bucket of its own, or, when no S3 server is configured, a
 * folder under the data dir. Keys are `<account>/<folder>/<name>`; every caller goes through this
 * interface, never through the folder, so both backends behave alike. Files reach clients through
 * HMAC-signed, expiring URLs served by the API (`GET /v1/files/<key>?expires=…&sig=…`).
 */
export interface BlobStore {
  readonly backend: 'local' | 's3';
  newKey(accountId: string, folder: string, name: string): string;
  /** Stores bytes whole: a reader never sees half a blob. */
  put(key: string, data: Buffer | Uint8Array | string): Promise<StoredBlob>;
  /**
   * Stores bytes as they come, of a length not known in advance (a node writing its output line by
   * line), holding at most one upload part in memory; like `put`, a reader never sees half a blob.
   * When `body` fails, nothing is stored and the error is rethrown.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /**
   * Moves a finished file (e.g. ffmpeg output) into the store, streaming it; the source is gone
   * afterwards unless `keepSource` (then it is copied).
   */
  putFile(key: string, sourcePath: string, opts?: { keepSource?: boolean }): Promise<StoredBlob>;
  stat(key: string): Promise<BlobStat | null>;
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** A stream of the blob (or of `range`), or null when there is no such blob. */
  open(key: string, range?: ByteRange): Promise<BlobRead | null>;
  /** The whole blob in memory: for small files only (images, short audio); throws when missing. */
  readBuffer(key: string): Promise<Buffer>;
  /**
   * A file on this machine holding the blob, for tools that want a path (ffmpeg): the local
   * store's own file, or a copy streamed to `scratchPath`. The caller must not change the file,
   * and removes `scratchPath` when done.
   */
  localFile(key: string, scratchPath: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** Deletes everything under a key prefix (e.g. a story's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every blob under a key prefix (a folder, as for deletePrefix; '' for all), in no set order. */
  list(prefix: string): AsyncIterable<{ key: string } & BlobStat>;
  signedUrl(key: string, ttlSeconds?: number, now?: number): { url: string; expiresAt: Date };
  verify(key: string, expires: number, sig: string, now?: number): boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif',
  mp4: 'video/mp4', webm: 'video/webm', wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg',
  json: 'application/json', ndjson: 'application/x-ndjson', csv: 'text/csv', txt: 'text/plain; charset=utf-8', srt: 'application/x-subrip',
  vtt: 'text/vtt', glb: 'model/gltf-binary', gltf: 'model/gltf+json', pdf: 'application/pdf',
};

export function contentTypeFor(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no blob ${key}`);
  }
}

/** A key that is not written in its one canonical form (it climbs, or names a path two ways). */
export class BlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`blob key is not canonical or escapes the store: ${JSON.stringify(key)}`);
    this.name = 'BlobKeyError';
  }
}

/**
 * A key exactly as both backends name it, or BlobKeyError. The local folder would resolve `a//b`,
 * `a/./b` and `a/x/../b` to `a/b`, so a key that normalises to anything but itself is refused rather
 * than rewritten: a reader that checked a key's prefix must never be served another path's bytes.
 * Trailing slashes (a prefix written as a folder) are the one tolerated difference.
 */
export function canonicalKey(key: string): string {
  const trimmed = key.replace(/\/+$/, '');
  const normal = posix.normalize(trimmed);
  if (!trimmed || normal !== trimmed || normal.startsWith('/') || normal === '..' || normal.startsWith('../') || /[\0\\]/.test(key)) {
    throw new BlobKeyError(key);
  }
  return normal;
}

/** Keys and signed URLs: the same for every backend, so a URL outlives a move between them. */
export abstract class BaseBlobStore implements BlobStore {
  abstract readonly backend: 'local' | 's3';

  constructor(private readonly secret: string, protected baseUrl: string) {}

  /** A fresh key under the account's folder: `<accountId>/<folder>/<random>-<name>`. */
  newKey(accountId: string, folder: string, name: string): string {
    const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
    return `${safe(accountId)}/${folder.split('/').map(safe).join('/')}/${randomBytes(8).toString('hex')}-${safe(name)}`;
  }

  abstract put(key: string, data: Buffer | Uint8Array | string): Promise<StoredBlob>;
  abstract putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  abstract putFile(key: string, sourcePath: string, opts?: { keepSource?: boolean }): Promise<StoredBlob>;
  abstract stat(key: string): Promise<BlobStat | null>;
  abstract open(key: string, range?: ByteRange): Promise<BlobRead | null>;
  abstract localFile(key: string, scratchPath: string): Promise<string>;
  abstract delete(key: string): Promise<void>;
  abstract deletePrefix(prefix: string): Promise<void>;
  abstract list(prefix: string): AsyncIterable<{ key: string } & BlobStat>;

  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async readBuffer(key: string): Promise<Buffer> {
    const read = await this.open(key);
    if (!read) throw new BlobNotFoundError(key);
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  signedUrl(key: string, ttlSeconds = 24 * 3600, now = Date.now()): { url: string; expiresAt: Date } {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const sig = this.sign(key, expires);
    const path = key.split('/').map(encodeURIComponent).join('/');
    return { url: `${this.baseUrl}/v1/files/${path}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires * 1000) };
  }

  verify(key: string, expires: number, sig: string, now = Date.now()): boolean {
    if (!Number.isFinite(expires) || expires * 1000 < now) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`blob:${key}:${expires}`).digest('base64url');
  }
}

/** The embedded default: files under `<dataDir>/blobs` (one host, or a volume every process mounts). */
export class LocalBlobStore extends BaseBlobStore {
  readonly backend = 'local' as const;
  readonly root: string;

  constructor(dataDir: string, secret: string, baseUrl: string) {
    super(secret, baseUrl);
    this.root = join(dataDir, 'blobs');
  }

  pathOf(key: string): string {
    return join(this.root, ...canonicalKey(key).split('/'));
  }

  /** Writes atomically (temp file + rename), so a reader never sees half a file. */
  async put(key: string, data: Buffer | Uint8Array | string): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
    return this.stored(key, path);
  }

  /** Streams into a temp file beside the target, renamed when complete (removed when the body fails). */
  async putStream(key: string, body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await pipeline(Readable.from(body, { objectMode: false }), createWriteStream(tmp));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    await rename(tmp, path);
    return this.stored(key, path);
  }

  async putFile(key: string, sourcePath: string, opts: { keepSource?: boolean } = {}): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const moved = opts.keepSource ? false : await rename(sourcePath, path).then(() => true, (err: NodeJS.ErrnoException) => {
      // Another filesystem (a scratch dir on tmpfs) is copied instead.
      if (err.code === 'EXDEV') return false;
      throw err;
    });
    if (!moved) {
      // Copied beside the target, then renamed: a reader never sees half a file.
      const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await copyFile(sourcePath, tmp);
      await rename(tmp, path);
      if (!opts.keepSource) await unlink(sourcePath);
    }
    return this.stored(key, path);
  }

  async stat(key: string): Promise<BlobStat | null> {
    const s = await stat(this.pathOf(key)).catch(() => null);
    return s?.isFile() ? { size: s.size, lastModified: s.mtime } : null;
  }

  async open(key: string, range?: ByteRange): Promise<BlobRead | null> {
    const path = this.pathOf(key);
    const s = await stat(path).catch(() => null);
    if (!s?.isFile()) return null;
    return { body: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size: s.size };
  }

  async localFile(key: string): Promise<string> {
    const path = this.pathOf(key);
    if (!(await this.exists(key))) throw new BlobNotFoundError(key);
    return path;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string } & BlobStat> {
    for await (const path of walkFiles(prefix ? this.pathOf(prefix) : this.root)) {
      const s = await stat(path).catch(() => null);
      if (s) yield { key: relative(this.root, path).split(sep).join('/'), size: s.size, lastModified: s.mtime };
    }
  }

  private async stored(key: string, path: string): Promise<StoredBlob> {
    const { size } = await stat(path);
    return { key, size, contentType: contentTypeFor(key) };
  }
}

/** Every file under `dir`, depth first; `*.tmp` are writes the local store had not finished. */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for await (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(path);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield path;
  }
}
