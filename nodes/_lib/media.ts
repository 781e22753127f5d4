// Files for the media nodes: a node reads its inputs as file references (`{url, mime, size, …}`
// emitted by another node, a signed Atelier file URL, a user URL fetched SSRF-safely, or a small
// `data:` URL), works in a private temp folder, and stores what it makes in the blob store, passing
// on only a reference — never megabytes through workflow history.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { BlobNotFoundError, contentTypeFor, type NodeBlobs, type NodeContext, NodeError, safeFetch } from '../../src/engine/node-sdk';
import { isRecord } from './items';

/** A file as nodes pass it: the signed URL plus what a consumer needs to know without opening it. */
export interface FileRef {
  url: string;
  mime: string;
  size: number;
  [meta: string]: unknown;
}

/** A file param: a URL or a file reference object another node emitted. */
export const fileInput = (what: string) =>
  z.union([z.string().min(1), z.object({ url: z.string().min(1) }).loose()]).optional()
    .describe(`${what}: a file reference emitted by another node (e.g. \`{{img.output.main}}\`), an https URL or a data: URL; when omitted, the first file arriving on the input is used.`);

/** Several files: an array of URLs or references (or one reference holding `files`/`frames`). */
export const filesInput = (what: string) =>
  z.array(z.union([z.string().min(1), z.object({ url: z.string().min(1) }).loose()])).max(100).optional()
    .describe(`${what}: file references or URLs, in order; when omitted, every file arriving on the inputs is used (in input order).`);

export type FileParam = string | { url: string; [k: string]: unknown } | undefined;

/** Signed URLs stay valid for seven days: long enough for a client to fetch a run's artefacts. */
export const URL_TTL_S = 7 * 24 * 3600;
const MAX_FETCH_BYTES = 200 * 1024 * 1024;

export function isFileRef(value: unknown): value is { url: string } {
  return (typeof value === 'string' && /^(https?:|data:)/.test(value)) || (isRecord(value) && typeof value.url === 'string');
}

/** Every file reference in a value: itself, the items of an array, or the arrays/refs of an object's fields. */
export function refsIn(value: unknown, depth = 0): (string | { url: string })[] {
  if (isFileRef(value)) return [value];
  if (depth > 2) return [];
  if (Array.isArray(value)) return value.flatMap((v) => refsIn(v, depth + 1));
  if (isRecord(value)) return Object.values(value).flatMap((v) => refsIn(v, depth + 1));
  return [];
}

/** The one file a node works on: the param, else the first file on the inputs. */
export function pickFile(param: FileParam, inputs: Record<string, unknown>, what = 'file'): string | { url: string } {
  if (param !== undefined) return param;
  const found = refsIn(Object.values(inputs))[0];
  if (!found) throw new NodeError(`no ${what}: set the param or connect a node that emits a file`, { type: 'missing_input' });
  return found;
}

/** The files a node works on: the param, else every file on the inputs. */
export function pickFiles(param: FileParam[] | undefined, inputs: Record<string, unknown>, what = 'files', min = 1): (string | { url: string })[] {
  const files = param && param.length > 0 ? (param as (string | { url: string })[]) : refsIn(Object.values(inputs));
  if (files.length < min) throw new NodeError(`${what}: need at least ${min} file(s), got ${files.length}`, { type: 'missing_input' });
  return files;
}

function blobsOf(ctx: NodeContext): NodeBlobs {
  const blobs = ctx.blobs;
  if (!blobs) throw new NodeError('No blob store is configured', { type: 'blobs_unavailable' });
  return blobs;
}

const EXT_BY_MIME: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif', 'image/tiff': 'tiff',
  'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg', 'audio/flac': 'flac', 'text/plain': 'txt', 'text/html': 'html', 'application/json': 'json',
};

/** A private temp folder for one node execution; `close()` removes it. */
export class Workspace {
  private constructor(readonly ctx: NodeContext, readonly dir: string) {}
  private count = 0;

  static async open(ctx: NodeContext): Promise<Workspace> {
    return new Workspace(ctx, await mkdtemp(join(tmpdir(), 'atelier-node-')));
  }

  /** A fresh path in the workspace. */
  path(name: string): string {
    this.count += 1;
    return join(this.dir, `${this.count}-${name.replace(/[^A-Za-z0-9._-]/g, '_')}`);
  }

  /**
   * A local path holding the referenced file: our own signed blob URLs (for this account) are read
   * from the store (in place on local disk, streamed into the workspace from a bucket); other
   * http(s) URLs go through the SSRF-safe fetch; data: URLs are decoded.
   */
  async input(ref: string | { url: string }, what = 'file'): Promise<string> {
    const url = typeof ref === 'string' ? ref : ref.url;
    const own = this.ownBlobKey(url);
    if (own) {
      try {
        return await blobsOf(this.ctx).localFile!(own, this.path(own.split('/').pop()!));
      } catch (err) {
        if (err instanceof BlobNotFoundError) throw new NodeError(`${what}: the file is gone (deleted or expired)`, { type: 'missing_input' });
        throw err;
      }
    }
    const { data, mime } = await this.download(url, what);
    const ext = EXT_BY_MIME[mime.split(';')[0]!.trim()] ?? (url.match(/\.([a-z0-9]{2,4})(?:[?#]|$)/i)?.[1] ?? 'bin');
    const path = this.path(`input.${ext}`);
    await writeFile(path, data);
    return path;
  }

  /** The bytes of a referenced file. */
  async read(ref: string | { url: string }, what = 'file'): Promise<Buffer> {
    return readFile(await this.input(ref, what));
  }

  private ownBlobKey(raw: string): string | undefined {
    const blobs = blobsOf(this.ctx);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    if (!url.pathname.startsWith('/v1/files/') || !blobs.verify || !blobs.localFile) return undefined;
    const key = url.pathname.slice('/v1/files/'.length).split('/').map(decodeURIComponent).join('/');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    if (!blobs.verify(key, expires, sig)) return undefined;
    // Another account's file is not this node's to read, even with a valid signature.
    if (!key.startsWith(`${this.ctx.accountId.replace(/[^A-Za-z0-9._-]/g, '_')}/`)) {
      throw new NodeError('that file belongs to another account', { type: 'forbidden_file' });
    }
    return key;
  }

  private async download(url: string, what: string): Promise<{ data: Buffer; mime: string }> {
    if (url.startsWith('data:')) {
      const m = url.match(/^data:([^;,]*)(;base64)?,(.*)$/s);
      if (!m) throw new NodeError(`${what}: malformed data: URL`, { type: 'invalid_input' });
      const data = m[2] ? Buffer.from(m[3]!, 'base64') : Buffer.from(decodeURIComponent(m[3]!));
      return { data, mime: m[1] || 'application/octet-stream' };
    }
    let res;
    try {
      res = await safeFetch(url, { signal: this.ctx.signal, maxBytes: MAX_FETCH_BYTES, timeoutMs: 60_000, maxRedirects: 3 }, { allowPrivateNetwork: this.ctx.allowPrivateNetwork });
    } catch (err) {
      throw new NodeError(`${what}: could not fetch ${url}: ${(err as Error).message}`, { type: 'fetch_failed', retryable: !(err as Error).name.includes('Blocked') });
    }
    if (res.status >= 400) throw new NodeError(`${what}: ${url} answered ${res.status}`, { type: 'fetch_failed', retryable: res.status >= 500 });
    return { data: res.body, mime: res.headers['content-type'] ?? 'application/octet-stream' };
  }

  /** Stores a finished file (a path or bytes) as this node's artefact and returns its reference. */
  async store(source: string | Buffer, ext: string, meta: Record<string, unknown> = {}, name?: string): Promise<FileRef> {
    const blobs = blobsOf(this.ctx);
    const key = blobs.newKey(this.ctx.accountId, `runs/${this.ctx.runId}`, `${name ?? this.ctx.nodeId}.${ext}`);
    // A file is streamed into the store (a video is never held in memory whole); it may be an input
    // the store itself holds, so it is copied, not moved.
    const stored = typeof source === 'string'
      ? await (blobs.putFile ? blobs.putFile(key, source, { keepSource: true }) : blobs.put(key, await readFile(source)))
      : await blobs.put(key, source);
    const { url, expiresAt } = blobs.signedUrl(key, URL_TTL_S);
    return { url, mime: contentTypeFor(key), size: stored.size, ...meta, expires_at: expiresAt.toISOString() };
  }

  async close(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Runs `fn` with a workspace that is removed afterwards, whatever happens. */
export async function withWorkspace<T>(ctx: NodeContext, fn: (ws: Workspace) => Promise<T>): Promise<T> {
  const ws = await Workspace.open(ctx);
  try {
    return await fn(ws);
  } finally {
    await ws.close();
  }
}

/** A text param or, when omitted, the text arriving on the input (a string, or an object's text/summary/… field). */
export function pickText(param: string | undefined, inputs: Record<string, unknown>, what = 'text'): string {
  if (param !== undefined && param.length > 0) return param;
  for (const value of Object.values(inputs)) {
    const text = textOf(value);
    if (text) return text;
  }
  throw new NodeError(`no ${what}: set the param or connect a node that emits text`, { type: 'missing_input' });
}

const TEXT_FIELDS = ['text', 'summary', 'content', 'body', 'script', 'description', 'message', 'title'];

export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  for (const f of TEXT_FIELDS) if (typeof value[f] === 'string' && (value[f] as string).length > 0) return value[f] as string;
  if (isRecord(value.main)) return textOf(value.main);
  return undefined;
}

/** A required file param (a file reference or URL). */
export const requiredFile = (what: string) =>
  z.union([z.string().min(1), z.object({ url: z.string().min(1) }).loose()]).describe(`${what}: a file reference emitted by another node, an https URL or a data: URL.`);
