// Prometheus metrics for one Atelier process (prom-client). A registry per app, never the global
// one: a test process runs several stacks side by side.
//
// - HTTP: requests by method, route pattern and status; latency histogram by the same labels.
// - Engine: runs by status, and node and run durations as histograms, read from Postgres at
//   scrape time (the projections are the truth, and a scrape reflects every worker).
// - SSE: connected run-event subscribers of this process.
// - No money: balances, charges and ledger totals stay behind the account's own API (one tenant's
//   spending is nobody else's business, and a scrape sees every account).
// - Temporal: the worker's own metrics (the SDK's Prometheus exporter, enabled with
//   TEMPORAL_METRICS_ADDRESS) are appended to /metrics as they are.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Express, NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { Router as createRouter } from 'express';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Deps } from '../../deps';
import { documentRoute, listMountedRoutes } from '../http/openapi';
import { watchWorkerThreadHeaps, workerThreadHeaps } from './worker-thread-heaps';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
}

export function createMetrics(deps: Pick<Deps, 'db' | 'runEvents'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'atelier_process_' });
  // prom-client's default set has gauges named *_total, which Prometheus reserves for counters (a
  // query would take their rate); each is the sum of a by-type gauge of the same name without it.
  for (const name of ['nodejs_active_resources_total', 'nodejs_active_handles_total', 'nodejs_active_requests_total']) registry.removeSingleMetric(`atelier_process_${name}`);
  const httpRequests = new Counter({
    name: 'atelier_http_requests_total', help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'atelier_http_request_duration_seconds', help: 'HTTP request latency by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  watchWorkerThreadHeaps();
  new Gauge({
    name: 'atelier_worker_threads_heap_used_bytes',
    help: "V8 heap used by this process's worker threads (Temporal's workflow threads), summed; outside atelier_process_nodejs_heap_*.",
    registers: [registry],
    collect() { this.set(workerThreadHeaps().usedBytes); },
  });
  new Gauge({
    name: 'atelier_worker_threads_heap_total_bytes',
    help: "V8 heap committed by this process's worker threads, summed (part of the process's RSS).",
    registers: [registry],
    collect() { this.set(workerThreadHeaps().totalBytes); },
  });
  new Gauge({
    name: 'atelier_worker_threads', help: 'Worker threads reporting their heap (the workflow threads and any other).', registers: [registry],
    collect() { this.set(workerThreadHeaps().threads); },
  });
  new Gauge({
    name: 'atelier_sse_clients', help: 'Run-event SSE subscribers connected to this process.', registers: [registry],
    collect() { this.set(deps.runEvents?.subscriberCount ?? 0); },
  });
  new Gauge({
    name: 'atelier_engine_runs', help: 'Engine runs by status (all accounts, from the runs table).',
    labelNames: ['status'] as const, registers: [registry],
    async collect() {
      const rows = await deps.db.selectFrom('runs').select(['status', sql<string>`count(*)`.as('n')]).groupBy('status').execute();
      this.reset();
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  engineDurations(deps.db, registry);
  return { registry, httpRequests, httpDuration };
}

/** From 5 ms to an hour: pure nodes take milliseconds, media nodes and whole runs minutes. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600];
/** A row becomes visible at its commit, which can come a moment after its finished_at. */
const SETTLE_MS = 5_000;
/** At most this many rows are read per table per scrape; the rest wait for the next one. */
const MAX_ROWS_PER_SCRAPE = 20_000;

/**
 * Node and run durations as histograms. Nodes and runs finish in workers, which may serve no
 * HTTP at all, so the API process reads them from Postgres: each scrape adds the rows that
 * finished since the previous one (walking finished_at forward from when this process started),
 * and the counts only grow while the process lives, as Prometheus counters must. Each API process
 * counts the whole deployment: scrape one of them for these series, or aggregate with max().
 */
function engineDurations(db: Deps['db'], registry: Registry): void {
  const started = new Date().toISOString();
  const nodeMark: Mark = { at: started, a: NIL_UUID, b: '' };
  const runMark: Mark = { at: started, a: NIL_UUID, b: '' };
  new Histogram({
    name: 'atelier_engine_node_duration_seconds',
    help: 'Durations of finished engine nodes by node type and status (succeeded, failed), deployment-wide, since this process started.',
    labelNames: ['node_type', 'status'] as const, buckets: DURATION_BUCKETS, registers: [registry],
    async collect() {
      await forward(nodeMark, async (mark, limit) => {
        const rows = await sql<{ node_type: string; status: string; duration_ms: number } & Mark>`
          select node_type, status, duration_ms, finished_at::text as at, run_id as a, node_id as b from run_node_outputs
          where finished_at is not null and finished_at < now() - make_interval(secs => ${SETTLE_MS / 1000}::int)
            and (finished_at, run_id, node_id) > (${mark.at}::timestamptz, ${mark.a}::uuid, ${mark.b}::text)
          order by finished_at, run_id, node_id limit ${limit}`.execute(db);
        for (const r of rows.rows) if (r.status !== 'skipped') this.observe({ node_type: r.node_type, status: r.status }, Number(r.duration_ms) / 1000);
        return rows.rows;
      });
    },
  });
  new Histogram({
    name: 'atelier_engine_run_duration_seconds',
    help: 'Durations of finished engine runs (start to end) by status, deployment-wide, since this process started.',
    labelNames: ['status'] as const, buckets: DURATION_BUCKETS, registers: [registry],
    async collect() {
      await forward(runMark, async (mark, limit) => {
        const rows = await sql<{ status: string; seconds: number } & Mark>`
          select status, extract(epoch from finished_at - coalesce(started_at, created_at)) as seconds, finished_at::text as at, id as a, '' as b from runs
          where finished_at is not null and finished_at < now() - make_interval(secs => ${SETTLE_MS / 1000}::int)
            and (finished_at, id) > (${mark.at}::timestamptz, ${mark.a}::uuid)
          order by finished_at, id limit ${limit}`.execute(db);
        for (const r of rows.rows) this.observe({ status: r.status }, Math.max(0, Number(r.seconds)));
        return rows.rows;
      });
    },
  });
}

/**
 * Where a table's walk stands: the last row read, as (finished_at, run id, node id). The time is
 * Postgres's own text (microseconds): a JS Date would round it to milliseconds and read the row again.
 */
interface Mark { at: string; a: string; b: string }
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Reads pages after `mark` until one comes back short (or the per-scrape budget is spent), moving the mark. */
async function forward(mark: Mark, page: (mark: Mark, limit: number) => Promise<Mark[]>): Promise<void> {
  const limit = 5_000;
  for (let read = 0; read < MAX_ROWS_PER_SCRAPE;) {
    const rows = await page(mark, limit);
    const last = rows.at(-1);
    if (last) Object.assign(mark, { at: last.at, a: last.a, b: last.b });
    read += rows.length;
    if (rows.length < limit) return;
  }
}

/**
 * The mounted route pattern a request hit (`/engine/v1/v1/runs/:run_id`), for labels and span
 * names: the route Express matched, or, for a request refused before any route ran (401, 403, 429
 * in the access chain), the first mounted pattern its path matches; `unmatched` otherwise.
 */
export function routePatterns(app: () => Express): (req: Request) => string {
  interface Matcher { method: string; pattern: string; re: RegExp }
  /** Per Express route: its mounted patterns and, in `matchers` order, the matchers of those patterns. */
  let byRoute: WeakMap<object, { patterns: string[]; matchers: Matcher[] }> | undefined;
  let matchers: Matcher[] = [];
  const build = () => {
    const patternsOf = new Map<object, string[]>();
    for (const r of listMountedRoutes(app())) {
      const list = patternsOf.get(r.route) ?? [];
      if (!list.includes(r.path)) list.push(r.path);
      patternsOf.set(r.route, list);
      const source = r.path
        .split(/(\{\*\w+\}|\*\w+|:\w+)/)
        .map((part, i) => (i % 2 ? (part.includes('*') ? '.+' : '[^/]+') : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      matchers.push({ method: r.method.toUpperCase(), pattern: r.path, re: new RegExp(`^${source}/?$`) });
    }
    // Static paths before parameterised ones, longer before shorter.
    matchers = matchers.sort((a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')) || b.pattern.length - a.pattern.length);
    byRoute = new WeakMap();
    for (const [route, patterns] of patternsOf) byRoute.set(route, { patterns, matchers: matchers.filter((m) => patterns.includes(m.pattern)) });
  };
  return (req: Request): string => {
    if (!byRoute) build();
    const own = req.route ? byRoute!.get(req.route) : undefined;
    if (own?.patterns.length === 1) return own.patterns[0]!;
    // A router mounted twice: the first mounted pattern the path matches (only that route's
    // patterns are tried); no route: the first of all.
    const path = req.originalUrl.split('?')[0]!;
    const hit = (own?.patterns.length ? own.matchers : matchers).find((m) => m.method === req.method && m.re.test(path));
    return hit?.pattern ?? 'unmatched';
  };
}

/**
 * Times every request. The route label is the full route pattern (`/v1/auth/keys/:keyId`), never
 * the raw URL, so cardinality stays bounded: Express's `req.route` is looked up in a map from the
 * app's mounted routes; a request refused before any route ran (401/403/429 in the access chain)
 * or a router mounted at two prefixes is labelled with the first mounted pattern its path matches.
 */
export function httpMetrics(metrics: Metrics, app: () => Express): RequestHandler {
  const patternOf = routePatterns(app);
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const labels = { method: req.method, route: patternOf(req), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      end(labels);
    });
    next();
  };
}

/**
 * Who may scrape: with ATELIER_METRICS_TOKEN set, only `Authorization: Bearer <token>`; without
 * one, anyone in development and tests, nobody in production unless ATELIER_METRICS_PUBLIC says
 * the endpoint sits on a private network. Undefined: allowed.
 */
export function metricsRefusal(config: Pick<Deps['config'], 'env' | 'metrics'>, authorization: string | undefined): { status: number; detail: string } | undefined {
  const { token, public: open } = config.metrics;
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) return { status: 401, detail: 'Metrics need the bearer token set in ATELIER_METRICS_TOKEN (Authorization: Bearer <token>).' };
    return undefined;
  }
  if (open || config.env !== 'production') return undefined;
  return { status: 403, detail: 'Metrics are off: set ATELIER_METRICS_TOKEN and scrape with Authorization: Bearer <token> (or ATELIER_METRICS_PUBLIC=1 on a private network).' };
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** GET /metrics: this process's registry, then the Temporal worker's exporter when configured. */
export function metricsRoutes(deps: Deps, metrics: Metrics): Router {
  const router = createRouter();
  router.get('/metrics', documentRoute(async (req, res, next) => {
    try {
      const refusal = metricsRefusal(deps.config, req.headers.authorization);
      if (refusal) {
        res.status(refusal.status).json({ detail: refusal.detail });
        return;
      }
      let text = await metrics.registry.metrics();
      const temporal = deps.config.metrics.temporalAddress;
      if (temporal && deps.config.role !== 'api') {
        const answer = await fetch(`http://${temporal}/metrics`, { signal: AbortSignal.timeout(2000) }).then((r) => r.text()).catch(() => '');
        if (answer) text += `\n# Temporal worker (SDK Prometheus exporter on ${temporal})\n${answer}`;
      }
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.send(text);
    } catch (err) {
      next(err);
    }
  }, { summary: 'Prometheus metrics of this process (and its Temporal worker)', produces: { contentType: 'text/plain; version=0.0.4', description: 'Prometheus text exposition' } }));
  return router;
}
