// scripts/start.sh, the one way Atelier's process starts (`npm start`, `npm run dev`, the image and
// the Helm chart): it gives node the heap limit ATELIER_HEAP_MB names (1024 MB unless set) and V8's heap growing factor (50 %) on the
// main thread and on worker threads alike, leaves a limit given in NODE_OPTIONS alone, passes
// leading --flags to node, and refuses a value that is not a whole number of megabytes before node
// starts.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'atelier-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Prints the heap limit (MiB) of its main thread and of a worker thread, and its malloc arenas.
const probe = join(dir, 'probe.cjs');
writeFileSync(probe, `
const v8 = require('node:v8');
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
const limit = () => v8.getHeapStatistics().heap_size_limit / 2 ** 20;
if (isMainThread) {
  new Worker(__filename).once('message', (thread) => console.log(JSON.stringify({ main: limit(), thread, arenas: process.env.MALLOC_ARENA_MAX, growing: process.execArgv.filter((f) => f.startsWith('--heap-growing-percent')) })));
} else parentPort.postMessage(limit());
`);

/** The environment without the test runner's own NODE_OPTIONS (it raises the heap for vitest). */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, MALLOC_ARENA_MAX: _arenas, ATELIER_HEAP_MB: _heap, ...rest } = process.env;
  return { ...rest, ...extra };
}

function launch(extra: Record<string, string> = {}, nodeFlags: string[] = []): { main: number; thread: number; arenas: string; growing: string[] } {
  return JSON.parse(execFileSync('bash', [join(root, 'scripts/start.sh'), ...nodeFlags, probe], { env: env(extra), encoding: 'utf8' }));
}

/** What a plain node reports with these flags: the figure the launcher must reproduce. */
function plainNodeLimit(flags: string[]): number {
  return Number(execFileSync(process.execPath, [...flags, '-p', 'require("node:v8").getHeapStatistics().heap_size_limit / 2 ** 20'], { env: env(), encoding: 'utf8' }));
}

describe('scripts/start.sh', () => {
  it('gives the main thread and worker threads a 1024 MB old space by default, a 50 % heap growing factor and two malloc arenas', () => {
    const expected = plainNodeLimit(['--max-old-space-size=1024']);
    expect(expected).toBeLessThan(plainNodeLimit([]));
    expect(launch()).toEqual({ main: expected, thread: expected, arenas: '2', growing: ['--heap-growing-percent=50'] });
    // The operator's own growing factor wins (a node flag: node refuses it in NODE_OPTIONS).
    expect(launch({}, ['--heap-growing-percent=20']).growing).toEqual(['--heap-growing-percent=20']);
  });

  it('takes ATELIER_HEAP_MB, leaves V8 its own limit at 0, and lets NODE_OPTIONS win', () => {
    // Leading --flags go to node too.
    expect(launch({ ATELIER_HEAP_MB: '640' }, ['--max-semi-space-size=32']).main).toBe(plainNodeLimit(['--max-old-space-size=640', '--max-semi-space-size=32']));
    expect(launch({ ATELIER_HEAP_MB: '0' }).main).toBe(plainNodeLimit([]));
    const fromNodeOptions = launch({ ATELIER_HEAP_MB: '640', NODE_OPTIONS: '--max-old-space-size=200', MALLOC_ARENA_MAX: '4' });
    expect(fromNodeOptions).toMatchObject({ main: plainNodeLimit(['--max-old-space-size=200']), thread: plainNodeLimit(['--max-old-space-size=200']), arenas: '4' });
  });

  it('refuses a value that is not a whole number of megabytes, or too small, before node starts', () => {
    for (const [value, message] of [['384Mi', 'must be a whole number of megabytes'], ['1.5', 'must be a whole number of megabytes'], ['64', 'too small']]) {
      const r = spawnSync('bash', [join(root, 'scripts/start.sh'), probe], { env: env({ ATELIER_HEAP_MB: value! }), encoding: 'utf8' });
      expect(r.status, value).toBe(2);
      expect(r.stderr, value).toContain(message);
      expect(r.stdout).toBe('');
    }
    // The configuration checks it the same way, so a manifest with a bad value fails its checks too.
    const config = (heap: string) => loadConfig({ NODE_ENV: 'test', ATELIER_DATA_DIR: join(dir, 'data'), ATELIER_HEAP_MB: heap });
    expect(config('512').role).toBe('all');
    expect(config('0').role).toBe('all');
    for (const value of ['384Mi', '64']) expect(() => config(value), value).toThrow(ConfigError);
  });

  it('is what `npm start` and `npm run dev` run, and the image starts with `npm start`', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('bash scripts/start.sh');
    expect(readFileSync(join(root, 'scripts/dev.sh'), 'utf8')).toMatch(/^bash scripts\/start\.sh &$/m);
    expect(readFileSync(join(root, 'deploy/Dockerfile'), 'utf8')).toMatch(/^CMD \["npm", "start"\]$/m);
  });
});
