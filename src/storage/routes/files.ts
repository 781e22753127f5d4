import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Deps } from '../../deps';
import { contentTypeFor } from '../blob-store';
import { detail, notFound } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { setUserContentHeaders } from '../../infra/http/user-content';

/**
 * Public, signature-checked downloads of generated files (`BlobStore.signedUrl`). The API streams
 * the bytes from whichever store holds them, with HTTP ranges, so a URL works the same on either.
 */
export function fileRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/v1/files/{*key}', documentRoute(async (req, res) => {
    const raw = (req.params as { key?: string[] | string }).key;
    // Express has already decoded each segment once (`signedUrl` encodes each once); decoding again
    // turned `%25zz` into `%zz` and a URIError (500).
    const key = Array.isArray(raw) ? raw.join('/') : raw ?? '';
    const expires = Number(req.query.expires);
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    if (!key || !sig) throw notFound();
    if (!deps.blobs.verify(key, expires, sig)) throw detail(403, 'Signature invalid or URL expired');
    const size = await deps.blobs.size(key);
    if (size === null) throw notFound();
    setUserContentHeaders(res, contentTypeFor(key), key.split('/').pop());
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', 'private, max-age=300');
    // One range (what players ask for when seeking) is answered with 206; several are answered
    // whole, which HTTP allows; a range past the end is 416.
    const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
    if (ranges === -1) throw detail(416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${size}` });
    const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0]! : undefined;
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    }
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const read = await deps.blobs.open(key, range);
    if (!read) throw notFound();
    await pipeline(read.body, res).catch(() => res.destroy());
  }, { summary: 'Download a generated file through its signed, expiring URL', produces: { contentType: 'application/octet-stream', description: 'The file' } }));
  return router;
}
