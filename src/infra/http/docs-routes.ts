// GET /openapi.json (the document built from the mounted routes) and GET /docs (a rendered API
// reference: Redoc's standalone bundle served from node_modules — no CDN, works offline).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router, type Express } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { buildOpenApiDocument, documentRoute } from './openapi';
import { checkedAnswer } from './route';
import { NO_FRAMING } from './security-headers';

const require = createRequire(import.meta.url);
const redocBundle = join(dirname(require.resolve('redoc/package.json')), 'bundles', 'redoc.standalone.js');
const version = (require('../../../package.json') as { version: string }).version;

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Atelier API reference</title>
  <style>body { margin: 0; }</style>
</head>
<body>
  <redoc spec-url="/openapi.json" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>`;

// Redoc's sidebar shows a logo it fetches from a CDN, which the page's own CSP (rightly) blocks and
// an offline deployment cannot reach: the bundle is served with that address replaced by a small
// inline image.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#5f6b7a"/></svg>')}`;
let offlineBundle: string | undefined;
const redocScript = () => (offlineBundle ??= readFileSync(redocBundle, 'utf8').split(CDN_LOGO).join(LOCAL_LOGO));

/** The document's top level; operations and schemas are described by OpenAPI 3.1 itself. */
const OpenApiDocumentView = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  tags: z.array(z.object({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())).describe('Path template → method → operation'),
  components: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** `app` is read lazily: the document covers every router mounted by the time it is requested. */
export function docsRoutes(deps: Deps, app: () => Express): Router {
  const router = Router();
  let cached: z.input<typeof OpenApiDocumentView> | undefined;
  router.get('/openapi.json', documentRoute((req, res) => {
    cached ??= checkedAnswer(OpenApiDocumentView, buildOpenApiDocument(app(), { version, serverUrl: deps.config.publicBaseUrl }), req);
    res.json(cached);
  }, { summary: 'The OpenAPI 3.1 document of every route this server mounts', response: OpenApiDocumentView }));
  router.get('/docs', documentRoute((_req, res) => {
    res.setHeader('Content-Security-Policy', `default-src 'self'; script-src 'self' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; ${NO_FRAMING}`);
    res.type('html').send(page);
  }, { summary: 'The API reference, rendered', page: true, produces: { contentType: 'text/html', description: 'HTML page' } }));
  router.get('/docs/redoc.standalone.js', documentRoute((_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(redocScript());
  }, { summary: 'The reference page\'s script (Redoc)', produces: { contentType: 'application/javascript', description: 'JavaScript' } }));
  return router;
}
