import { Router } from 'express';
import type { Deps } from '../deps';
import { contentTypeFor } from '../blobs/blob-store';
import { detail, notFound } from '../http/errors';

/** Public, signature-checked downloads of generated files (`BlobStore.signedUrl`). */
export function fileRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/v1/files/{*key}', async (req, res) => {
    const raw = (req.params as { key?: string[] | string }).key;
    const key = (Array.isArray(raw) ? raw.join('/') : raw ?? '').split('/').map(decodeURIComponent).join('/');
    const expires = Number(req.query.expires);
    const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
    if (!key || !sig) throw notFound();
    if (!deps.blobs.verify(key, expires, sig)) throw detail(403, 'Signature invalid or URL expired');
    const size = await deps.blobs.size(key);
    if (size === null) throw notFound();
    res.setHeader('Content-Type', contentTypeFor(key));
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'private, max-age=300');
    const stream = deps.blobs.read(key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
  return router;
}
