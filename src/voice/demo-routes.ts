import { readFileSync } from 'node:fs';
import { Router } from 'express';
import type { Deps } from '../deps';
import { documentRoute } from '../infra/http/openapi';
import { NO_FRAMING } from '../infra/http/security-headers';

const page = (name: string) => readFileSync(new URL(`./demo/${name}`, import.meta.url));

/**
 * GET /voice-demo: a static page that mints a session through this server with a key the user
 * pastes, then talks to the agent over the realtime socket. Served unless NODE_ENV=production
 * (or ATELIER_VOICE_DEMO=0); it needs no key itself.
 */
export function voiceDemoRoutes(deps: Deps): Router {
  const router = Router();
  if (!deps.config.voice.demoPage) return router;
  const html = page('index.html');
  const js = page('app.js');
  const headers = {
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self' ws: wss: https:; media-src 'self' blob:; ${NO_FRAMING}`,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
  router.get('/voice-demo', documentRoute((_req, res) => void res.set(headers).type('html').send(html), {
    summary: 'Voice agent demo page (development)', page: true, produces: { contentType: 'text/html', description: 'The demo page' },
  }));
  router.get('/voice-demo/app.js', documentRoute((_req, res) => void res.set(headers).type('application/javascript').send(js), {
    summary: "The demo page's script", produces: { contentType: 'application/javascript', description: 'The demo script' },
  }));
  return router;
}
