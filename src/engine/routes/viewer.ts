// GET /runs and /runs/{run_id}: the live run viewer; GET /studio and /studio/{workflow_id}: the
// Workflow Studio (build, validate, version and run a workflow). One static Preact app built from
// web/ into web/dist by scripts/setup.sh. The page itself needs no key: it signs in with a console session or
// an API key the user pastes, and calls the engine API with it. Strict CSP: scripts and styles only
// from this origin, no inline script; the Temporal UI link travels in a <meta> tag.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { coded, notFound } from '../../infra/http/errors';
import { documentRoute } from '../../infra/http/openapi';
import { NO_FRAMING } from '../../infra/http/security-headers';

export const viewerDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const assetsDir = join(viewerDist, 'assets');
const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(?:js|css|map|svg|png|woff2)$/;

const pageHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: http: https:; connect-src 'self'; " +
    `base-uri 'none'; form-action 'self'; ${NO_FRAMING}`,
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function viewerRoutes(deps: Deps): Router {
  const router = Router();
  const { uiUrl, namespace } = deps.config.temporal;
  let cached: { mtimeMs: number; html: string } | undefined;

  const page = (res: Response) => {
    const file = join(viewerDist, 'index.html');
    if (!existsSync(file)) {
      throw coded(503, 'viewer_not_built', 'The run viewer is not built: run `bash scripts/setup.sh` (or `npx vite build web`).');
    }
    // Re-read after a rebuild (asset names carry content hashes).
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8')
        .replace('<meta name="atelier-temporal-ui" content="">', `<meta name="atelier-temporal-ui" content="${escapeAttr(uiUrl)}">`)
        .replace('<meta name="atelier-temporal-namespace" content="">', `<meta name="atelier-temporal-namespace" content="${escapeAttr(namespace)}">`);
      cached = { mtimeMs, html };
    }
    res.set(pageHeaders).type('html').send(cached.html);
  };

  // The pages are `page: true`: the same static shell for any run id, like any single-page app;
  // what a run holds the page reads through the engine API, which the API sweeps probe.
  router.get('/runs', documentRoute((_req, res) => page(res), {
    summary: 'The run viewer: recent runs (HTML; signs in with a console session or an API key)',
    page: true,
    produces: { contentType: 'text/html', description: 'The viewer page' },
  }));
  router.get('/runs/assets/:file', documentRoute((req, res) => {
    const name = String(req.params.file);
    const file = join(assetsDir, name);
    if (!ASSET_NAME.test(name) || !existsSync(file)) throw notFound();
    // Content-hashed names: cacheable for ever.
    res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' }).sendFile(file);
  }, {
    summary: "The run viewer's scripts and styles",
    params: z.object({ file: z.string() }),
    produces: { contentType: 'application/javascript', description: 'A built asset (script, stylesheet or source map)' },
  }));
  router.get('/runs/:run_id', documentRoute((_req, res) => page(res), {
    summary: 'The run viewer: one run, live (HTML)',
    page: true,
    params: z.object({ run_id: z.string() }),
    produces: { contentType: 'text/html', description: 'The viewer page' },
  }));
  // The Workflow Studio: the same app and assets; the page picks the studio by its path.
  router.get('/studio', documentRoute((_req, res) => page(res), {
    summary: 'The Workflow Studio: workflows list (HTML; signs in with a console session or an API key)',
    page: true,
    produces: { contentType: 'text/html', description: 'The studio page' },
  }));
  router.get('/studio/:workflow_id', documentRoute((_req, res) => page(res), {
    summary: 'The Workflow Studio: edit, validate, version and run one workflow (HTML; `new` for a blank canvas)',
    page: true,
    params: z.object({ workflow_id: z.string() }),
    produces: { contentType: 'text/html', description: 'The studio page' },
  }));
  return router;
}
