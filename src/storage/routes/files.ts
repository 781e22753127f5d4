import { Router } from 'express';
import type { Deps } from '../../deps';
import { contentTypeFor } from '../blob-store';
import { detail, notFound } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { setUserContentHeaders } from '../../infra/http/user-content';

/** Public, signature-checked downloads of generated files (`BlobStore.signedUrl`). */
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
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    const stream = deps.blobs.read(key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }, { summary: 'Download a generated file through its signed, expiring URL', produces: { contentType: 'application/octet-stream', description: 'The file' } }));
  return router;
}
