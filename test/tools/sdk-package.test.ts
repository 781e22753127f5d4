// The SDK as a user gets it: a clean copy of sdk/ alone (no repo around it, its own devDependencies
// installed) packs with `npm pack`, the tarball installs into an empty project,
// a small program written against the README's calls type-checks with the package's own types
// (strict) — its answers typed from the OpenAPI document, not as bags of unknowns — and runs against
// the real stack: a workflow and a run followed live and deleted, the approvals inbox, a story, a
// file upload, a voice session, and a refusal carrying its code.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

const program = `
import { Atelier, AtelierConnectionError, AtelierError, type WorkflowSpec } from '@atelier/sdk';

const atelier = new Atelier({ apiKey: process.env.ATELIER_API_KEY, baseUrl: process.env.ATELIER_BASE_URL });
// The spec is typed from the planner's schema: defaulted fields (params, ports, config) optional.
const spec: WorkflowSpec = {
  name: 'hello',
  trigger: { type: 'manual' },
  nodes: [
    { id: 'start', type: 'trigger.manual', position: [0, 0] },
    { id: 'done', type: 'logic.noop', params: {}, position: [200, 0] },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'done' }],
};
// @ts-expect-error a node needs its type
const untyped: WorkflowSpec = { trigger: { type: 'manual' }, nodes: [{ id: 'x', position: [0, 0] }], edges: [] };
// @ts-expect-error the trigger is one of the documented kinds
const badTrigger: WorkflowSpec = { trigger: { type: 'cron' }, nodes: [], edges: [] };
const wf = await atelier.workflows.create({ name: 'hello', spec });
const started = await atelier.runs.start({ workflow_id: wf.id, input: { name: 'Ada' } });
const events: string[] = [];
for await (const event of atelier.runs.follow(started.run_id)) events.push(event.type);
const finished = await atelier.runs.get(started.run_id);

// Answers carry the document's types, not a bag of unknowns.
const saved = await atelier.workflows.get(wf.id);
const hash: string = saved.version_hash;
// @ts-expect-error a version hash is typed as a string
const notANumber: number = saved.version_hash;
const pending: number = (await atelier.approvals.list({ status: 'pending' })).data.length;
const deleted: true = (await atelier.runs.delete(started.run_id)).deleted;

const story: string[] = [];
for await (const e of atelier.story.generate({ prompt: 'A lighthouse keeper befriends a whale', num_scenes: 2, duration: 15 })) story.push(e.event);

const file = await atelier.files.upload(new TextEncoder().encode('hello from the sdk'), { filename: 'hello.txt', contentType: 'text/plain' });
const session = await atelier.voice.createSession({ instructions: 'Be brief.' });

let missing: { status: number; code: string | undefined } | undefined;
try {
  await atelier.runs.get('run_does_not_exist');
} catch (err) {
  if (err instanceof AtelierError) missing = { status: err.status, code: err.code };
}
let unreachable: { url: string; code: string | undefined; message: string } | undefined;
try {
  await new Atelier({ apiKey: 'svc_live_x', baseUrl: process.env.DEAD_URL, maxRetries: 0 }).keys.list();
} catch (err) {
  if (err instanceof AtelierConnectionError) unreachable = { url: err.url, code: err.code, message: err.message };
}
const removed: boolean = (await atelier.workflows.delete(wf.id)).deleted;
console.log(JSON.stringify({ events, status: finished.status, hash, pending, deleted, story, file: file.id, session: Object.keys(session), missing, unreachable, removed }));
`;

let stack: TestStack;
let dir: string;
let app: string;
let tarball: string;
let atelierBin: string;
let deadUrl: string;

/** The installed package's `atelier`, as a user runs it (no tsx, no repo). */
async function cli(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(atelierBin, args, {
      cwd: app, timeout: 30_000,
      env: { PATH: process.env.PATH, HOME: dir, ATELIER_API_KEY: stack.adminKey, ATELIER_BASE_URL: stack.url, ATELIER_CONFIG: join(dir, 'none.json'), ...extraEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  // Simple buckets keep their files on the S3 server.
  stack = await startStack({ S3_ENDPOINT: inject('s3Endpoint') });
  dir = mkdtempSync(join(tmpdir(), 'atelier-sdk-user-'));
  // A port nothing listens on: a closed server, as a wrong --base-url meets it.
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));

  // sdk/ alone, as a clone's folder with nothing installed: its devDependencies are all it has.
  const clean = join(dir, 'sdk');
  cpSync(join(root, 'sdk'), clean, { recursive: true, filter: (src) => !/\/(node_modules|dist)(\/|$)/.test(src.slice(root.length)) });
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: clean }).catch((err) => {
    throw new Error(`npm install in a clean copy of sdk/ failed: ${err.stderr ?? err}`);
  });
  // `npm pack` builds it (prepare): tsc from the package's own devDependencies.
  await run('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: clean }).catch((err) => {
    throw new Error(`npm pack failed: ${err.stderr ?? err}`);
  });
  tarball = join(dir, readdirSync(dir).find((f) => f.endsWith('.tgz'))!);

  app = join(dir, 'app');
  await run('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: app });
  atelierBin = join(app, 'node_modules/.bin/atelier');
}, 120_000);
afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the SDK package', () => {
  it('packs from a clean copy with its code and types, installs into an empty project, type-checks and runs', { timeout: 60_000 }, async () => {
    const { stdout: listing } = await run('tar', ['-tzf', tarball]);
    for (const f of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/schema.d.ts', 'package/dist/errors.d.ts', 'package/dist/spec.d.ts', 'package/dist/bin.js']) expect(listing).toContain(f);

    writeFileSync(join(app, 'main.ts'), program);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, outDir: 'out', lib: ['ES2023', 'DOM'], types: [] },
      files: ['main.ts', 'env.d.ts'],
    }));
    // `process` without @types/node: declared the way a browser-or-node user would.
    writeFileSync(join(app, 'env.d.ts'), 'declare const process: { env: Record<string, string | undefined> };\n');
    await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app }).catch((err) => {
      throw new Error(`the README's program does not type-check against the package:\n${err.stdout}${err.stderr}`);
    });
    const { stdout } = await run(process.execPath, ['out/main.js'], {
      cwd: app,
      env: { ...process.env, ATELIER_API_KEY: stack.adminKey, ATELIER_BASE_URL: stack.url, DEAD_URL: deadUrl },
      timeout: 50_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out.status).toBe('completed');
    expect(out.events[0]).toBe('node_started');
    expect(out.events.at(-1)).toBe('run_finished');
    expect(out.events.filter((e: string) => e === 'node_completed')).toHaveLength(2);
    expect(out.hash).toMatch(/^\S{8,}$/);
    expect(out.pending).toBe(0);
    expect(out.deleted).toBe(true);
    expect(out.story.at(-1)).toBe('complete');
    expect(out.file).toMatch(/\S/);
    expect(out.session.length).toBeGreaterThan(0);
    expect(out.missing).toEqual({ status: 404, code: 'not_found' });
    expect(out.unreachable).toEqual({ url: `${deadUrl}/v1/auth/keys`, code: 'ECONNREFUSED', message: expect.stringContaining(`could not reach ${deadUrl}/v1/auth/keys: ECONNREFUSED`) });
    expect(out.removed).toBe(true);
  });

  it("the package's atelier command: help exits 0, a spec without positions or input runs, runs get, runs cancel, workflows rm", { timeout: 60_000 }, async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('atelier runs cancel <run_id>');
    const one = await cli(['workflows', 'rm', '--help']);
    expect([one.code, one.stdout.split('\n')[0]]).toEqual([0, 'usage: atelier workflows rm <workflow_id> [--yes]']);
    expect((await cli(['runs', '-h'])).stdout).toContain('atelier runs get <run_id>');
    expect((await cli([])).code).toBe(2);

    // No position on any node, no --input: the CLI lays the nodes out and sends input {}.
    writeFileSync(join(dir, 'bare.json'), JSON.stringify({
      name: `bare ${process.pid}`,
      trigger: { type: 'manual' },
      nodes: [{ id: 'start', type: 'trigger.manual' }, { id: 'a', type: 'io.set', params: { values: { x: 1 } } }, { id: 'b', type: 'io.set', params: { values: { y: 2 } } }],
      edges: [{ id: 'e1', source: 'start', target: 'a' }, { id: 'e2', source: 'start', target: 'b' }],
    }));
    const pushed = await cli(['workflows', 'push', join(dir, 'bare.json'), '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const wf = JSON.parse(pushed.stdout);
    const stored = (await stack.api('GET', `/engine/v1/v1/workflows/${wf.id}`)).body.spec.nodes as Array<{ id: string; position: [number, number] }>;
    const at = Object.fromEntries(stored.map((n) => [n.id, n.position]));
    // Left to right by step, the two branches one above the other.
    expect(at.start![0]).toBeLessThan(at.a![0]);
    expect(at.a![0]).toBe(at.b![0]);
    expect(at.a![1]).not.toBe(at.b![1]);
    const started = await cli(['runs', 'start', wf.id, '--follow']);
    expect(started.code, started.stderr).toBe(0);
    const runId = started.stdout.match(/^run (\S+) started$/m)![1]!;
    const runRow = (await stack.api('GET', `/engine/v1/v1/runs/${runId}`)).body;
    expect(runRow.input).toEqual({});

    const got = await cli(['runs', 'get', runId]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toMatch(new RegExp(`^run ${runId} completed in \\d+\\.\\ds$`, 'm'));
    expect(got.stdout).toMatch(/^ {2}nodes {5}3\/3$/m);
    expect(got.stdout).toMatch(/^ {4}a {2}completed/m);
    expect(JSON.parse((await cli(['runs', 'get', runId, '--json'])).stdout).status).toBe('completed');
    const missing = await cli(['runs', 'get', 'run_nope']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('404')]);

    // A run that waits for a webhook forever, cancelled from the CLI.
    writeFileSync(join(dir, 'wait.json'), JSON.stringify({
      name: `waits ${process.pid}`, trigger: { type: 'manual' },
      nodes: [{ id: 'start', type: 'trigger.manual' }, { id: 'hold', type: 'control.wait_webhook' }],
      edges: [{ id: 'e1', source: 'start', target: 'hold' }],
    }));
    const waits = JSON.parse((await cli(['workflows', 'push', join(dir, 'wait.json'), '--json'])).stdout);
    const waiting = JSON.parse((await cli(['runs', 'start', waits.id, '--json'])).stdout);
    const cancelled = await cli(['runs', 'cancel', waiting.run_id]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toMatch(new RegExp(`^run ${waiting.run_id} (cancelling|cancelled)$`, 'm'));
    let status = '';
    for (let i = 0; i < 50 && status !== 'cancelled'; i++) {
      status = JSON.parse((await cli(['runs', 'get', waiting.run_id, '--json'])).stdout).status;
      if (status !== 'cancelled') await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('cancelled');

    // rm: refused in a pipe without --yes (nothing deleted), done with it.
    const refused = await cli(['workflows', 'rm', waits.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${waits.id}`)).status).toBe(200);
    const rm = await cli(['workflows', 'rm', waits.id, '--yes']);
    expect([rm.code, rm.stdout.trim()]).toEqual([0, `workflow ${waits.id} deleted`]);
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${waits.id}`)).status).toBe(404);
  });

  it("a wrong URL: the command names the URL it tried and the cause's code", { timeout: 30_000 }, async () => {
    const res = await cli(['keys', 'ls'], { ATELIER_BASE_URL: deadUrl });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`atelier: could not reach ${deadUrl}/v1/auth/keys: ECONNREFUSED`);
    expect(res.stderr).not.toContain('fetch failed');
    // TLS spoken to a plain-HTTP server: a TLS failure, named as such.
    const tls = await cli(['keys', 'ls'], { ATELIER_BASE_URL: stack.url.replace('http://', 'https://') });
    expect(tls.code).toBe(2);
    expect(tls.stderr).toMatch(new RegExp(`could not reach ${stack.url.replace('http://', 'https://')}/v1/auth/keys: (EPROTO|ERR_SSL_\\w+|ECONNRESET) `));
  });
});
