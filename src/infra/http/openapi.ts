// The OpenAPI 3.1 document, built from what the server really mounts: the Express router is walked
// for every route, and each handler made by `route()` carries the zod schemas it validates with
// (request parameters, query and body become JSON Schema through zod 4's own `toJSONSchema`).
// Routes that stream or serve files (no `route()`) describe themselves with `documentRoute`.
// Nothing is written by hand twice, so the document cannot drift from the validation.
import type { Express, RequestHandler } from 'express';
import { z } from 'zod';

/** What `route()` and `documentRoute()` attach to a handler. */
export interface RouteDoc {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's JSON shape. */
  response?: z.ZodType;
  /**
   * Success status (default 200). A status of 400 or more documents a retired route whose only
   * answer is that refusal: it has no success answer and is marked deprecated.
   */
  status?: number;
  summary?: string;
  /** Success response media type and description, for routes that do not answer JSON. */
  produces?: { contentType: string; description: string };
  /**
   * An HTML page for browsers (the run viewer, the voice demo), not an API operation: documented
   * as `text/html` with `x-atelier-page: true`, and left out of the API sweeps (fuzzing, id
   * isolation), whose contract — JSON envelopes, per-account objects — a static page has no part in.
   */
  page?: true;
  /** Refusals this route documents beyond the common ones (e.g. 402 for charged operations). */
  errors?: number[];
}

const ROUTE_DOC = Symbol.for('atelier.routeDoc');
const PUBLIC = Symbol.for('atelier.publicRouter');

type Documented = RequestHandler & { [ROUTE_DOC]?: RouteDoc };

/** Attaches a route's documentation to its handler (used by `route()` and by streaming handlers). */
export function documentRoute<H extends RequestHandler>(handler: H, doc: RouteDoc): H {
  const existing = (handler as Documented)[ROUTE_DOC];
  (handler as Documented)[ROUTE_DOC] = { ...existing, ...doc };
  return handler;
}

export function routeDocOf(handler: unknown): RouteDoc | undefined {
  return typeof handler === 'function' ? (handler as Documented)[ROUTE_DOC] : undefined;
}

/** Marks a router whose routes need no API key (mounted before the access chain). */
export function markPublic<R extends object>(router: R): R {
  (router as { [PUBLIC]?: boolean })[PUBLIC] = true;
  return router;
}

export interface MountedRoute {
  method: string;
  /** Express path, e.g. `/v1/keys/:id`. */
  path: string;
  /** OpenAPI path, e.g. `/v1/keys/{id}`. */
  openapiPath: string;
  public: boolean;
  doc?: RouteDoc;
  /** Express's route object (the same object as `req.route` while a request is on it). */
  route: object;
}

interface LayerLike {
  rawPath?: unknown;
  handle: unknown;
  route?: { path: unknown; methods: Record<string, boolean>; stack: Array<{ handle: unknown; method?: string }> };
}

/** Every route the app serves, with its full path, walked from the Express router. */
export function listMountedRoutes(app: Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  const root = (app as unknown as { router: { stack: LayerLike[] } }).router;
  const walk = (stack: LayerLike[], prefixes: string[], isPublic: boolean) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = ([] as unknown[]).concat(layer.route.path).filter((p): p is string => typeof p === 'string');
        const doc = layer.route.stack.map((s) => routeDocOf(s.handle)).find(Boolean);
        for (const prefix of prefixes) {
          for (const p of paths) {
            for (const [method, on] of Object.entries(layer.route.methods)) {
              if (!on || method === '_all') continue;
              const path = joinPath(prefix, p);
              out.push({ method, path, openapiPath: toOpenApiPath(path), public: isPublic, doc, route: layer.route });
            }
          }
        }
        continue;
      }
      const inner = layer.handle as { stack?: LayerLike[]; [PUBLIC]?: boolean };
      if (Array.isArray(inner?.stack)) {
        const mount = ([] as unknown[]).concat(layer.rawPath ?? '/').filter((p): p is string => typeof p === 'string');
        const next = prefixes.flatMap((prefix) => mount.map((m) => joinPath(prefix, m)));
        walk(inner.stack, next, isPublic || inner[PUBLIC] === true);
      }
    }
  };
  walk(root.stack, [''], false);
  return out;
}

const joinPath = (a: string, b: string) => {
  const joined = `${a.replace(/\/$/, '')}/${b.replace(/^\//, '')}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

/** `/v1/keys/:id` → `/v1/keys/{id}`; Express 5 wildcards `{*key}` / `*key` → `{key}`. */
export function toOpenApiPath(path: string): string {
  return path
    .replace(/\{\*(\w+)\}/g, '{$1}')
    .replace(/\*(\w+)/g, '{$1}')
    .replace(/:(\w+)/g, '{$1}');
}

/** Tags per product, by path prefix (first match wins), each with what it covers. */
const TAGS: Array<[RegExp, string, string]> = [
  [/^\/engine\/v1/, 'Workflow engine', 'Workflows as DAGs of typed nodes, durable runs on Temporal, their events, schedules, hooks, tests and tools.'],
  [/^\/v1\/story/, 'Story Studio', 'A prompt to a narrated multi-scene video, step by step or in one streamed pipeline.'],
  [/^\/v1\/voice|^\/v1\/realtime/, 'Voice agents', 'Realtime voice agents, their sessions and voices.'],
  [/^\/v1\/(buckets|photos|storage|files)/, 'Storage', 'Simple buckets, object-store buckets and signed file downloads.'],
  [/^\/v1\/(keys|auth|session)/, 'Keys and sessions', 'API keys, their scopes and limits, and console sessions.'],
  [/^\/v1\/(billing|pricing|wallet|transactions|topup)/, 'Wallet and billing', 'The prepaid USD wallet: balance, ledger, prices and top-ups.'],
  [/^\/v1\/(tiers|plans|limits|rate)/, 'Tiers and limits', 'Plans, their limits and the rate limits in force.'],
  [/^\/v1\/webhooks/, 'Webhooks', 'Signed deliveries of account events to your endpoints.'],
  [/^\/v1\/(routing|output)/, 'Output routing', 'Where generated outputs are delivered.'],
  [/^\/v1\/(assets|faces)/, 'Assets', 'Stored generation assets and face references.'],
  [/^\/v1\/(console|signup|login)/, 'Console', 'Sign-up, sign-in and the console session.'],
  [/^\/v1\/(system)|^\/healthz|^\/metrics|^\/openapi|^\/docs/, 'System', 'Health, metrics, this document and the rendered reference.'],
  [/^\/v1\//, 'Generation', 'Image, video, audio, speech, chat, vision, OCR, 3D and translation operations.'],
];

export const tagFor = (path: string) => TAGS.find(([re]) => re.test(path))?.[1] ?? 'System';

/**
 * OpenAPI forbids two path templates that differ only in their parameter names
 * (`/criteria/{workflow_id}` for GET beside `/criteria/{id}` for DELETE): the second route is
 * documented under the first template, its parameters renamed by position and described by what
 * they are for that operation.
 */
function canonicalPaths() {
  const byShape = new Map<string, { path: string; names: string[] }>();
  return (openapiPath: string): { path: string; rename: Map<string, string> } => {
    const names = [...openapiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const shape = openapiPath.replace(/\{\w+\}/g, '{}');
    const first = byShape.get(shape);
    if (!first) {
      byShape.set(shape, { path: openapiPath, names });
      return { path: openapiPath, rename: new Map() };
    }
    return { path: first.path, rename: new Map(names.map((n, i) => [n, first.names[i]!] as const).filter(([a, b]) => a !== b)) };
  };
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const s = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete s.$schema;
  return s;
}

/** Path and query parameters from an object schema. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', pathNames: string[]): unknown[] {
  const names = new Set(where === 'path' ? pathNames : []);
  const out: unknown[] = [];
  if (schema) {
    const s = jsonSchema(schema);
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      names.delete(name);
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop, ...(prop.description ? { description: prop.description } : {}) });
    }
  }
  // Path parameters the route declares without a schema are still parameters.
  for (const name of names) out.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return out;
}

/** Path parameters under the names of the template they are documented under (see canonicalPaths). */
function renamed(params: unknown[], rename: Map<string, string>): unknown[] {
  if (rename.size === 0) return params;
  return params.map((p) => {
    const param = p as { name: string; in: string; description?: string };
    const to = rename.get(param.name);
    if (param.in !== 'path' || !to) return param;
    return { ...param, name: to, description: param.description ?? `For this operation: the ${param.name.replace(/_/g, ' ')}.` };
  });
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The error envelopes the server answers with (one error middleware produces them all). */
const components = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', description: 'An API key (`svc_live_…`, `svc_test_…`) or a console session token.' },
  },
  schemas: {
    DetailError: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } }, description: 'Most refusals: `{"detail": "<message>"}`.' },
    CodedError: {
      type: 'object', required: ['detail'],
      properties: { detail: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } }, additionalProperties: true } },
      description: 'Refusals with a machine-readable code: `{"detail": {"error": "<code>", "message": "…", …context}}`.',
    },
    AuthError: {
      type: 'object', required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message', 'type'], properties: { code: { type: 'string' }, message: { type: 'string' }, type: { type: 'string' } } } },
    },
    ValidationError: {
      type: 'object', required: ['detail'],
      properties: {
        detail: {
          type: 'array',
          items: {
            type: 'object', required: ['type', 'loc', 'msg', 'input'],
            properties: {
              type: { type: 'string' }, loc: { type: 'array', items: { type: ['string', 'integer'] } }, msg: { type: 'string' },
              input: { description: 'The offending value (null when missing; secret-like fields are never echoed; long values are cut).' },
            },
          },
        },
      },
    },
    InsufficientFunds: {
      type: 'object', required: ['detail'],
      properties: {
        detail: {
          type: 'object',
          required: ['error', 'code', 'message', 'required_usd', 'balance_usd', 'shortfall_usd', 'currency', 'charged', 'charged_usd', 'topup_url'],
          properties: {
            error: { const: 'insufficient_funds' }, code: { const: 'insufficient_funds' }, message: { type: 'string' },
            required_usd: { type: 'number' }, balance_usd: { type: 'number' }, shortfall_usd: { type: 'number' }, currency: { const: 'USD' },
            charged: { const: false }, charged_usd: { const: 0 }, topup_url: { type: 'string' }, operation: { type: 'string' },
          },
        },
      },
    },
    RateLimited: {
      oneOf: [
        { $ref: '#/components/schemas/CodedError' },
        { type: 'object', required: ['error'], properties: { error: { type: 'string' } }, description: 'Per-endpoint caps: `{"error": "Rate limit exceeded: N per 1 minute"}` with only Retry-After.' },
      ],
    },
    Retired: {
      allOf: [{ $ref: '#/components/schemas/CodedError' }],
      type: 'object', required: ['detail', 'error', 'use_instead'],
      properties: {
        detail: { type: 'object', required: ['use_instead'], properties: { use_instead: { type: 'string' } } },
        error: { type: 'string', description: 'The code again, at the top level as this route first answered.' },
        use_instead: { type: 'string', description: 'The operation to call instead.' },
      },
      description: 'A retired endpoint: `{"detail": {"error": "<code>", "message", "use_instead"}, "error": "<code>", "use_instead"}`.',
    },
    InternalError: { type: 'object', required: ['detail', 'request_id'], properties: { detail: { const: 'Internal server error' }, request_id: { type: 'string' } } },
  },
  headers: {
    RequestId: { description: 'Echoes X-Request-Id, or one the server generated.', schema: { type: 'string' } },
    RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  },
  responses: {
    BadRequest: { description: 'Malformed JSON or a refused value.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailError' } } } },
    Unauthorized: { description: 'Missing, unknown, revoked or expired credential.', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } },
    PaymentRequired: { description: 'The wallet cannot cover the operation; nothing was charged.', content: { 'application/json': { schema: { $ref: '#/components/schemas/InsufficientFunds' } } } },
    Forbidden: { description: 'Key type, scope, IP allowlist or plan does not allow this.', content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/CodedError' }, { $ref: '#/components/schemas/DetailError' }] } } } },
    NotFound: { description: 'No such resource in this account (another account\'s id answers the same).', content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailError' } } } },
    ValidationFailed: { description: 'Every problem with the request, one entry each.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } } },
    RateLimited: {
      description: 'A rate limit window is full.',
      headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/RateLimited' } } },
    },
    Conflict: { description: 'The resource is not in a state that allows this.', content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/CodedError' }, { $ref: '#/components/schemas/DetailError' }] } } } },
    PayloadTooLarge: { description: 'The body is over the size limit.', content: { 'application/json': { schema: { $ref: '#/components/schemas/DetailError' } } } },
    Gone: { description: 'Retired: the body names what to use instead.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Retired' } } } },
    InternalError: { description: 'An unexpected error; quote request_id when reporting it.', content: { 'application/json': { schema: { $ref: '#/components/schemas/InternalError' } } } },
  },
};

const ERROR_REFS: Record<number, string> = { 400: 'BadRequest', 401: 'Unauthorized', 402: 'PaymentRequired', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 410: 'Gone', 413: 'PayloadTooLarge', 422: 'ValidationFailed', 429: 'RateLimited', 500: 'InternalError' };

export interface OpenApiOptions {
  version: string;
  serverUrl: string;
}

/** Builds the document from the mounted routes. The `/engine/v1/…` alias of `/engine/v1/v1/…` is noted, not repeated. */
export function buildOpenApiDocument(app: Express, opts: OpenApiOptions) {
  const routes = listMountedRoutes(app);
  const canonical = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  const documentedPath = canonicalPaths();
  for (const r of routes) {
    if (r.path.startsWith('/engine/v1/') && !r.path.startsWith('/engine/v1/v1/') && canonical.has(`${r.method} ${r.path.replace('/engine/v1/', '/engine/v1/v1/')}`)) continue;
    const doc = r.doc ?? {};
    const { path, rename } = documentedPath(r.openapiPath);
    const pathNames = [...r.openapiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const status = String(doc.status ?? 200);
    const produces = doc.produces ?? (doc.page ? { contentType: 'text/html', description: 'An HTML page' } : undefined);
    const requestId = { headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } } };
    const success = produces
      ? { description: produces.description, ...requestId, content: { [produces.contentType]: { schema: produces.contentType === 'text/html' ? { type: 'string' } : {} } } }
      : status === '204' ? { description: 'No content', ...requestId } : { description: 'Success', ...requestId, content: { 'application/json': { schema: doc.response ? jsonSchema(doc.response, 'output') : { type: 'object' } } } };
    const errors = new Set<number>([404, 500, ...(doc.errors ?? [])]);
    if (!r.public) [401, 403, 429].forEach((s) => errors.add(s));
    if (doc.body || doc.query || doc.params) errors.add(422);
    if (doc.body) errors.add(400);
    const refusalOnly = Number(status) >= 400;
    if (refusalOnly) errors.add(Number(status));
    const responses: Record<string, unknown> = refusalOnly ? {} : { [status]: success };
    for (const s of [...errors].sort()) responses[String(s)] = ref(ERROR_REFS[s] ?? 'BadRequest');
    let operationId = `${r.method}_${r.openapiPath.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
    while (operationIds.has(operationId)) operationId += '_';
    operationIds.add(operationId);
    const operation: Record<string, unknown> = {
      operationId,
      summary: doc.summary ?? `${r.method.toUpperCase()} ${r.openapiPath}`,
      tags: [tagFor(r.path)],
      parameters: [...renamed(parameters(doc.params, 'path', pathNames), rename), ...parameters(doc.query, 'query', [])],
      responses,
      security: r.public ? [] : [{ bearer: [] }],
    };
    if (doc.page) operation['x-atelier-page'] = true;
    if (refusalOnly) operation.deprecated = true;
    if (doc.body && !['get', 'head', 'delete'].includes(r.method)) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } };
    }
    if (r.path.startsWith('/engine/v1/v1/')) operation.description = `Also served at \`${r.openapiPath.replace('/engine/v1/v1/', '/engine/v1/')}\`.`;
    (paths[path] ??= {})[r.method] = operation;
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Atelier API',
      version: opts.version,
      description: 'One API key and one prepaid USD wallet in front of generation operations, a durable workflow engine (`/engine/v1`), Story Studio, realtime voice agents and storage.',
    },
    servers: [{ url: opts.serverUrl }],
    tags: TAGS.map(([, name, description]) => ({ name, description })),
    paths,
    components,
  };
}
