// Issue 17: places where the running service answered differently from its contract or from its
// own README. One test per item; README examples are read from README.md and re-run here.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { MEDIUM_OR_HIGHER } from '../../src/platform/tiers/plan-gate';
import { startStack, type TestStack } from '../helpers/stack';
import { createWorkflow, spec, startRun, waitForRun } from '../engine/runs/helpers';

const root = resolve(import.meta.dirname, '../..');
// The manual: the README and every page under docs/ (examples live on the page of their capability).
const readme = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)]
  .map((f) => readFileSync(join(root, f), 'utf8'))
  .join('\n');

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** The `# {...}` answer line that follows the first README line containing `marker`. */
function documentedAnswer(marker: string): unknown {
  const lines = readme.split('\n');
  const at = lines.findIndex((l) => l.includes(marker));
  expect(at, `README has no line containing ${marker}`).toBeGreaterThanOrEqual(0);
  const answer = lines.slice(at + 1).find((l) => l.startsWith('# {'));
  return JSON.parse(answer!.slice(2));
}

describe('17.1 the engine needs the Medium plan or higher', () => {
  it('a basic-plan account gets 403 feature_not_available naming the plan on every engine route; Medium and above pass', async () => {
    const basic = await stack.newAccount({ balanceUsd: 5 });
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/engine/v1/v1/workflows'],
      ['POST', '/engine/v1/v1/workflows', { name: 'x', spec: {} }],
      ['GET', '/engine/v1/v1/runs'],
      ['POST', '/engine/v1/v1/runs', { workflow_id: 'wf_x', input: {} }],
      ['GET', '/engine/v1/v1/nodes'],
      ['GET', '/engine/v1/runs/run_x'],
      ['GET', '/engine/v1/v1/runs/watchdog/status'],
    ];
    for (const [method, path, body] of routes) {
      const r = await stack.api(method, path, { key: basic.key, body });
      expect([path, r.status]).toEqual([path, 403]);
      expect(r.body).toEqual({
        detail: {
          error: 'feature_not_available',
          message: expect.stringContaining('Medium plan'),
          required_plan: 'medium',
          required_tiers: [...MEDIUM_OR_HIGHER],
          tier: 'payg-basic',
          upgrade_url: expect.stringMatching(/\/v1\/tiers\/compare$/),
        },
      });
      expect(r.headers.get('x-tier')).toBe('payg-basic');
    }
    // Nothing was created by the refused POSTs.
    expect(await stack.atelier.deps.db.selectFrom('workflows').select('id').where('account_id', '=', basic.accountId).execute()).toEqual([]);
    // The rest of the platform stays open to the basic plan.
    expect((await stack.api('GET', '/v1/billing/balance', { key: basic.key })).status).toBe(200);

    // $25 of balance reaches PAYG Standard (Medium); an assigned plan counts whatever the balance.
    const standard = await stack.newAccount({ balanceUsd: 25 });
    const assigned = await stack.newAccount({ balanceUsd: 0, tier: 'sub-enterprise' });
    for (const key of [standard.key, assigned.key, stack.adminKey]) {
      const r = await stack.api('GET', '/engine/v1/v1/workflows', { key });
      expect(r.status).toBe(200);
    }
    // The bootstrap account (opening balance $100) is on PAYG Standard.
    expect((await stack.api('GET', '/v1/tiers/current')).body.tier).toBe('payg-standard');
  });
});

describe('17.2 translation serves the platform default languages', () => {
  it('translates to and from Polish (voice default) and English (story default) offline, and lists the supported set', async () => {
    const langs = await stack.api('GET', '/v1/ai/text/translate/languages');
    expect(langs.status).toBe(200);
    const codes = langs.body.data.map((l: { code: string }) => l.code);
    expect(codes).toEqual(expect.arrayContaining(['pl', 'en', 'es', 'fr', 'de', 'it', 'pt']));
    expect(langs.body.data).toContainEqual({ code: 'pl', name: 'Polish' });

    const toPolish = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'The cat and the dog see the sea.', target: 'pl' } });
    expect(toPolish.status, toPolish.text).toBe(200);
    expect(toPolish.body).toMatchObject({ text: 'Kot i pies widzieć morze.', source: 'en', target: 'pl' });
    const fromPolish = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'Dzień dobry, przyjaciel!', target: 'en' } });
    expect(fromPolish.body).toMatchObject({ text: 'Day good, friend!', source: 'pl' });
    // A language outside the list is still refused with 400, and the message lists the set.
    const klingon = await stack.api('POST', '/v1/ai/text/translate', { body: { text: 'hello', target: 'tlh' } });
    expect(klingon.status).toBe(400);
    expect(klingon.body.detail).toContain('pl');
    // The README lists them too.
    expect(readme).toContain('/v1/ai/text/translate/languages');
  });
});

describe('17.3 cancel answers in the run statuses', () => {
  it('POST cancel answers {ok, run_id, status} with the run status after the request: cancelled', async () => {
    const wf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }, { id: 'gate', type: 'control.approval', params: { timeout_s: 600 } }], [['start', 'gate']]));
    const { run_id } = await startRun(stack, wf);
    await waitForRun(stack, run_id, ['running']);
    const r = await stack.api('POST', `/engine/v1/v1/runs/${run_id}/cancel`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, run_id, status: 'cancelled' });
    expect((await stack.api('GET', `/engine/v1/v1/runs/${run_id}`)).body.status).toBe('cancelled');
    expect(readme).toMatch(/\/cancel` \| [^\n]*`\{ok, run_id, status\}`/);
    expect(readme).not.toContain('cancelling');
  });
});

describe('17.4 422 bodies: README and server agree', () => {
  it('the README 422 examples are what the server answers, input null for a missing field', async () => {
    const wrongType = await stack.api('POST', '/v1/system/ping', { body: { message: 42 } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body).toEqual(documentedAnswer(`-d '{"message": 42}'`));
    const missing = await stack.api('POST', '/v1/auth/keys', { body: { type: 'write' } });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(documentedAnswer(`-d '{"type": "write"}'`));
    expect(missing.text).toContain('"input":null');
    // The errors table shows the same entry.
    expect(readme).toContain('`{"detail": [{"type": "missing", "loc": ["body", "name"], "msg": "Field required", "input": null}]}`');
  });
});

describe('17.5 a key type refusal names the type it needs', () => {
  it("a read-only key's POST says it needs a write key, as required_type does; a write key's DELETE needs admin", async () => {
    const readOnly = await stack.api('POST', '/v1/auth/keys', { body: { name: 'ro', type: 'read-only' } });
    const write = await stack.api('POST', '/v1/auth/keys', { body: { name: 'w', type: 'write' } });
    const post = await stack.api('POST', '/v1/system/ping', { key: readOnly.body.key, body: { message: 'x' } });
    expect(post.status).toBe(403);
    expect(post.body.detail).toMatchObject({ error: 'insufficient_permissions', key_type: 'read-only', required_type: 'write' });
    expect(post.body.detail.message).toContain('POST needs a write or admin key');
    expect(post.body.detail.message).not.toMatch(/needs an admin key/);
    const del = await stack.api('DELETE', `/v1/auth/keys/${readOnly.body.id}`, { key: write.body.key });
    expect(del.status).toBe(403);
    expect(del.body.detail).toMatchObject({ key_type: 'write', required_type: 'admin' });
    expect(del.body.detail.message).toContain('DELETE needs an admin key');
  });
});

/** Every `| METHODS | `path` … |` row of README's endpoint tables, engine paths under /engine/v1. */
function documentedEndpoints(): Array<{ methods: string[]; paths: string[]; line: string }> {
  const rows: Array<{ methods: string[]; paths: string[]; line: string }> = [];
  let engine = false;
  for (const line of readme.split('\n')) {
    if (line.startsWith('| Method | Path')) engine = line.includes('after `/engine/v1`');
    const m = /^\| ((?:GET|POST|PUT|PATCH|DELETE)[A-Za-z ,]*) \| (.*?) \|/.exec(line);
    if (!m) continue;
    const methods = [...new Set(m[1]!.split(',').map((x) => x.trim().split(' ')[0]!))];
    // Paths in backticks, or a bare path as the whole cell (`| POST | /v1/story/generate | …`).
    const cell = m[2]!.trim();
    const quoted = [...cell.matchAll(/`([^`]+)`/g)].map((p) => p[1]!);
    const paths = (quoted.length ? quoted : /^\/\S*$/.test(cell) ? [cell] : [])
      .map((p) => p.split('?')[0]!.replace(/\{([^}]*?)\\\|[^}]*\}/g, '$1').replace(/\{[^}]+\}/g, 'x'))
      .flatMap((p) => (p.includes('[') ? [p.replace(/\[[^\]]*\]/g, ''), p.replace(/[[\]]/g, '')] : [p]))
      .map((p) => (engine ? `/engine/v1${p}` : p));
    rows.push({ methods, paths, line });
  }
  return rows;
}

type RouterLayer = {
  match(path: string): false | { path: string };
  route?: { _handlesMethod(method: string): boolean };
  handle?: { stack?: RouterLayer[] };
};

/** Whether the app's routers (mounted prefixes and nested routers included) route `method path`. */
function routed(layers: RouterLayer[], method: string, path: string): boolean {
  for (const layer of layers) {
    const m = layer.match(path);
    if (!m) continue;
    if (layer.route) {
      if (layer.route._handlesMethod(method.toLowerCase())) return true;
      continue;
    }
    const inner = layer.handle?.stack;
    if (inner && routed(inner, method, path.slice(m.path.length) || '/')) return true;
  }
  return false;
}

describe('17.6 the README documents only what the server serves', () => {
  it('every endpoint row of the README is routed by the server with each documented method', () => {
    const layers = (createApp(stack.atelier.deps) as unknown as { router: { stack: RouterLayer[] } }).router.stack;
    // The check tells routed from unrouted paths and methods.
    expect(routed(layers, 'GET', '/v1/auth/keys/x')).toBe(true);
    for (const [method, path] of [['GET', '/v1/not-a-route'], ['GET', '/engine/v1/v1/not-a-route'], ['PUT', '/v1/auth/keys/x'], ['POST', '/v1/billing/plans']]) {
      expect([method, path, routed(layers, method!, path!)]).toEqual([method, path, false]);
    }
    const rows = documentedEndpoints();
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      // A row may pair collection and item forms (`/x[/{id}]`): each method must be served by one of them.
      for (const method of row.methods) {
        const served = row.paths.some((path) => routed(layers, method, path));
        expect([row.paths.join(' '), method, served], row.line).toEqual([row.paths.join(' '), method, true]);
      }
    }
    // Capabilities still being built are announced as coming, never documented as present.
    for (const [capability, probe] of [['voice', '/v1/voice/agents'], ['storage', '/v1/buckets']] as const) {
      if (!routed(layers, 'GET', probe)) expect(readme, capability).toMatch(new RegExp(`${capability}[^\\n]*coming`, 'i'));
    }
  });
});

describe('17.7 the README and docs stand alone', () => {
  it('README.md and docs/ never point at the contract documents or ../shared', () => {
    const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      expect([file, text.match(/\bseeds?\s+0\d\d\b|§|\.\.\/shared|shared\/seeds|not shown in the seed|the seed (is|names|lists|says)/gi)]).toEqual([file, null]);
    }
  });

  it('the README shows the request body for creating an API key, and it works as shown', async () => {
    const line = readme.split('\n').findIndex((l) => l.includes('localhost:3000/v1/auth/keys') && l.includes('curl'));
    const body = /-d '(\{.*\})'/.exec(readme.split('\n').slice(line, line + 3).join(' '))?.[1];
    expect(body).toBeDefined();
    const r = await stack.api('POST', '/v1/auth/keys', { body: JSON.parse(body!) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: 'api_key', type: 'write', key: expect.stringMatching(/^svc_live_/) });
  });

  it('npm run admin-key mints a working admin key from the server database', async () => {
    const run = promisify(execFile);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATABASE_URL: stack.config.databaseUrl, ATELIER_DATA_DIR: stack.config.dataDir };
    // One start (each costs seconds of TypeScript loading): the default account — the owner's — and a name.
    const minted = await run('npm', ['run', '-s', 'admin-key', '--', '--name', 'ops laptop'], { cwd: root, env });
    const key = minted.stdout.trim();
    expect(key).toMatch(/^svc_live_[A-Za-z0-9]{39}$/);
    expect(minted.stderr).toContain(stack.accountId);
    const balance = await stack.api('GET', '/v1/billing/balance', { key });
    expect(balance.status).toBe(200);
    expect(balance.body.account_id).toBe(stack.accountId);
    const listed = await stack.api('GET', '/v1/auth/keys', { key });
    expect(listed.body.data.map((k: { name: string; type: string }) => [k.name, k.type])).toContainEqual(['ops laptop', 'admin']);
    // An admin key: it can create keys.
    expect((await stack.api('POST', '/v1/auth/keys', { key, body: { name: 'from recovered', type: 'read-only' } })).status).toBe(201);
  });
});
