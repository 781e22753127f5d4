// Bad input, over every mounted route: the route list is walked from the router and bodies and
// queries are generated from the zod schemas each route validates with (fast-check, fixed seed),
// plus hostile generic input (wrong types, huge and deep JSON, __proto__, invalid UTF-8, wrong
// content types, NaN/Infinity/negative numbers, ids of every shape) with an admin and a write key.
//
// Phase 1 sends only what must be refused (bad credentials, read-only keys on writes, malformed,
// deep, oversized or wrongly typed bodies, ids that exist nowhere): every answer is a refusal and
// the wallet, the ledger and the row counts of the key tables are the same afterwards.
// Phase 2 sends schema-shaped input and its mutations (real ids included): nothing answers 5xx.
// In both, every refusal is in the route family's documented envelope.
//
// Reproduce a failure with FUZZ_SEED=<the seed printed in the failure>.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MountedRoute } from '../../src/infra/http/openapi';
import { insertApiKey } from '../../src/platform/accounts/accounts';
import { startStack, type TestStack } from '../helpers/stack';
import { createFixtures, type Fixtures } from './fixtures';
import { envelopeProblem, fillPath, inParallel, mountedRoutes, pathParams, RawClient, type RawRequest, type RawResponse } from './http';
import { arbitraryFor, hostileId, hostileValue, mutate } from './schema-arbitrary';
import { z } from 'zod';

const SEED = Number(process.env.FUZZ_SEED ?? 16_016);
const CONCURRENCY = 12;

let stack: TestStack;
let client: RawClient;
let routes: MountedRoute[];
let keys: { admin: string; write: string; readOnly: string; revoked: string; expired: string };
let fixtures: Fixtures;

/**
 * Routes whose success would destroy the test's own credentials. None is skipped today: the keys
 * the fuzzer uses are never offered as ids (so revoke and rotate only ever see ids of keys made
 * for the fuzz), and the console's password routes take a session, which the fuzzer never has.
 */
const SKIPPED = new Set<string>();

beforeAll(async () => {
  stack = await startStack({
    // Every request counts against the caller's windows; the fuzzer sends thousands a minute.
    ATELIER_RATE_LIMIT_SCALE: '1000000',
    // Generated URLs must never reach anything on this machine.
    ATELIER_ALLOW_PRIVATE_NETWORK: '0',
    // Small enough that an oversized body is cheap to send.
    ATELIER_MAX_BODY: '1mb',
    S3_ENDPOINT: inject('s3Endpoint'),
  });
  client = new RawClient(stack.url, CONCURRENCY);
  const mk = async (type: 'write' | 'read-only' | 'admin', expiresAt: Date | null = null) =>
    insertApiKey(stack.atelier.deps.db, { accountId: stack.accountId, name: `fuzz ${type}`, type, environment: 'production', expiresAt });
  const revoked = await mk('admin');
  const revoke = await stack.api('DELETE', `/v1/auth/keys/${revoked.row.id}`);
  expect(revoke.status, revoke.text).toBeLessThan(300);
  keys = {
    admin: stack.adminKey,
    write: (await mk('write')).key,
    readOnly: (await mk('read-only')).key,
    revoked: revoked.key,
    expired: (await mk('admin', new Date(Date.now() - 60_000))).key,
  };
  fixtures = await createFixtures(stack, stack.adminKey);
  routes = mountedRoutes(stack).filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
});

afterAll(async () => {
  client?.close();
  await stack?.close();
});

/** Wallet, ledger and the row count of every table a request could write. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = [
    'accounts', 'api_keys', 'ledger_entries', 'credit_ledger', 'enterprise_applications', 'workflows', 'workflow_versions', 'runs', 'run_events',
    'stories', 'webhooks', 'webhook_deliveries', 'generation_jobs', 'output_destinations', 'output_rules', 'face_assets', 'voice_agents',
    'simple_buckets', 'storage_files', 's3_buckets', 's3_credentials', 'engine_schedules', 'engine_hooks', 'engine_connections',
    'engine_rate_policies', 'engine_audit_entries', 'engine_incidents', 'engine_tests', 'engine_canary_rules', 'engine_widgets',
    'engine_template_uses', 'idempotency_keys', 'engine_approval_requests', 'engine_approval_decisions', 'engine_approval_links', 'run_node_outputs',
  ];
  const counts = tables.map((t) => sql`(select count(*) from ${sql.table(t)})::text as ${sql.ref(t)}`);
  const { rows } = await sql<Record<string, string>>`select ${sql.join(counts)},
    (select coalesce(sum(balance_micros), 0) from accounts)::text as wallet_micros,
    (select coalesce(sum(lifetime_spend_micros), 0) from accounts)::text as spend_micros,
    (select md5(coalesce(string_agg(id::text || ':' || coalesce(revoked_at::text, '') || ':' || coalesce(name, ''), ',' order by id), '')) from api_keys) as keys_state,
    (select md5(coalesce(string_agg(id::text || ':' || coalesce(updated_at::text, ''), ',' order by id), '')) from workflows) as workflows_state
  `.execute(stack.atelier.deps.db);
  return rows[0]!;
}

interface Case extends RawRequest {
  route: string;
  why: string;
}

interface Finding {
  why: string;
  request: string;
  status: number;
  body: string;
}

/** One line per kind of finding (route, what, status) with its count and first example. */
function summarise(findings: Finding[]): string {
  const groups = new Map<string, { n: number; first: Finding }>();
  for (const f of findings) {
    const k = `${f.request.split(' [')[1]?.split(']')[0]} | ${f.why.replace(/^case \d+: /, '')} | ${f.status}`;
    const g = groups.get(k);
    if (g) g.n++;
    else groups.set(k, { n: 1, first: f });
  }
  return [...groups.entries()].slice(0, 40).map(([k, g]) => `\n  ${g.n}× ${k}\n     e.g. ${g.first.request.slice(0, 300)}\n     → ${g.first.body.slice(0, 300)}`).join('');
}

const describeReq = (c: Case) => `${c.method.toUpperCase()} ${c.path} [${c.route}] ${c.headers?.['content-type'] ?? ''} ${typeof c.body === 'string' ? c.body.slice(0, 300) : c.body ? `<${c.body.length} bytes>` : ''}`;

const timing = new Map<string, number>();
const slowest = () => [...timing.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([r, ms]) => `${r} ${ms}ms`).join('; ');

/** What each route answered over both phases: its statuses, and each refusal's code with its status (`422 unknown_link_approver`). */
const byRoute = new Map<string, Set<string>>();

async function fire(cases: Case[], check: (c: Case, r: RawResponse) => string | null): Promise<{ findings: Finding[]; statuses: Map<number, number> }> {
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  await inParallel(cases, CONCURRENCY, async (c) => {
    let r: RawResponse;
    const t0 = Date.now();
    try {
      r = await client.send(c);
      timing.set(c.route, (timing.get(c.route) ?? 0) + Date.now() - t0);
    } catch (err) {
      findings.push({ why: `${c.why}: transport error ${String(err)}`, request: describeReq(c), status: 0, body: '' });
      return;
    }
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const code = /"(?:error|code)":"(\w+)"/.exec(r.text)?.[1];
    byRoute.set(c.route, (byRoute.get(c.route) ?? new Set()).add(String(r.status)).add(code ? `${r.status} ${code}` : String(r.status)));
    // /healthz answers 503 while a dependency is down, and the Stripe routes answer 503
    // topup_unavailable while the deployment's top-up gateway is not Stripe: their contract, not a fault.
    const documented503 = r.status === 503 && (c.route === 'GET /healthz' || (STRIPE_ROUTES.has(c.route) && code === 'topup_unavailable'));
    const problem = r.status >= 500 && !documented503 ? `answered ${r.status}` : check(c, r);
    if (problem) findings.push({ why: `${c.why}: ${problem}`, request: describeReq(c), status: r.status, body: r.text.slice(0, 400) });
  });
  return { findings, statuses };
}

/** Routes that need the Stripe top-up gateway (this stack runs another). */
const STRIPE_ROUTES = new Set(['POST /v1/billing/stripe/webhook', 'POST /v1/console/billing/payment-method']);

const refusalEnvelope = (c: Case, r: RawResponse) => (r.status >= 400 ? envelopeProblem(c.path, r.status, r.body) : null);

const json = (v: unknown) => JSON.stringify(v);
const auth = (key: string | null, extra: Record<string, string> = {}) => ({ ...(key ? { authorization: `Bearer ${key}` } : {}), ...extra });
const hasBody = (m: string) => !['get', 'head', 'delete', 'options'].includes(m);

function jsonSchemaOf(schema: z.ZodType | undefined): Record<string, any> | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, any>;
  } catch {
    return {};
  }
}

/** `fc.sample` with a seed per purpose, so adding a route does not reshuffle every other one. */
function sample<T>(arb: fc.Arbitrary<T>, n: number, salt: string): T[] {
  let h = SEED;
  for (const ch of salt) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return fc.sample(arb, { seed: h, numRuns: n });
}

function toQuery(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const parts: string[] = [];
  for (const [k, val] of Object.entries(v)) {
    if (val === undefined) continue;
    const enc = (x: unknown) => percent(typeof x === 'string' ? x : JSON.stringify(x) ?? '');
    if (Array.isArray(val)) for (const item of val) parts.push(`${encodeURIComponent(k)}=${enc(item)}`);
    else parts.push(`${encodeURIComponent(k)}=${enc(val)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}


const succeeded = (answers: string[]) => answers.some((a) => a.startsWith('2'));
/** Routes with ids the fuzzer must reach with real ones, and what shows it did. */
const REACHED: Record<string, (answers: string[]) => boolean> = {
  'GET /engine/v1/v1/approvals/:id': succeeded,
  'POST /engine/v1/v1/approvals/:id/decisions': succeeded,
  // A generated label is never one the request names, and once its link is spent the request is
  // closed: either refusal shows the request was found.
  'POST /engine/v1/v1/approvals/:id/links': (answers) => answers.includes('422 unknown_link_approver') || answers.includes('409 approval_closed'),
  'GET /engine/v1/v1/approvals/links/:token': succeeded,
  // The first valid decision spends the link; later ones are told so.
  'POST /engine/v1/v1/approvals/links/:token': (answers) => succeeded(answers) || answers.includes('410 approval_link_used'),
  'GET /engine/v1/v1/runs/:run_id/nodes/:node_id/outputs/:port': succeeded,
  'DELETE /engine/v1/v1/runs/:run_id': succeeded,
};

describe('bad input over every mounted route', () => {
  let total = 0;

  it('phase 1: input that must be refused is refused, in the envelope, and changes nothing', async () => {
    const cases: Case[] = [];
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const oversized = json({ name: 'x'.repeat(1_100_000) });
    for (const r of routes) {
      const route = `${r.method.toUpperCase()} ${r.path}`;
      const params = pathParams(r.path);
      const fakeIds = sample(hostileId, params.length ? 6 : 1, `ids ${route}`);
      const fake = (i: number) => fillPath(r.path, () => fakeIds[i % fakeIds.length]!);
      const realish = fillPath(r.path, (n) => fixtures.idFor(n, r.path) ?? fakeIds[0]!);
      const bodySchema = jsonSchemaOf(r.doc?.body);
      const good = bodySchema ? sample(arbitraryFor(bodySchema, fixtures.ids), 1, `good ${route}`)[0] : undefined;
      const withBody = (b: string | Buffer | undefined, ct = 'application/json'): { body?: string | Buffer; headers: Record<string, string> } =>
        hasBody(r.method) && b !== undefined ? { body: b, headers: { 'content-type': ct } } : { headers: {} };
      const add = (why: string, path: string, key: string | null, b?: string | Buffer, ct?: string, extra: Record<string, string> = {}) => {
        const wb = withBody(b, ct);
        cases.push({ route, why, method: r.method, path, body: wb.body, headers: { ...wb.headers, ...auth(key, extra) } as Record<string, string> });
      };

      if (!r.public) {
        // Bad credentials: none, junk, well-formed but unknown, wrong scheme, revoked, expired.
        const goodBody = good === undefined ? undefined : json(good);
        add('no credential', realish, null, goodBody);
        add('junk bearer', realish, `junk-${randomBytes(4).toString('hex')}`, goodBody);
        add('unknown svc key', realish, `svc_live_${randomBytes(24).toString('hex')}`, goodBody);
        add('basic scheme', realish, null, goodBody, undefined, { authorization: 'Basic YWRtaW46YWRtaW4=' });
        add('revoked key', realish, keys.revoked, goodBody);
        add('expired key', realish, keys.expired, goodBody);
        add('empty bearer', realish, null, goodBody, undefined, { authorization: 'Bearer ' });
        // A read-only key makes GET requests only, whatever the body.
        if (!['get', 'head', 'options'].includes(r.method)) add('read-only key on a write', realish, keys.readOnly, goodBody);
      }
      if (r.doc?.body && hasBody(r.method)) {
        const p = params.length ? realish : r.path;
        add('malformed JSON', p, keys.admin, '{"name": ');
        add('NaN literal', p, keys.admin, '{"n": NaN}');
        add('Infinity literal', p, keys.admin, '{"n": Infinity}');
        add('deep JSON', p, keys.admin, deep);
        add('deep JSON under a key', p, keys.admin, `{"a":${deep}}`);
        add('top-level number', p, keys.admin, '42');
        add('top-level string', p, keys.admin, '"x"');
        add('charset utf-16', p, keys.admin, '{}', 'application/json; charset=utf-16');
        if (bodySchema?.type === 'object') add('top-level array', p, keys.admin, '[1,2,3]');
        if (cases.length % 7 === 0) add('oversized body', p, keys.admin, oversized);
        const required: string[] = bodySchema?.required ?? [];
        if (bodySchema?.type === 'object' && required.length > 0 && good && typeof good === 'object') {
          for (const bad of [{}, [], 1e308, -1, true] as unknown[]) {
            const first = required[0]!;
            const prop = bodySchema.properties?.[first] ?? {};
            // Only a value the field's schema cannot accept.
            if (schemaAccepts(prop, bad)) continue;
            add(`required ${first} of the wrong type`, p, keys.admin, json({ ...(good as object), [first]: bad }));
          }
          add(`required ${required[0]} missing`, p, keys.admin, json(Object.fromEntries(Object.entries(good as object).filter(([k]) => k !== required[0]))));
        }
      }
      if (params.length) {
        const goodBody = good === undefined ? undefined : json(good);
        for (let i = 0; i < fakeIds.length; i++) add('an id that exists nowhere', fake(i), keys.admin, goodBody);
        add('an id that exists nowhere (write key)', fake(1), keys.write, goodBody);
      }
    }
    const before = await snapshot();
    const { findings, statuses } = await fire(cases, (c, r) => {
      if (r.status < 400) return `a must-refuse request answered ${r.status}`;
      return refusalEnvelope(c, r);
    });
    // Nothing was accepted, so nothing may have changed (no async work was started either).
    const after = await snapshot();
    total += cases.length;
    console.log(`[fuzz] seed ${SEED}: phase 1 sent ${cases.length} requests over ${routes.length} routes; statuses ${json(Object.fromEntries(statuses))}`);
    expect(findings.length, `seed ${SEED}: ${findings.length} findings:${summarise(findings)}`).toBe(0);
    expect(after, `seed ${SEED}: refused requests changed the database`).toEqual(before);
  }, 180_000);

  it('phase 2: schema-shaped and mutated input never answers 5xx; refusals are in the envelope', async () => {
    const cases: Case[] = [];
    // Routes that take no input at all (/metrics, /openapi.json, /docs…) get a few cases; the
    // budget goes to the routes with schemas.
    const takesInput = (r: MountedRoute) => Boolean(r.doc?.body || r.doc?.query || r.doc?.params || pathParams(r.path).length || hasBody(r.method));
    const inputRoutes = routes.filter(takesInput).length;
    const perInputRoute = Math.max(24, Math.ceil(7_000 / inputRoutes));
    const contentTypes = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml', ''];
    for (const r of routes) {
      const route = `${r.method.toUpperCase()} ${r.path}`;
      const perRoute = takesInput(r) ? perInputRoute : 3;
      const bodySchema = jsonSchemaOf(r.doc?.body);
      const querySchema = jsonSchemaOf(r.doc?.query);
      const bodies = bodySchema ? sample(arbitraryFor(bodySchema, fixtures.ids), perRoute, `body ${route}`) : [];
      const queries = querySchema ? sample(arbitraryFor(querySchema, fixtures.ids), perRoute, `query ${route}`) : [];
      const mutatedBodies = bodies.map((b, i) => (i % 2 === 1 ? sample(mutate(b), 1, `mutate ${route} ${i}`)[0] : b));
      const mutatedQueries = queries.map((q, i) => (i % 3 === 2 ? sample(mutate(q), 1, `mq ${route} ${i}`)[0] : q));
      const ids = sample(fc.oneof(hostileId, fc.constant('')), perRoute, `pids ${route}`);
      const hostileBodies = sample(fc.oneof(hostileValue, fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 4 })), perRoute, `hb ${route}`);
      for (let i = 0; i < perRoute; i++) {
        // Path ids: own objects' ids half of the time (deeper code runs), hostile ids otherwise.
        const path = fillPath(r.path, (n) => (i % 2 === 0 && fixtures.idFor(n, r.path) ? fixtures.idFor(n, r.path)! : ids[i] || 'x'));
        const q = i % 4 === 3 ? hostileQuery(i) : toQuery(mutatedQueries[i]);
        let body: string | Buffer | undefined;
        let ct = 'application/json';
        if (hasBody(r.method)) {
          const mode = i % 8;
          if (mode === 5) body = json(hostileBodies[i]);
          else if (mode === 6) {
            // Invalid UTF-8 inside a JSON string, and a lone surrogate escape.
            body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('\\ud800","title":"\\udfff"}')]);
          } else if (mode === 7) {
            ct = contentTypes[(i >> 3) % contentTypes.length]!;
            body = json(mutatedBodies[i] ?? {});
          } else body = json(mutatedBodies[i] ?? {});
          if (i % 16 === 9) body = `{"__proto__":{"admin":true,"type":"admin"},"constructor":{"prototype":{"polluted":1}},${typeof body === 'string' && body.startsWith('{') && body.length > 2 ? body.slice(1) : '"x":1}'}`;
        }
        const key = i % 3 === 1 ? keys.write : keys.admin;
        const headers: Record<string, string> = { ...auth(r.public && i % 2 ? null : key) };
        if (body !== undefined && ct) headers['content-type'] = ct;
        if (i % 11 === 4) headers['idempotency-key'] = `fuzz-${i % 5}-${route.length}`;
        if (i % 13 === 6) headers['x-tier'] = ['enterprise', 'x'.repeat(300), '__proto__', ''][i % 4]!;
        cases.push({ route, why: `case ${i}`, method: r.method, path: path + q, body, headers });
      }
    }
    // Deletions last, so a fixture deleted early does not keep the other routes from its deeper code.
    cases.sort((x, y) => Number(x.method === 'delete') - Number(y.method === 'delete'));
    const started = Date.now();
    const { findings, statuses } = await fire(cases, refusalEnvelope);
    console.log(`[fuzz] phase 2 took ${Date.now() - started} ms; slowest routes: ${slowest()}`);
    total += cases.length;
    if (findings.length) console.log(`[fuzz] phase 2 findings:${summarise(findings)}`);
    console.log(`[fuzz] seed ${SEED}: phase 2 sent ${cases.length} requests; statuses ${json(Object.fromEntries(statuses))}; ${total} in all`);
    expect(findings.length, `seed ${SEED}: ${findings.length} findings:${summarise(findings)}`).toBe(0);
    expect(total).toBeGreaterThanOrEqual(10_000);
    // The fixtures' ids take these routes past their lookup (the fixture's own answer, not only 404s).
    const unreached = Object.entries(REACHED).filter(([route, ok]) => !ok([...(byRoute.get(route) ?? [])])).map(([route]) => `${route}: ${[...(byRoute.get(route) ?? [])].sort().join(', ') || 'never sent'}`);
    expect(unreached, 'routes the fuzzer did not take past their id lookup').toEqual([]);
    // The server is still whole: a plain request still works.
    expect((await stack.api('GET', '/v1/billing/balance')).status).toBe(200);
  }, 240_000);
});

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it); NUL is left out (its own test covers it). */
const percent = (s: string) => [...Buffer.from(s.split('\u0000').join(''), 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`)).join('');

function hostileQuery(i: number): string {
  const q = [
    '?limit=-1&offset=-5', '?limit=1e309', '?limit=NaN&offset=Infinity', '?limit=99999999999999999999', '?__proto__[polluted]=1&constructor[prototype][x]=1',
    '?status[]=a&status[]=b', '?a[b][c][d][e][f][g]=1', `?cursor=${'%FF'.repeat(10)}`, `?q=${'x'.repeat(5000)}`, '?limit=1&limit=2', '?%zz=1', '?id=%00x'.replace('%00', '%01'),
  ];
  return q[i % q.length]!;
}

/** Whether a (simple) JSON schema could accept `v`: used only to avoid "wrong type" values that are right. */
function schemaAccepts(s: Record<string, any>, v: unknown): boolean {
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) return alts.some((a: Record<string, any>) => schemaAccepts(a, v));
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return true;
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}
