import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { BlockedAddressError, contentTypeFor, type NodeContext, type NodeDefinition, NodeError, streamingSafeFetch } from '../../../src/engine/node-sdk';
import { URL_TTL_S } from '../../_lib/media';
import { slugify } from '../../_lib/slug';

const MAX_MB = 200;
const params = z.object({
  url: z.string().url().refine((u) => /^https?:\/\//i.test(u), 'url must be http or https').describe('The file to download (SSRF-safe; up to 5 redirects).'),
  file_name: z.string().max(200).optional().describe('Name for the stored file; defaults to the URL\'s last path segment.'),
  max_mb: z.number().positive().max(MAX_MB).default(50).describe(`Largest file accepted, in MB (max ${MAX_MB}).`),
  headers: z.record(z.string(), z.string()).default({}).describe('Extra request headers.'),
});

const EXT: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'video/mp4': 'mp4', 'video/webm': 'webm',
  'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'application/json': 'json', 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/csv': 'csv',
};

const REDIRECTS = 5;

/** The response to GET `url`, its body not read yet: redirects followed (each target checked like the first), errors typed. */
async function open(ctx: NodeContext, url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  const get = streamingSafeFetch({ allowPrivateNetwork: ctx.allowPrivateNetwork });
  let target = url;
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await get(target, { headers: { 'user-agent': 'Atelier-Workflow/1.0', ...headers }, signal });
    } catch (err) {
      if (err instanceof BlockedAddressError) throw new NodeError(err.message, { type: 'blocked_address' });
      const code = (err as { code?: string }).code;
      throw new NodeError(`download: could not fetch ${target}: ${(err as Error).message}`, { type: 'http_error', retryable: code !== 'invalid_url' });
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      if (hop >= REDIRECTS) throw new NodeError(`download: more than ${REDIRECTS} redirects from ${url}`, { type: 'http_error' });
      target = new URL(location, target).href;
      continue;
    }
    if (res.status >= 400) {
      await res.body?.cancel();
      throw new NodeError(`download: ${target} answered HTTP ${res.status}`, { type: 'http_status', retryable: res.status >= 500 || res.status === 429 });
    }
    return res;
  }
}

export const httpDownload: NodeDefinition<typeof params> = {
  type: 'http.download',
  version: 1,
  category: 'http',
  subcategory: 'files',
  name: 'Download file',
  description: 'Downloads a file from a URL into the blob store and passes on a reference, never the bytes: `main` = {url (signed, 7 days), mime, size, file_name, source_url, sha256}. The body is streamed into the store as it arrives (memory stays bounded whatever max_mb). The server\'s content type wins over the name\'s extension.',
  tags: ['http', 'download', 'file', 'blob'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{url, mime, size, file_name, source_url, sha256}' }],
  execution: 'activity',
  defaults: { maxAttempts: 3, timeoutS: 300 },
  async execute(ctx, { params: p }) {
    const blobs = ctx.blobs;
    if (!blobs?.putStream) throw new NodeError('No blob store is configured', { type: 'blobs_unavailable' });
    const maxBytes = Math.round(p.max_mb * 1024 * 1024);
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(240_000)]);
    const res = await open(ctx, p.url, p.headers, signal);
    const mime = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
    const last = decodeURIComponent(new URL(p.url).pathname.split('/').filter(Boolean).at(-1) ?? '') || 'download';
    const wanted = p.file_name ?? last;
    const dot = wanted.lastIndexOf('.');
    const base = slugify(dot > 0 ? wanted.slice(0, dot) : wanted, '-', false, 80) || 'download';
    const ext = EXT[mime] ?? (dot > 0 ? wanted.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8) : '') ?? 'bin';
    // The body goes to the blob store as it arrives (hashed and counted on the way): a file of
    // max_mb never sits in memory whole.
    const hash = createHash('sha256');
    let size = 0;
    const body = res.body ? Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
    const counted = async function* (): AsyncGenerator<Uint8Array> {
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > maxBytes) throw new NodeError(`download: ${p.url} is larger than ${p.max_mb} MB`, { type: 'http_error' });
        hash.update(chunk);
        yield chunk;
      }
      if (size === 0) throw new NodeError(`download: ${p.url} returned an empty body`, { type: 'invalid_input' });
    };
    const key = blobs.newKey(ctx.accountId, `runs/${ctx.runId}`, `${base}.${ext || 'bin'}`);
    try {
      await blobs.putStream(key, counted());
    } catch (err) {
      body.destroy();
      if (err instanceof NodeError) throw err;
      if (signal.aborted && !ctx.signal.aborted) throw new NodeError(`download: ${p.url} took longer than 240 s`, { type: 'http_error' });
      throw new NodeError(`download: reading ${p.url} failed: ${(err as Error).message}`, { type: 'http_error', retryable: true });
    }
    const { url, expiresAt } = blobs.signedUrl(key, URL_TTL_S);
    const finalMime = EXT[mime] ? mime : contentTypeFor(`x.${ext}`) !== 'application/octet-stream' ? contentTypeFor(`x.${ext}`) : mime;
    return { output: { main: { url, mime: finalMime, size, source_url: p.url, sha256: hash.digest('hex'), expires_at: expiresAt.toISOString(), file_name: `${base}.${ext || 'bin'}` } } };
  },
};
