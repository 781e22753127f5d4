// The `atelier` CLI against the real stack: as a pipe (plain lines, --json, exit codes) and in a
// real pseudo-terminal (tmux) where --follow draws live progress.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const bin = resolve(import.meta.dirname, '../../bin/atelier.mjs');
let stack: TestStack;
let dir: string;
let env: NodeJS.ProcessEnv;

const spec = (nodes: Array<{ id: string; type: string; params?: Record<string, unknown> }>) => ({
  name: 'cli',
  trigger: { type: 'manual', config: {} },
  nodes: nodes.map((n, i) => ({ position: [i * 200, 0], params: {}, ...n })),
  edges: nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i]!.id, target: n.id, source_port: 'main' })),
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--no-node-snapshot', bin, ...args], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'atelier-cli-'));
  env = { ...process.env, ATELIER_API_KEY: stack.adminKey, ATELIER_BASE_URL: stack.url, ATELIER_CONFIG: join(dir, 'none.json') };
  writeFileSync(join(dir, 'ok.json'), JSON.stringify(spec([{ id: 'start', type: 'trigger.manual' }, { id: 'greet', type: 'io.set', params: { values: { hello: 'world' } } }])));
  writeFileSync(join(dir, 'fail.json'), JSON.stringify(spec([{ id: 'start', type: 'trigger.manual' }, { id: 'boom', type: 'logic.stop_and_error', params: { message: 'stopped on purpose' } }])));
  writeFileSync(join(dir, 'in.json'), JSON.stringify({ name: 'Ada' }));
});
afterAll(() => stack?.close());

describe('atelier CLI', () => {
  it('pushes a workflow, starts and follows a run as plain lines, exit 0 on completion', async () => {
    const pushed = await cli(['workflows', 'push', join(dir, 'ok.json'), '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const wf = JSON.parse(pushed.stdout);
    const started = await cli(['runs', 'start', wf.id, '--input', `@${join(dir, 'in.json')}`, '--follow']);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(/^run \S+ started$/m);
    expect(started.stdout).toMatch(/^greet completed/m);
    expect(started.stdout).toMatch(/^run \S+ completed/m);
    expect(started.stdout).not.toContain('\x1b[');
    const ls = await cli(['runs', 'ls', '--json']);
    expect(JSON.parse(ls.stdout).data.length).toBeGreaterThanOrEqual(1);
  });

  it('exits 1 when the run fails, and --json follows as one event per line', async () => {
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'fail.json'), '--json'])).stdout);
    const res = await cli(['runs', 'start', wf.id, '--follow', '--json']);
    expect(res.code).toBe(1);
    const events = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.at(-1).type).toBe('run_finished');
    expect(events.at(-1).data.status).toBe('failed');
  });

  it('reports usage and API errors with exit 2', async () => {
    expect((await cli(['runs', 'start'])).code).toBe(2);
    const bad = await cli(['runs', 'follow', 'no-such-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/404/);
    const keys = await cli(['keys', 'ls', '--json']);
    expect(keys.code, keys.stderr).toBe(0);
  });

  it('draws live progress in a real terminal (tmux)', async () => {
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'ok.json'), '--json'])).stdout);
    const session = `atelier-cli-${process.pid}`;
    const exports = `ATELIER_API_KEY=${stack.adminKey} ATELIER_BASE_URL=${stack.url} ATELIER_CONFIG=${join(dir, 'none.json')}`;
    execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', '120', '-y', '30',
      `env ${exports} ${process.execPath} --no-node-snapshot ${bin} runs start ${wf.id} --follow; echo "exit=$?"; sleep 30`]);
    try {
      let screen = '';
      for (let i = 0; i < 100 && !screen.includes('exit='); i++) {
        await new Promise((r) => setTimeout(r, 200));
        screen = execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
      }
      expect(screen).toContain('exit=0');
      expect(screen).toMatch(/✔ greet\s+▰+\s+completed/);
      expect(screen).toMatch(/run \S+ completed/);
    } finally {
      execFileSync('tmux', ['kill-session', '-t', session]);
    }
  });
});
