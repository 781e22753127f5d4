// Shared by the proof suites: raw HTTP on a keep-alive pool (any method, any bytes, any header),
// a bounded-concurrency runner, the route list from the router, and the error envelopes.
import { Agent, request } from 'node:http';
import { createApp } from '../../src/app';
import { listMountedRoutes, type MountedRoute } from '../../src/infra/http/openapi';
import type { TestStack } from '../helpers/stack';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: unknown;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export class RawClient {
  private readonly agent: Agent;
  private readonly base: URL;
  constructor(url: string, connections = 16) {
    this.base = new URL(url);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  send(r: RawRequest): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const req = request(
        { host: this.base.hostname, port: this.base.port, method: r.method.toUpperCase(), path: r.path, headers: r.headers, agent: this.agent },
        (res) => {
          if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            // A stream may stay open for as long as its run or story lives: its status is the answer.
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '', body: undefined });
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
          });
        },
      );
      req.setTimeout(120_000, () => req.destroy(new Error(`timed out: ${r.method} ${r.path}`)));
      req.on('error', reject);
      req.end(r.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function inParallel<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
}

/**
 * Every API route the server mounts, walked from a fresh app built like the server's. The
 * `/engine/v1/…` aliases of `/engine/v1/v1/…` are the same handlers and are left out, and so are
 * HTML pages (`documentRoute(…, { page: true })`: the run viewer, the voice demo), which are no
 * part of the API contract the sweeps hold routes to.
 */
export function mountedRoutes(stack: TestStack): MountedRoute[] {
  const all = listMountedRoutes(createApp(stack.atelier.deps));
  const canonical = new Set(all.map((r) => `${r.method} ${r.path}`));
  return all.filter(
    (r) =>
      !(r.path.startsWith('/engine/v1/') && !r.path.startsWith('/engine/v1/v1/') && canonical.has(`${r.method} ${r.path.replace('/engine/v1/', '/engine/v1/v1/')}`)) &&
      !r.doc?.page,
  );
}

/** Path parameter names of an Express path (`:id`, `*path`, `{*key}`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]!);
}

/** Keeps `%xx` as sent (hostile encodings are the point) but makes the rest a legal request target. */
export const pathSegment = (s: string) => s.replace(/[^A-Za-z0-9\-._~%!$&'()*+,;=:@]/g, (c) => encodeURIComponent(c));

export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{\*(\w+)\}|[:*](\w+)/g, (_m, a: string | undefined, b: string | undefined) => pathSegment(value((a ?? b)!)));
}

/**
 * What is wrong with a refusal's body, or null when it is in one of the documented envelopes
 * (/openapi.json components): `{detail: string}`, `{detail: {error, message, …}}`,
 * 422 `{detail: [{type, loc, msg, input}]}`, the per-endpoint limiter's `{error: string}` (429)
 * and the authentication form `{error: {code, message, type}}` (401/403). Under /v1/voice every
 * refusal is `{detail: string}`.
 */
export function envelopeProblem(path: string, status: number, body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  const b = body as { detail?: unknown; error?: unknown };
  if (/^\/v1\/voice(\/|$)/i.test(path)) return typeof b.detail === 'string' ? null : 'voice refusal without {detail: string}';
  //: "Story errors: `{error:{code, message, ...}}`" (its steps' own limiter included).
  if (/^\/v1\/story(\/|$)/i.test(path) && b.error && typeof b.error === 'object') {
    const e = b.error as { code?: unknown; message?: unknown };
    return typeof e.code === 'string' && typeof e.message === 'string' ? null : 'story refusal without {error: {code, message}}';
  }
  if (typeof b.detail === 'string') return null;
  if (Array.isArray(b.detail)) {
    if (status !== 422) return `detail array on a ${status}`;
    for (const i of b.detail as Array<Record<string, unknown>>) {
      if (!i || typeof i.type !== 'string' || !Array.isArray(i.loc) || typeof i.msg !== 'string' || !('input' in i)) return `malformed 422 entry ${JSON.stringify(i).slice(0, 200)}`;
    }
    return null;
  }
  if (b.detail && typeof b.detail === 'object') {
    const d = b.detail as { error?: unknown; message?: unknown };
    return typeof d.error === 'string' && typeof d.message === 'string' ? null : 'detail object without error and message';
  }
  // 429 from the per-endpoint limiter (the one bare `{error: string}`; a 410 carries `detail` too).
  if (typeof b.error === 'string') return status === 429 ? null : `{error: string} on a ${status}`;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as { code?: unknown; message?: unknown; type?: unknown };
    if (![401, 403, 429].includes(status)) return `{error: {…}} on a ${status}`;
    return typeof e.code === 'string' && typeof e.message === 'string' && typeof e.type === 'string' ? null : 'error object without code, message, type';
  }
  return 'no detail or error';
}
