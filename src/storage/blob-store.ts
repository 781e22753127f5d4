import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredBlob {
  key: string;
  size: number;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif',
  mp4: 'video/mp4', webm: 'video/webm', wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg',
  json: 'application/json', txt: 'text/plain; charset=utf-8', srt: 'application/x-subrip',
  vtt: 'text/vtt', glb: 'model/gltf-binary', gltf: 'model/gltf+json', pdf: 'application/pdf',
};

export function contentTypeFor(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Generated files on local disk under `<dataDir>/blobs`, served through HMAC-signed, expiring
 * URLs (`GET /v1/files/<key>?expires=…&sig=…`). Keys are `<account>/<folder>/<name>`.
 */
export class BlobStore {
  readonly root: string;

  constructor(dataDir: string, private readonly secret: string, private readonly baseUrl: string) {
    this.root = join(dataDir, 'blobs');
  }

  /** A fresh key under the account's folder: `<accountId>/<folder>/<random>-<name>`. */
  newKey(accountId: string, folder: string, name: string): string {
    const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
    return `${safe(accountId)}/${folder.split('/').map(safe).join('/')}/${randomBytes(8).toString('hex')}-${safe(name)}`;
  }

  pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  }

  /** Writes atomically (temp file + rename), so a reader never sees half a file. */
  async put(key: string, data: Buffer | Uint8Array | string): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
    const { size } = await stat(path);
    return { key, size, contentType: contentTypeFor(key) };
  }

  /** Moves a finished file (e.g. ffmpeg output) into the store. */
  async putFile(key: string, sourcePath: string): Promise<StoredBlob> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await rename(sourcePath, path);
    const { size } = await stat(path);
    return { key, size, contentType: contentTypeFor(key) };
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(() => true, () => false);
  }

  async size(key: string): Promise<number | null> {
    return stat(this.pathOf(key)).then((s) => s.size, () => null);
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Deletes everything under a key prefix (e.g. a story's folder). */
  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
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
