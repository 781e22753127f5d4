// The SDK as a user gets it: `npm pack` builds it, the tarball installs into an empty project,
// a small program written against the README's calls type-checks with the package's own types
// (strict) — its answers typed from the OpenAPI document, not as bags of unknowns — and runs against
// the real stack: a workflow and a run followed live and deleted, the approvals inbox, a story, a
// file upload, a voice session, and a refusal carrying its code.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

const program = `
import { Atelier, AtelierError } from '@atelier/sdk';

const atelier = new Atelier({ apiKey: process.env.ATELIER_API_KEY, baseUrl: process.env.ATELIER_BASE_URL });
const spec = {
  name: 'hello',
  trigger: { type: 'manual', config: {} },
  nodes: [
    { id: 'start', type: 'trigger.manual', params: {}, position: [0, 0] as [number, number] },
    { id: 'done', type: 'logic.noop', params: {}, position: [200, 0] as [number, number] },
  ],
  edges: [{ id: 'e1', source: 'start', target: 'done', source_port: 'main' }],
};
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
console.log(JSON.stringify({ events, status: finished.status, hash, pending, deleted, story, file: file.id, session: Object.keys(session), missing }));
`;

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  // Simple buckets keep their files on the S3 server.
  stack = await startStack({ S3_ENDPOINT: inject('s3Endpoint') });
  dir = mkdtempSync(join(tmpdir(), 'atelier-sdk-user-'));
});
afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the SDK package', () => {
  it('packs with its code and types, installs into an empty project, type-checks and runs', { timeout: 180_000 }, async () => {
    await run('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: join(root, 'sdk') }).catch((err) => {
      throw new Error(`npm pack failed: ${err.stderr ?? err}`);
    });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    expect(tarball, 'npm pack wrote no tarball').toBeTruthy();
    const { stdout: listing } = await run('tar', ['-tzf', join(dir, tarball!)]);
    for (const f of ['package/dist/index.js', 'package/dist/index.d.ts', 'package/dist/schema.d.ts', 'package/dist/errors.d.ts']) expect(listing).toContain(f);

    const app = join(dir, 'app');
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, tarball!)], { cwd: app });
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
      env: { ...process.env, ATELIER_API_KEY: stack.adminKey, ATELIER_BASE_URL: stack.url },
      timeout: 150_000,
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
  });
});
