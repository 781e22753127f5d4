// /openapi.json covers every route the server mounts, is a valid OpenAPI 3.1 document, and real
// answers match the schemas it gives for them; /docs renders it from files served locally.
import { Validator } from '@seriousme/openapi-schema-validator';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { listMountedRoutes } from '../../src/infra/http/openapi';
import { startStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let doc: any;
/** JSON success answers still documented as a bare object (ratchet: lower it as routes get response schemas). */
const UNTYPED_ANSWERS = 0;

beforeAll(async () => {
  stack = await startStack();
  const res = await stack.api('GET', '/openapi.json', { key: null });
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => stack?.close());

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route the Express app mounts, each with a tag, an operation id and its refusals', () => {
    // Walk a fresh app built the same way as the server's: a route added anywhere shows up here.
    const routes = listMountedRoutes(createApp(stack.atelier.deps));
    expect(routes.length).toBeGreaterThan(50);
    const undocumented: string[] = [];
    // Templates that differ only by parameter names are documented under one of them.
    const shape = (p: string) => p.replace(/\{\w+\}/g, '{}');
    const documented = new Map(Object.keys(doc.paths).map((p) => [shape(p), p]));
    for (const r of routes) {
      const path = r.openapiPath.startsWith('/engine/v1/') && !r.openapiPath.startsWith('/engine/v1/v1/') ? r.openapiPath.replace('/engine/v1/', '/engine/v1/v1/') : r.openapiPath;
      const op = doc.paths[documented.get(shape(path)) ?? path]?.[r.method];
      if (!op) { undocumented.push(`${r.method.toUpperCase()} ${r.path} (not in the document)`); continue; }
      // A handler that is neither a route() nor wrapped in documentRoute() has no schemas to show.
      if (!r.doc) undocumented.push(`${r.method.toUpperCase()} ${r.path} (no route() or documentRoute() doc)`);
      expect(op.tags?.length, path).toBeGreaterThan(0);
      expect(op.operationId, path).toBeTruthy();
      expect(op.responses['500'], path).toBeDefined();
      if (!r.public) expect(op.security, path).toEqual([{ bearer: [] }]);
    }
    expect(undocumented).toEqual([]);
  });

  it('HTML pages are flagged (documentRoute page: true) and typed text/html; no API operation is', async () => {
    const routes = listMountedRoutes(createApp(stack.atelier.deps));
    const pages = routes.filter((r) => r.doc?.page).map((r) => `${r.method} ${r.path}`);
    expect(pages).toEqual(expect.arrayContaining(['get /runs', 'get /runs/:run_id', 'get /voice-demo', 'get /docs']));
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const types = Object.keys(op.responses['200']?.content ?? {});
        const page = op['x-atelier-page'] === true;
        if (page ? types.join() !== 'text/html' : types.includes('text/html')) wrong.push(`${method} ${path}: page=${page}, answers ${types.join()}`);
      }
    }
    expect(wrong).toEqual([]);
    // What a flagged route really answers.
    const res = await fetch(`${stack.url}/voice-demo`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('documents streams as text/event-stream with their frames, and a retired route by its refusal alone', () => {
    for (const [path, method] of [['/engine/v1/v1/runs/{run_id}/events', 'get'], ['/v1/story/generate', 'post'], ['/v1/story/{story_id}/events', 'get']] as const) {
      const ok = doc.paths[path][method].responses['200'];
      expect(Object.keys(ok.content), path).toEqual(['text/event-stream']);
      expect(ok.description, path).toMatch(/event: /);
    }
    expect(doc.paths['/engine/v1/v1/runs/{run_id}/events'].get.responses['200'].description).toMatch(/run_finished/);
    expect(doc.paths['/v1/story/generate'].post.responses['200'].description).toMatch(/step_complete/);
    const subscribe = doc.paths['/v1/tiers/subscribe'].post;
    expect(Object.keys(subscribe.responses).filter((s) => s.startsWith('2'))).toEqual([]);
    expect(subscribe.responses['410']).toEqual({ $ref: '#/components/responses/Gone' });
    expect(subscribe.deprecated).toBe(true);
  });

  it('carries request schemas from the zod validation (POST /v1/auth/keys body, path parameters)', () => {
    const createKey = doc.paths['/v1/auth/keys']?.post;
    expect(createKey?.requestBody?.content['application/json']?.schema?.type).toBe('object');
    expect(Object.keys(createKey.requestBody.content['application/json'].schema.properties)).toContain('name');
    const engineRun = Object.entries(doc.paths).find(([p]) => p.startsWith('/engine/v1/v1/runs/{'));
    expect(engineRun, 'an engine run path with a parameter').toBeDefined();
    const op: any = Object.values(engineRun![1] as object)[0];
    expect(op.parameters.some((p: any) => p.in === 'path' && p.required)).toBe(true);
  });

  it('types success answers from the zod schemas the routes return through, and real answers match them', async () => {
    const ajv = new Ajv2020({ strict: false });
    const successSchema = (path: string, method: string, status = '200') => doc.paths[path][method].responses[status].content['application/json'].schema;
    const check = (path: string, method: string, status: string, body: unknown) => {
      const validate = ajv.compile(successSchema(path, method, status));
      expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const list = successSchema('/engine/v1/v1/workflows', 'get');
    expect(list.properties.data.items.properties.version_hash.type).toBe('string');
    // An answer that is an array is documented as one (the object store's region list).
    const regions = successSchema('/v1/storage/s3/regions', 'get');
    expect(regions.type).toBe('array');
    expect(Object.keys(regions.items.properties)).toEqual(expect.arrayContaining(['region', 'available', 'gdpr_compliant']));
    const created = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'typed', spec: { trigger: { type: 'manual', config: {} }, nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0] }], edges: [] } } });
    expect(created.status, created.text).toBe(201);
    check('/engine/v1/v1/workflows', 'post', '201', created.body);
    check('/engine/v1/v1/workflows/{workflow_id}', 'get', '200', (await stack.api('GET', `/engine/v1/v1/workflows/${created.body.id}`)).body);
    check('/engine/v1/v1/workflows', 'get', '200', (await stack.api('GET', '/engine/v1/v1/workflows')).body);
    check('/engine/v1/v1/workflows/{workflow_id}/versions', 'get', '200', (await stack.api('GET', `/engine/v1/v1/workflows/${created.body.id}/versions`)).body);
    // How many JSON answers are still documented as a bare object: this only goes down.
    let untyped = 0;
    for (const item of Object.values(doc.paths) as Array<Record<string, any>>) {
      for (const op of Object.values(item)) {
        for (const [status, res] of Object.entries(op.responses as Record<string, any>)) {
          const schema = res.content?.['application/json']?.schema;
          if (status.startsWith('2') && schema && schema.type === 'object' && !schema.properties && !schema.$ref) untyped++;
        }
      }
    }
    expect(untyped).toBeLessThanOrEqual(UNTYPED_ANSWERS);
  });

  it('an answer that drifts from its documented schema is a 500 naming the field, not a silent lie', async () => {
    const { route } = await import('../../src/infra/http/route');
    const { z } = await import('zod');
    const handler = route({ response: z.object({ id: z.string() }) }, () => ({ id: 42 }) as never);
    let failure: unknown;
    await handler({ method: 'GET', route: { path: '/x' }, path: '/x', params: {}, query: {}, body: {} } as never, { headersSent: false } as never, (err?: unknown) => { failure = err; });
    expect(String(failure)).toMatch(/GET \/x: the answer does not match its documented response schema — id: /);
  });

  it('real refusals match the documented error schemas (401, 404, 422, 410)', async () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: doc.components } as any);
    const check = (name: string, body: unknown) => {
      const validate = ajv.compile({ $ref: `doc#/components/schemas/${name}` });
      const ok = validate(body);
      expect(ok, `${name}: ${JSON.stringify(validate.errors)} for ${JSON.stringify(body)}`).toBe(true);
    };
    const unauth = await stack.api('GET', '/v1/billing/balance', { key: null });
    expect(unauth.status).toBe(401);
    check('AuthError', unauth.body);
    const missing = await stack.api('GET', '/engine/v1/v1/workflows/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    check('DetailError', missing.body);
    const invalid = await stack.api('POST', '/v1/auth/keys', { body: { name: 42 } });
    expect(invalid.status).toBe(422);
    check('ValidationError', invalid.body);
    const gone = await stack.api('POST', '/v1/tiers/subscribe', { body: {} });
    expect(gone.status).toBe(410);
    check('Retired', gone.body);
    check('CodedError', gone.body);
  });
});

describe('OpenAPI lint', () => {
  it("passes Redocly's recommended rules with no error and swagger-parser's validation", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    const report = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`;
    expect(problems.filter((p) => p.severity === 'error').map(report)).toEqual([]);
    // Warnings allowed, each for a reason: the project has not chosen a license for its API yet;
    // two test routes the engine's contract fixes (/tests/workflow/{workflow_id} beside
    // /tests/{test_id}/run) could both match /tests/workflow/run, as the public one-time approval
    // links (/approvals/links/{token}, tokens apl_…) beside an approval's own routes
    // (/approvals/{id}/decisions, ids apr_…) could; and the retired POST /v1/tiers/subscribe only
    // ever refuses (410), so it has no success answer to document.
    const allowed = (p: (typeof problems)[number]) =>
      p.ruleId === 'info-license' ||
      (p.ruleId === 'no-ambiguous-paths' && (p.message.includes('/tests/workflow/{workflow_id}') || p.message.includes('/approvals/links/{token}'))) ||
      (p.ruleId === 'operation-2xx-response' && (p.location[0]?.pointer ?? '').includes('~1v1~1tiers~1subscribe'));
    expect(problems.filter((p) => !allowed(p)).map(report)).toEqual([]);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it('documents routes that differ only by parameter name under one template (criteria/{workflow_id} beside criteria/{id})', () => {
    const item = doc.paths['/engine/v1/v1/analytics/criteria/{workflow_id}'];
    expect(Object.keys(item).sort()).toEqual(['delete', 'get']);
    expect(doc.paths['/engine/v1/v1/analytics/criteria/{id}']).toBeUndefined();
    const param = item.delete.parameters.find((p: { in: string }) => p.in === 'path');
    expect(param.name).toBe('workflow_id');
    expect(param.description).toMatch(/\bid\b/);
  });
});

describe('/docs', () => {
  it('serves the reference page and its script locally (no CDN)', async () => {
    const page = await fetch(`${stack.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('spec-url="/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${stack.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    const code = await script.text();
    expect(code.length).toBeGreaterThan(100_000);
    // Nothing the page renders is fetched from elsewhere (Redoc's own logo came from a CDN).
    expect(code).not.toMatch(/https:\/\/cdn\./);
  });
});
