// Isolation: two accounts, one object of each kind in each (fixtures.ts). Every mounted route
// with a path id, every verb, is probed by one account with the other's ids: the answer is never a
// success and is the same as for an id that exists nowhere (nothing tells the prober the object
// exists), and the other account's objects are untouched. Lists never carry the other's ids. Key
// types: read-only, revoked, expired, IP-restricted and bucket keys are refused on every write
// route, and change nothing.
//
// The route list comes from the router, so a new route is covered as soon as it is mounted; a new
// path parameter with no fixture fails the sweep until fixtures.ts learns to make one.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { MountedRoute } from '../../src/infra/http/openapi';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { issueSessionToken } from '../../src/platform/auth/sessions';
import { startImageHost, squareOnWhite, type ImageHost } from '../platform/billing/helpers';
import { startStack, type TestStack } from '../helpers/stack';
import { createFixtures, kindFor, type Fixtures } from './fixtures';
import { fillPath, inParallel, mountedRoutes, pathParams, RawClient, type RawResponse } from './http';
import { arbitraryFor } from './schema-arbitrary';

const SEED = 16_017;

/**
 * Path parameters that do not name an account's object, so there is nothing to isolate: catalogue
 * entries everyone reads, names inside an object already named by another parameter.
 */
const NOT_OWNED: Record<string, string> = {
  node_type: 'the node catalogue is the same for every account',
  template_id: 'workflow templates are a shared catalogue',
  signal_name: 'a signal name, under a run id that is probed',
  version: 'a version number, under a workflow id that is probed',
  path: 'a hook sub-path, under a hook id that is probed',
  name: 'a name inside an object-store bucket whose id is probed',
  config_id: 'a configuration id inside an object-store bucket whose id is probed',
  rule_id: 'probed together with its key id (the other account owns both)',
  node_id: 'a node id inside a run whose id is probed',
  port: 'an output port of a node inside a run whose id is probed',
};


let stack: TestStack;
let client: RawClient;
let images: ImageHost;
let routes: MountedRoute[];
let a: { accountId: string; key: string; session: string; fx: Fixtures };
let b: { accountId: string; key: string; session: string; fx: Fixtures };

beforeAll(async () => {
  stack = await startStack({ ATELIER_RATE_LIMIT_SCALE: '1000000', S3_ENDPOINT: inject('s3Endpoint') });
  client = new RawClient(stack.url, 8);
  const other = await stack.newAccount({ balanceUsd: 100 });
  const session = (accountId: string) => issueSessionToken(stack.config.sessionSecret, { accountId });
  // Object-store buckets need the Enterprise plan.
  await stack.atelier.deps.db.updateTable('accounts').set({ tier_override: 'sub-enterprise' }).where('id', 'in', [stack.accountId, other.accountId]).execute();
  const [sa, sb] = await Promise.all([session(stack.accountId), session(other.accountId)]);
  images = await startImageHost({ 'face.png': await squareOnWhite() });
  const imageUrl = images.url('face.png');
  const [fa, fb] = await Promise.all([
    createFixtures(stack, stack.adminKey, { waitForRuns: true, session: sa, imageUrl }),
    createFixtures(stack, other.key, { waitForRuns: true, session: sb, imageUrl }),
  ]);
  a = { accountId: stack.accountId, key: stack.adminKey, session: sa, fx: fa };
  b = { accountId: other.accountId, key: other.key, session: sb, fx: fb };
  routes = mountedRoutes(stack);
}, 240_000);

afterAll(async () => {
  client?.close();
  await stack?.close();
  await images?.close();
});

/** What the other account owns, as it stands: row counts and a digest of every row per table. */
async function stateOf(accountId: string): Promise<Record<string, string>> {
  const tables = [
    'api_keys', 'workflows', 'workflow_versions', 'runs', 'stories', 'webhooks', 'generation_jobs', 'output_destinations', 'output_rules',
    'voice_agents', 'simple_buckets', 'storage_files', 's3_buckets', 'engine_schedules', 'engine_connections', 'engine_rate_policies',
    'engine_tests', 'engine_canary_rules', 'engine_widgets', 'engine_incidents', 'engine_approval_requests',
  ];
  // Usage bookkeeping (a key's last_used_at) moves on any request, refused or not; it is not state.
  const parts = tables.map((t) => sql`(select md5(coalesce(string_agg((to_jsonb(x) - 'last_used_at')::text, ',' order by (to_jsonb(x) - 'last_used_at')::text), '')) from ${sql.table(t)} x where x.account_id = ${accountId}) as ${sql.ref(t)}`);
  // An approval's decisions and links are the account's through their request.
  for (const t of ['engine_approval_decisions', 'engine_approval_links']) {
    parts.push(sql`(select md5(coalesce(string_agg(to_jsonb(x)::text, ',' order by to_jsonb(x)::text), '')) from ${sql.table(t)} x join engine_approval_requests r on r.id = x.approval_id where r.account_id = ${accountId}) as ${sql.ref(t)}`);
  }
  const { rows } = await sql<Record<string, string>>`select ${sql.join(parts)}, (select balance_micros::text from accounts where id = ${accountId}) as wallet`.execute(stack.atelier.deps.db);
  return rows[0]!;
}

const json = (v: unknown) => JSON.stringify(v);
const hasBody = (m: string) => !['get', 'head', 'delete', 'options'].includes(m);

function bodyFor(r: MountedRoute, fx: Fixtures): string | undefined {
  if (!hasBody(r.method)) return undefined;
  if (!r.doc?.body) return '{}';
  let schema: Record<string, any>;
  try {
    schema = z.toJSONSchema(r.doc.body, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
  } catch {
    return '{}';
  }
  return json(fc.sample(arbitraryFor(schema, fx.ids), { seed: SEED, numRuns: 1 })[0] ?? {});
}

const credentialFor = (r: MountedRoute, who: typeof a) => (r.path.startsWith('/v1/storage/s3') ? who.session : who.key);

/** An id of the same shape as `id` that exists nowhere. */
const ghost = (id: string) => id.replace(/[0-9a-f](?=[0-9a-f]{0,3}$)/gi, (c) => ((parseInt(c, 16) + 7) % 16).toString(16));

describe('isolation between accounts', () => {
  it('fixtures: one object of each kind in each account', () => {
    expect(a.fx.failures, 'account A fixtures that could not be made').toEqual({});
    expect(b.fx.failures, 'account B fixtures that could not be made').toEqual({});
  });

  it("every route with a path id answers another account's id exactly as an id that exists nowhere, and changes nothing", async () => {
    const unmapped: string[] = [];
    const probes: Array<{ route: MountedRoute; foreign: string; missing: string }> = [];
    for (const r of routes) {
      const params = pathParams(r.path);
      // Public routes are reached by a secret in the URL (signed file URLs, hook ids), not by a key.
      if (params.length === 0 || r.public) continue;
      const owned = params.filter((p) => !NOT_OWNED[p]);
      if (owned.length === 0) continue;
      const missingKinds = owned.filter((p) => !kindFor(p, r.path) || !b.fx.idFor(p, r.path));
      if (missingKinds.length) {
        unmapped.push(`${r.method.toUpperCase()} ${r.path}: ${missingKinds.join(', ')}`);
        continue;
      }
      // Owned parameters take the other account's ids; the rest take values valid for either.
      const foreign = fillPath(r.path, (p) => (NOT_OWNED[p] ? b.fx.idFor(p, r.path) ?? a.fx.idFor(p, r.path) ?? 'x' : b.fx.idFor(p, r.path)!));
      const missing = fillPath(r.path, (p) => (NOT_OWNED[p] ? b.fx.idFor(p, r.path) ?? a.fx.idFor(p, r.path) ?? 'x' : ghost(b.fx.idFor(p, r.path)!)));
      probes.push({ route: r, foreign, missing });
    }
    expect(unmapped, 'routes with an id parameter that fixtures.ts cannot make an object for (teach it, or list the parameter in NOT_OWNED with why)').toEqual([]);
    expect(probes.length).toBeGreaterThan(60);

    const before = await stateOf(b.accountId);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const send = (r: MountedRoute, path: string): Promise<RawResponse> => {
      const body = bodyFor(r, a.fx);
      const headers: Record<string, string> = { authorization: `Bearer ${credentialFor(r, a)}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return client.send({ method: r.method, path, headers, body });
    };
    // Destructive verbs last, so a DELETE that wrongly succeeded cannot hide a leak elsewhere.
    const order = (m: string) => (m === 'delete' ? 1 : 0);
    await inParallel([...probes].sort((x, y) => order(x.route.method) - order(y.route.method)), 8, async ({ route: r, foreign, missing }) => {
      const [f, m] = [await send(r, foreign), await send(r, missing)];
      statuses.set(f.status, (statuses.get(f.status) ?? 0) + 1);
      const label = `${r.method.toUpperCase()} ${r.path}`;
      if (f.status < 400) problems.push(`${label}: another account's id answered ${f.status} ${f.text.slice(0, 200)}`);
      else if (f.status !== m.status) problems.push(`${label}: another account's id answered ${f.status}, an id that exists nowhere ${m.status} (${f.text.slice(0, 160)} | ${m.text.slice(0, 160)})`);
      else if (f.status === 403 && !/insufficient_permissions|session_token_required|insufficient_scope/.test(f.text)) problems.push(`${label}: 403 for another account's id: ${f.text.slice(0, 200)}`);
      for (const id of Object.values(b.fx.byKind)) {
        if (id.length > 8 && f.text.includes(id) && !foreign.includes(encodeURIComponent(id)) && !foreign.includes(id)) problems.push(`${label}: the answer names another of that account's ids (${id})`);
      }
    });
    console.log(`[isolation] ${probes.length} probes; statuses ${json(Object.fromEntries(statuses))}`);
    expect(problems).toEqual([]);
    expect(await stateOf(b.accountId)).toEqual(before);
    // Most probes reach the ownership check (404); the others stop earlier for both ids alike.
    expect(statuses.get(404) ?? 0).toBeGreaterThan(probes.length / 2);
  }, 180_000);

  it("lists, SSE and telemetry never carry the other account's ids", async () => {
    const lists = routes.filter((r) => r.method === 'get' && !r.public && pathParams(r.path).length === 0);
    expect(lists.length).toBeGreaterThan(20);
    const foreignIds = Object.entries(b.fx.byKind).filter(([kind, id]) => id.length > 8 && !['template', 'node_type', 'version', 'version_hash', 'hook_path', 'signal_name'].includes(kind)).map(([, id]) => id);
    const leaks: string[] = [];
    await inParallel(lists, 8, async (r) => {
      const res = await client.send({ method: 'GET', path: r.path, headers: { authorization: `Bearer ${credentialFor(r, a)}` } });
      for (const id of foreignIds) if (res.text.includes(id)) leaks.push(`${r.path} (${res.status}) lists ${id}`);
    });
    // The account's own objects do appear where they are listed (the sweep above is not vacuous).
    const own = await client.send({ method: 'GET', path: '/engine/v1/v1/workflows', headers: { authorization: `Bearer ${a.key}` } });
    expect(own.text).toContain(a.fx.byKind.workflow);
    expect(leaks).toEqual([]);
    // A run's event stream and telemetry: 404 for the other account.
    for (const path of [`/engine/v1/v1/runs/${b.fx.byKind.run}/events`, `/engine/v1/v1/runs/${b.fx.byKind.run}/telemetry`, `/v1/story/${b.fx.byKind.story}/events`]) {
      const r = await client.send({ method: 'GET', path, headers: { authorization: `Bearer ${a.key}`, accept: 'text/event-stream' } });
      expect(r.status, path).toBe(404);
    }
  }, 120_000);

  it('read-only, revoked, expired, IP-restricted and bucket keys are refused on every write route and change nothing', async () => {
    const db = stack.atelier.deps.db;
    const mk = (opts: Partial<Parameters<typeof insertApiKey>[1]>) => insertApiKey(db, { accountId: a.accountId, name: 'isolation', type: 'admin', environment: 'production', ...opts });
    const revoked = await mk({});
    expect((await stack.api('DELETE', `/v1/auth/keys/${revoked.row.id}`)).status).toBeLessThan(300);
    const keys: Record<string, { key: string; expect: number[] }> = {
      'read-only': { key: (await mk({ type: 'read-only' })).key, expect: [403] },
      revoked: { key: revoked.key, expect: [401] },
      expired: { key: (await mk({ expiresAt: new Date(Date.now() - 1000) })).key, expect: [401] },
      'IP-restricted': { key: (await mk({ allowedIps: ['203.0.113.7'] })).key, expect: [403] },
      'bucket-scoped': { key: (await mk({ bucketId: a.fx.byKind.bucket, type: 'write' })).key, expect: [403] },
    };
    const writes = routes.filter((r) => hasBody(r.method) || r.method === 'delete').filter((r) => !r.public && (r.path.startsWith('/v1') || r.path.startsWith('/engine/v1/v1')));
    expect(writes.length).toBeGreaterThan(80);
    const before = await stateOf(a.accountId);
    const problems: string[] = [];
    let sent = 0;
    for (const [name, k] of Object.entries(keys)) {
      await inParallel(writes, 8, async (r) => {
        // A bucket key reaches its own bucket's storage routes: those are not refusals.
        if (name === 'bucket-scoped' && /^\/v1\/(buckets|photos|storage|s3)(\/|$)/.test(r.path)) return;
        const path = fillPath(r.path, (p) => a.fx.idFor(p, r.path) ?? 'x');
        const body = bodyFor(r, a.fx);
        const res = await client.send({ method: r.method, path, body, headers: { authorization: `Bearer ${k.key}`, ...(body ? { 'content-type': 'application/json' } : {}) } });
        sent++;
        if (!k.expect.includes(res.status)) problems.push(`${name} key: ${r.method.toUpperCase()} ${r.path} answered ${res.status} ${res.text.slice(0, 160)}`);
      });
    }
    console.log(`[isolation] ${sent} write requests with restricted keys`);
    expect(problems).toEqual([]);
    expect(await stateOf(a.accountId)).toEqual(before);
  }, 180_000);
});
