import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routePatterns } from '../../src/infra/metrics/metrics';

// A small app shaped like ours: a router mounted at two prefixes, one mounted once, a guard that
// refuses before any route runs.
const app = express();
const seen: string[] = [];
const patternOf = routePatterns(() => app);
app.use((req, res, next) => {
  res.once('finish', () => seen.push(`${req.method} ${req.originalUrl} -> ${patternOf(req)}`));
  next();
});
app.use('/e', (req, res, next) => (req.headers['x-refuse'] ? void res.status(401).end() : next()));
const engine = Router();
engine.get('/runs', (_req, res) => void res.json([]));
engine.post('/runs', (_req, res) => void res.status(201).json({}));
engine.get('/runs/:run_id', (_req, res) => void res.json({}));
engine.get('/runs/:run_id/events', (_req, res) => void res.end());
engine.get('/runs/latest/events', (_req, res) => void res.end());
app.use('/e/v1', engine);
app.use('/e', engine);
const once = Router();
once.get('/health/:part', (_req, res) => void res.end());
app.use(once);

let base = '';
let server: ReturnType<typeof app.listen>;
beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('labels a request with the first mounted pattern of the route it hit, or the first pattern its path matches', async () => {
  const calls: Array<[string, string, Record<string, string>?]> = [
    ['GET', '/e/v1/runs/abc/events?x=1'],
    ['GET', '/e/runs/abc/events'],
    ['GET', '/e/v1/runs/latest/events'],
    ['GET', '/e/v1/runs/abc'],
    ['POST', '/e/v1/runs'],
    ['POST', '/e/runs'],
    ['GET', '/health/db'],
    ['GET', '/e/v1/runs/abc/events', { 'x-refuse': '1' }],
    ['GET', '/e/runs', { 'x-refuse': '1' }],
    ['GET', '/nowhere'],
  ];
  for (const [method, path, headers] of calls) await (await fetch(base + path, { method, headers })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 50));
  expect(seen).toEqual([
    'GET /e/v1/runs/abc/events?x=1 -> /e/v1/runs/:run_id/events',
    'GET /e/runs/abc/events -> /e/runs/:run_id/events',
    // Express ran the parameterised route (registered first): the label follows the route that ran.
    'GET /e/v1/runs/latest/events -> /e/v1/runs/:run_id/events',
    'GET /e/v1/runs/abc -> /e/v1/runs/:run_id',
    'POST /e/v1/runs -> /e/v1/runs',
    'POST /e/runs -> /e/runs',
    'GET /health/db -> /health/:part',
    // Refused before any route ran: the first pattern (static before parameterised) the path matches.
    'GET /e/v1/runs/abc/events -> /e/v1/runs/:run_id/events',
    'GET /e/runs -> /e/runs',
    'GET /nowhere -> unmatched',
  ]);
});
