import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { bigSpec, edge, node, validSpec } from './fixtures';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const BASE = '/engine/v1/v1';

async function create(body: Record<string, unknown>, key?: string) {
  return stack.api('POST', `${BASE}/workflows`, { body, key });
}

describe('workflows CRUD', () => {
  it('creates a workflow with defaults applied, version 1 and a content hash', async () => {
    const r = await create({ name: 'Greeter', description: 'says hello', spec: validSpec(), tags: ['demo'] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: 'workflow', name: 'Greeter', description: 'says hello', tags: ['demo'], active: true, legacy: false, version: 1, node_count: 5, edge_count: 5 });
    expect(r.body.id).toMatch(/^wf_[0-9a-f]{24}$/);
    expect(r.body.version_hash).toMatch(/^[0-9a-f]{64}$/);
    const spec = r.body.spec;
    expect(spec).toMatchObject({ max_execution_time_s: 3600, usd_cap: null, max_steps: 500, error_handler: 'stop' });
    expect(spec.nodes[3]).toEqual({
      id: 'no', type: 'io.set', position: [0, 0], params: { values: { text: 'small' } }, credentials: {}, retry: null,
      timeout_s: null, continue_on_error: false, disabled: false, notes: null,
    });
    expect(spec.edges[0]).toEqual({ id: 'e1', source: 'start', source_port: 'main', target: 'check', target_port: 'main', animated: false });

    const got = await stack.api('GET', `${BASE}/workflows/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    // The alias without the doubled /v1 serves the same.
    const alias = await stack.api('GET', `/engine/v1/workflows/${r.body.id}`);
    expect(alias.body.id).toBe(r.body.id);
  });

  it('the same content hashes the same whatever the key order or omitted defaults', async () => {
    const a = await create({ name: 'a', spec: validSpec() });
    const reordered = JSON.parse(JSON.stringify(validSpec(), (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
    reordered.max_steps = 500;
    const b = await create({ name: 'b', spec: reordered });
    expect(b.body.version_hash).toBe(a.body.version_hash);
  });

  it('PUT: every field optional; a changed spec is a new immutable version, the same spec is not', async () => {
    const r = await create({ name: 'Versioned', spec: validSpec() });
    const id = r.body.id;
    const renamed = await stack.api('PUT', `${BASE}/workflows/${id}`, { body: { name: 'Renamed', active: false, tags: ['x'] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', active: false, tags: ['x'], version: 1, version_hash: r.body.version_hash });

    const same = await stack.api('PUT', `${BASE}/workflows/${id}`, { body: { spec: validSpec() } });
    expect(same.body.version).toBe(1);

    const changed = validSpec();
    changed.variables.greeting = 'hi';
    const v2 = await stack.api('PUT', `${BASE}/workflows/${id}`, { body: { spec: changed, description: null } });
    expect(v2.status).toBe(200);
    expect(v2.body.version).toBe(2);
    expect(v2.body.version_hash).not.toBe(r.body.version_hash);
    expect(v2.body.spec.variables.greeting).toBe('hi');
    expect(v2.body.name).toBe('Renamed');

    const versions = await stack.api('GET', `${BASE}/workflows/${id}/versions`);
    expect(versions.body.data.map((v: any) => [v.version, v.current])).toEqual([[2, true], [1, false]]);
    const v1 = await stack.api('GET', `${BASE}/workflows/${id}/versions/1`);
    expect(v1.body.spec.variables.greeting).toBe('hello');
    expect(v1.body.version_hash).toBe(r.body.version_hash);

    // An invalid spec on PUT is refused whole: nothing else changes either.
    const bad = await stack.api('PUT', `${BASE}/workflows/${id}`, { body: { name: 'Nope', spec: { ...changed, nodes: [], edges: [] } } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'spec', 'nodes']);
    const after = await stack.api('GET', `${BASE}/workflows/${id}`);
    expect(after.body).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('DELETE removes the workflow from view (404 afterwards)', async () => {
    const r = await create({ name: 'Doomed', spec: validSpec() });
    const del = await stack.api('DELETE', `${BASE}/workflows/${r.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ object: 'workflow', id: r.body.id, deleted: true });
    expect((await stack.api('GET', `${BASE}/workflows/${r.body.id}`)).status).toBe(404);
    expect((await stack.api('DELETE', `${BASE}/workflows/${r.body.id}`)).status).toBe(404);
    const list = await stack.api('GET', `${BASE}/workflows?limit=200`);
    expect(list.body.data.map((w: any) => w.id)).not.toContain(r.body.id);
  });

  it('duplicate copies spec, description and tags under "<name> (copy)", as a new inactive workflow', async () => {
    const r = await create({ name: 'Original', description: 'd', tags: ['t'], spec: validSpec() });
    const copy = await stack.api('POST', `${BASE}/workflows/${r.body.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Original (copy)', description: 'd', tags: ['t'], version: 1, version_hash: r.body.version_hash, active: false });
    expect(copy.body.id).not.toBe(r.body.id);
    expect(copy.body.spec).toEqual(r.body.spec);
    const named = await stack.api('POST', `${BASE}/workflows/${r.body.id}/duplicate`, { body: { name: 'Custom' } });
    expect(named.body.name).toBe('Custom');
  });

  it('lists with limit/offset, newest first, and hides legacy workflows unless include_legacy', async () => {
    const { key } = await stack.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ name: `w${i}`, spec: validSpec() }, key)).body.id);
    // A legacy workflow (imported from an older format) is marked by the importer, not the API.
    const legacyId = (await create({ name: 'old', spec: validSpec() }, key)).body.id;
    await stack.atelier.deps.db.updateTable('workflows').set({ legacy: true }).where('id', '=', legacyId).execute();

    const page = await stack.api('GET', `${BASE}/workflows?limit=2`, { key });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ object: 'list', total: 3, limit: 2, offset: 0, has_more: true });
    expect(page.body.data.map((w: any) => w.name)).toEqual(['w2', 'w1']);
    expect(page.body.data[0]).toMatchObject({ object: 'workflow', version: 1, node_count: 5 });
    expect(page.body.data[0].spec).toBeUndefined();
    const next = await stack.api('GET', `${BASE}/workflows?limit=2&offset=2`, { key });
    expect(next.body.data.map((w: any) => w.name)).toEqual(['w0']);
    expect(next.body.has_more).toBe(false);
    const all = await stack.api('GET', `${BASE}/workflows?include_legacy=true`, { key });
    expect(all.body.total).toBe(4);
    expect(all.body.data.find((w: any) => w.id === legacyId)).toMatchObject({ legacy: true });
    const defaults = await stack.api('GET', `${BASE}/workflows`, { key });
    expect(defaults.body).toMatchObject({ limit: 50, offset: 0, total: 3 });
    expect((await stack.api('GET', `${BASE}/workflows?limit=0`, { key })).status).toBe(422);
  });

  it("another account's workflow answers 404 on every route", async () => {
    const mine = await create({ name: 'Private', spec: validSpec() });
    const { key } = await stack.newAccount();
    const id = mine.body.id;
    for (const [method, path, body] of [
      ['GET', `/workflows/${id}`, undefined],
      ['PUT', `/workflows/${id}`, { name: 'stolen' }],
      ['DELETE', `/workflows/${id}`, undefined],
      ['POST', `/workflows/${id}/duplicate`, undefined],
      ['GET', `/workflows/${id}/versions`, undefined],
      ['GET', `/workflows/${id}/versions/1`, undefined],
    ] as const) {
      const r = await stack.api(method, BASE + path, { key, body });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ detail: 'Not Found' });
    }
    expect((await stack.api('GET', `${BASE}/workflows`, { key })).body.total).toBe(0);
    expect((await stack.api('GET', `${BASE}/workflows/${id}`)).body.name).toBe('Private');
  });

  it('stores and serves a 10,000-node workflow', async () => {
    const spec = bigSpec(10_000);
    const r = await create({ name: 'Big', spec });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ node_count: 10_000, edge_count: spec.edges.length, version: 1 });
    const got = await stack.api('GET', `${BASE}/workflows/${r.body.id}`);
    expect(got.body.spec.nodes).toHaveLength(10_000);
    expect(got.body.version_hash).toBe(r.body.version_hash);
  });

  it('requires authentication', async () => {
    expect((await stack.api('GET', `${BASE}/workflows`, { key: null })).status).toBe(401);
  });
});

describe('resolveWorkflowForRun', () => {
  it('pins the current version, or stores a spec_override as its own version', async () => {
    const { resolveWorkflowForRun } = await import('../../../src/engine/workflows/service');
    const r = await create({ name: 'Runnable', spec: validSpec() });
    const db = stack.atelier.deps.db;
    const current = await resolveWorkflowForRun(db, stack.accountId, r.body.id);
    expect(current.version).toMatchObject({ version: 1, hash: r.body.version_hash, origin: 'edit' });
    expect(current.plan.order).toEqual(['start', 'check', 'yes', 'no', 'join']);

    const override = validSpec();
    override.variables.threshold = 10;
    const o1 = await resolveWorkflowForRun(db, stack.accountId, r.body.id, override);
    expect(o1.version).toMatchObject({ version: 2, origin: 'run_override' });
    expect(o1.plan.variables.threshold).toBe(10);
    const o2 = await resolveWorkflowForRun(db, stack.accountId, r.body.id, override);
    expect(o2.version.version).toBe(2);
    // An override does not become the workflow's current version.
    expect((await stack.api('GET', `${BASE}/workflows/${r.body.id}`)).body.version).toBe(1);
    // Editing after an override takes the next number.
    const put = await stack.api('PUT', `${BASE}/workflows/${r.body.id}`, { body: { spec: { ...validSpec(), max_steps: 9 } } });
    expect(put.body.version).toBe(3);

    await expect(resolveWorkflowForRun(db, stack.accountId, r.body.id, { ...override, nodes: [], edges: [] })).rejects.toMatchObject({
      status: 422, body: { detail: [expect.objectContaining({ loc: ['body', 'spec_override', 'nodes'] })] },
    });
    const { accountId } = await stack.newAccount();
    await expect(resolveWorkflowForRun(db, accountId, r.body.id)).rejects.toMatchObject({ status: 404 });
  });

  it("plans a stored version once for all its runs (frozen), a new version anew, and refuses one whose node types the registry lacks", async () => {
    const { resolveWorkflowForRun } = await import('../../../src/engine/workflows/service');
    const { nodeRegistry } = await import('../../../src/engine/catalogue/node-registry');
    const db = stack.atelier.deps.db;
    const r = await create({ name: 'Planned once', spec: validSpec() });
    const a = await resolveWorkflowForRun(db, stack.accountId, r.body.id);
    const b = await resolveWorkflowForRun(db, stack.accountId, r.body.id);
    expect(b.plan).toBe(a.plan);
    expect(Object.isFrozen(a.plan) && Object.isFrozen(a.plan.nodes.start) && Object.isFrozen(a.plan.order)).toBe(true);
    expect(() => {
      (a.plan.order as string[]).push('x');
    }).toThrow(TypeError);

    await stack.api('PUT', `${BASE}/workflows/${r.body.id}`, { body: { spec: { ...validSpec(), max_steps: 9 } } });
    const edited = await resolveWorkflowForRun(db, stack.accountId, r.body.id);
    expect(edited.version.version).toBe(2);
    expect(edited.plan).not.toBe(a.plan);
    expect(edited.plan.maxSteps).toBe(9);

    // A registry without io.set (a node type withdrawn): the stored version no longer plans.
    const without = { get: (type: string) => (type === 'io.set' ? undefined : nodeRegistry.get(type)), list: () => nodeRegistry.list().filter((d) => d.type !== 'io.set') };
    for (let i = 0; i < 2; i++) {
      await expect(resolveWorkflowForRun(db, stack.accountId, r.body.id, undefined, { registry: without })).rejects.toMatchObject({ status: 422 });
    }
    // The installed catalogue still plans it (the same plan as before).
    expect((await resolveWorkflowForRun(db, stack.accountId, r.body.id)).plan).toBe(edited.plan);
  });

  it("finds a spec_override it stored before without the workflow's lock; a new one still waits for it", async () => {
    const { resolveWorkflowForRun } = await import('../../../src/engine/workflows/service');
    const db = stack.atelier.deps.db;
    const r = await create({ name: 'Overridden under a lock', spec: validSpec() });
    const override = validSpec();
    override.variables.threshold = 11;
    const first = await resolveWorkflowForRun(db, stack.accountId, r.body.id, override);
    expect(first.version).toMatchObject({ version: 2, origin: 'run_override' });

    // Another transaction holds the workflow row (as one storing a version, or an edit, would).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await sql`select id from workflows where id = ${r.body.id} for update`.execute(trx);
      taken();
      await held;
    });
    await lockTaken;
    const newer = validSpec();
    newer.variables.threshold = 12;
    let pending: Promise<unknown> | undefined;
    try {
      const timeout = (ms: number) => new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms));
      const again = await Promise.race([resolveWorkflowForRun(db, stack.accountId, r.body.id, override), timeout(5000)]);
      expect(again).toMatchObject({ version: { version: 2, hash: first.version.hash, origin: 'run_override' } });
      expect((again as typeof first).plan.variables.threshold).toBe(11);
      pending = resolveWorkflowForRun(db, stack.accountId, r.body.id, newer);
      expect(await Promise.race([pending.then(() => 'resolved'), timeout(300)])).toBe('timed out');
    } finally {
      release();
      await holder;
    }
    expect(await pending).toMatchObject({ version: { version: 3, origin: 'run_override' } });
  });
});

describe('node catalogue (GET /v1/nodes)', () => {
  it('lists every core node with its ports, filterable by category and tag', async () => {
    const r = await stack.api('GET', `${BASE}/nodes`);
    expect(r.status).toBe(200);
    const types = r.body.data.map((n: any) => n.type);
    for (const t of ['trigger.manual', 'io.set', 'logic.if', 'logic.switch', 'logic.merge', 'logic.stop_and_error', 'control.delay',
      'control.approval', 'control.wait_webhook', 'code.javascript', 'http.request', 'system.log', 'ai.chat', 'image.generate']) {
      expect(types).toContain(t);
    }
    expect(r.body.total).toBe(types.length);
    const logic = await stack.api('GET', `${BASE}/nodes?category=logic`);
    // Exactly the catalogue's logic nodes (the core four among them).
    const logicTypes = logic.body.data.map((n: any) => n.type).sort();
    expect(logicTypes).toEqual(types.filter((t: string) => t.startsWith('logic.')).sort());
    expect(logicTypes).toEqual(expect.arrayContaining(['logic.if', 'logic.merge', 'logic.stop_and_error', 'logic.switch']));
    const tagged = await stack.api('GET', `${BASE}/nodes?tag=wait`);
    expect(tagged.body.data.map((n: any) => n.type)).toEqual(expect.arrayContaining(['control.approval', 'control.delay', 'control.wait_webhook']));
    for (const n of tagged.body.data) expect(n.tags, n.type).toContain('wait');
    const sub = await stack.api('GET', `${BASE}/nodes?category=ai&subcategory=text`);
    expect(sub.body.data.map((n: any) => n.type)).toContain('ai.chat');
    for (const n of sub.body.data) expect([n.category, n.subcategory], n.type).toEqual(['ai', 'text']);
    expect((await stack.api('GET', `${BASE}/nodes?category=nope`)).body.data).toEqual([]);
    // Empty filters, as a form sends them, filter nothing.
    const empty = await stack.api('GET', `${BASE}/nodes?category=&subcategory=&tag=`);
    expect(empty.status).toBe(200);
    expect(empty.body.total).toBe(types.length);
  });

  it('describes one node type with params_schema as JSON Schema', async () => {
    const r = await stack.api('GET', `${BASE}/nodes/logic.if`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      type: 'logic.if', category: 'logic', name: 'If', version: 1,
      inputs: [{ name: 'main' }], outputs: [{ name: 'true' }, { name: 'false' }],
    });
    expect(r.body.params_schema.type).toBe('object');
    expect(r.body.params_schema.properties.operator.enum).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'exists']);
    const http = await stack.api('GET', `${BASE}/nodes/http.request`);
    expect(http.body.params_schema.required).toEqual(['url']);
    expect(http.body.params_schema.properties.method.default).toBe('GET');
    const code = await stack.api('GET', `${BASE}/nodes/code.javascript`);
    expect(code.body.params_schema.properties.timeout_s).toMatchObject({ default: 5, maximum: 30 });
  });

  it('answers an unknown node type with 404 {detail:"Not Found"}', async () => {
    const r = await stack.api('GET', `${BASE}/nodes/nope.nothing`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ detail: 'Not Found' });
  });
});

export { edge, node };
