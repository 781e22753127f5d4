// The `atelier` CLI against the real stack: as a pipe (plain lines, --json, exit codes) and in a
// real pseudo-terminal (tmux) where --follow draws live progress.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('prints one plain line per state change of a node in a pipe', async () => {
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'ok.json'), '--name', 'one line each', '--json'])).stdout);
    const res = await cli(['runs', 'start', wf.id, '--follow']);
    expect(res.code, res.stderr).toBe(0);
    // node_started and node_output both leave a node running: that is one state, one line.
    expect(res.stdout.match(/^greet running/gm)).toHaveLength(1);
    expect(res.stdout.match(/^greet completed/gm)).toHaveLength(1);
  });

  it('pushing the same name again makes a new version of that workflow, not a second workflow', async () => {
    const file = join(dir, 'versioned.json');
    const body = (value: string) => ({ name: `versioned ${process.pid}`, spec: spec([{ id: 'start', type: 'trigger.manual' }, { id: 'greet', type: 'io.set', params: { values: { v: value } } }]) });
    writeFileSync(file, JSON.stringify(body('one')));
    const first = JSON.parse((await cli(['workflows', 'push', file, '--json'])).stdout);
    expect(first.version).toBe(1);
    const same = await cli(['workflows', 'push', file]);
    expect(same.stdout).toMatch(new RegExp(`^workflow ${first.id} version 1 \\(unchanged\\)$`, 'm'));
    writeFileSync(file, JSON.stringify(body('two')));
    const second = JSON.parse((await cli(['workflows', 'push', file, '--json'])).stdout);
    expect(second.id).toBe(first.id);
    expect(second.version).toBe(2);
    const all = (await stack.api('GET', '/engine/v1/v1/workflows?limit=200')).body.data as Array<{ name: string }>;
    expect(all.filter((w) => w.name === `versioned ${process.pid}`)).toHaveLength(1);
    // --workflow ID targets a workflow whatever the file's name says.
    writeFileSync(file, JSON.stringify({ ...body('three'), name: 'renamed' }));
    const third = JSON.parse((await cli(['workflows', 'push', file, '--workflow', first.id, '--json'])).stdout);
    expect([third.id, third.version, third.name]).toEqual([first.id, 3, 'renamed']);
  });

  it('validate: exit 0 on a good spec, exit 1 with each issue located in the file', async () => {
    const good = await cli(['validate', join(dir, 'ok.json')]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/valid \(2 nodes, 1 edges, hash [0-9a-f]+\)/);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(spec([{ id: 'start', type: 'trigger.manual' }, { id: 'x', type: 'no.such_node' }])));
    const bad = await cli(['validate', join(dir, 'bad.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/bad\.json: nodes\.1\.type: .*no\.such_node/);
  });

  it('runs outputs prints a finished run\'s node outputs; simulate runs with mocks', async () => {
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'ok.json'), '--name', 'outputs', '--json'])).stdout);
    const started = JSON.parse((await cli(['runs', 'start', wf.id, '--json'])).stdout);
    await cli(['runs', 'follow', started.run_id, '--json']);
    const all = await cli(['runs', 'outputs', started.run_id]);
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).greet.output.main).toMatchObject({ hello: 'world' });
    const one = await cli(['runs', 'outputs', started.run_id, '--node', 'greet', '--json']);
    expect(JSON.parse(one.stdout).output.main).toMatchObject({ hello: 'world' });
    const missing = await cli(['runs', 'outputs', started.run_id, '--node', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('greet');
    writeFileSync(join(dir, 'mocks.json'), JSON.stringify({ greet: { output: { hello: 'mocked' } } }));
    const sim = await cli(['simulate', wf.id, '--mocks', `@${join(dir, 'mocks.json')}`, '--json']);
    expect(sim.code, sim.stderr + sim.stdout).toBe(0);
    expect(sim.stdout).toContain('mocked');
  });

  it("the README's example: push examples/hello.json, run it with examples/hello-input.json, read the greeting", async () => {
    const examples = resolve(import.meta.dirname, '../../examples');
    expect((await cli(['validate', join(examples, 'hello.json')])).code).toBe(0);
    const wf = JSON.parse((await cli(['workflows', 'push', join(examples, 'hello.json'), '--json'])).stdout);
    const res = await cli(['runs', 'start', wf.id, '--input', `@${join(examples, 'hello-input.json')}`, '--follow', '--json']);
    expect(res.code, res.stderr).toBe(0);
    const runId = JSON.parse(res.stdout.trim().split('\n')[0]!).data.run_id ?? (await stack.api('GET', `/engine/v1/v1/runs?workflow_id=${wf.id}`)).body.data[0].run_id;
    const out = JSON.parse((await cli(['runs', 'outputs', runId, '--node', 'greet', '--json'])).stdout);
    expect(out.output.main.greeting).toBe('Hello, Ada!');
  });

  it('--help, -h and help <command> exit 0 with usage; no command is a usage error', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const res = await cli(args);
      expect(res.code, args.join(' ')).toBe(0);
      for (const c of ['workflows push', 'workflows rm', 'runs get', 'runs cancel', 'runs start', 'validate', 'keys ls']) expect(res.stdout).toContain(`atelier ${c}`);
    }
    const one = await cli(['runs', 'start', '--help']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^usage: atelier runs start <workflow_id>/);
    expect(one.stdout).toContain('No --input sends input {}');
    expect((await cli(['help', 'validate'])).stdout).toMatch(/^usage: atelier validate spec\.json/);
    const none = await cli([]);
    expect([none.code, none.stdout]).toEqual([2, '']);
    expect(none.stderr).toContain('atelier runs get');
    expect((await cli(['nosuch', '--help'])).code).toBe(2);
  });

  it('a wrong URL prints the URL it tried and the cause, not "fetch failed"', async () => {
    // A port nothing listens on (taken from the OS, then closed).
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const res = await cli(['workflows', 'ls', '--base-url', `http://127.0.0.1:${port}`]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`atelier: could not reach http://127.0.0.1:${port}/engine/v1/v1/workflows?limit=200: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(res.stderr).not.toContain('fetch failed');
    // A port fetch refuses to use at all says so too.
    expect((await cli(['keys', 'ls', '--base-url', 'http://127.0.0.1:9'])).stderr).toContain('could not reach http://127.0.0.1:9/v1/auth/keys: bad port');
  });

  it('reports usage and API errors with exit 2', async () => {
    expect((await cli(['runs', 'start'])).code).toBe(2);
    const bad = await cli(['runs', 'follow', 'no-such-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/404/);
    const keys = await cli(['keys', 'ls', '--json']);
    expect(keys.code, keys.stderr).toBe(0);
  });

  it('the progress fits the terminal: a wide one shows long ids and errors whole, a narrow one cuts every line short of its width', { timeout: 40_000 }, async () => {
    const id = 'a_node_with_a_rather_long_identifier_name';
    const message = `stopped on purpose ${'and the reason goes on '.repeat(5)}end`;
    writeFileSync(join(dir, 'wide.json'), JSON.stringify(spec([{ id: 'start', type: 'trigger.manual' }, { id, type: 'logic.stop_and_error', params: { message } }])));
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'wide.json'), '--name', 'wide', '--json'])).stdout);
    const screenAt = async (columns: number) => {
      const session = `atelier-cli-w${columns}-${process.pid}`;
      const exports = `ATELIER_API_KEY=${stack.adminKey} ATELIER_BASE_URL=${stack.url} ATELIER_CONFIG=${join(dir, 'none.json')}`;
      execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', String(columns), '-y', '30',
        `env ${exports} ${process.execPath} --no-node-snapshot ${bin} runs start ${wf.id} --follow; echo "exit=$?"; sleep 30`]);
      try {
        let screen = '';
        for (let i = 0; i < 100 && !screen.includes('exit='); i++) {
          await new Promise((r) => setTimeout(r, 200));
          screen = execFileSync('tmux', ['capture-pane', '-p', '-J', '-t', session], { encoding: 'utf8' });
        }
        expect(screen).toContain('exit=1');
        return screen.split('\n');
      } finally {
        execFileSync('tmux', ['kill-session', '-t', session]);
      }
    };
    const wide = (await screenAt(220)).find((l) => l.startsWith('✖ '));
    expect(wide).toBeDefined();
    expect(wide).toContain(id);
    expect(wide).toContain(message);
    expect(wide!.length).toBeGreaterThan(120);
    expect(wide!.length).toBeLessThan(220);
    const narrow = (await screenAt(60)).find((l) => l.startsWith('✖ '));
    expect(narrow).toMatch(/…$/);
    expect(narrow!.length).toBeLessThanOrEqual(59);
  });

  it('workflows rm asks on a terminal: n keeps the workflow, y deletes it', { timeout: 40_000 }, async () => {
    const wf = JSON.parse((await cli(['workflows', 'push', join(dir, 'ok.json'), '--name', `rm me ${process.pid}`, '--json'])).stdout);
    const exports = `ATELIER_API_KEY=${stack.adminKey} ATELIER_BASE_URL=${stack.url} ATELIER_CONFIG=${join(dir, 'none.json')}`;
    const answer = async (key: string) => {
      const session = `atelier-cli-rm-${key}-${process.pid}`;
      execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', '120', '-y', '10',
        `env ${exports} ${process.execPath} --no-node-snapshot ${bin} workflows rm ${wf.id}; echo "exit=$?"; sleep 30`]);
      try {
        let screen = '';
        for (let i = 0; i < 100 && !screen.includes('[y/N]'); i++) {
          await new Promise((r) => setTimeout(r, 200));
          screen = execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
        }
        expect(screen).toContain(`Delete workflow "rm me ${process.pid}" (${wf.id}, version 1)? [y/N]`);
        execFileSync('tmux', ['send-keys', '-t', session, key, 'Enter']);
        for (let i = 0; i < 100 && !screen.includes('exit='); i++) {
          await new Promise((r) => setTimeout(r, 200));
          screen = execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
        }
        return screen;
      } finally {
        execFileSync('tmux', ['kill-session', '-t', session]);
      }
    };
    const kept = await answer('n');
    expect(kept).toContain('not deleted');
    expect(kept).toContain('exit=1');
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${wf.id}`)).status).toBe(200);
    const gone = await answer('y');
    expect(gone).toContain(`workflow ${wf.id} deleted`);
    expect(gone).toContain('exit=0');
    expect((await stack.api('GET', `/engine/v1/v1/workflows/${wf.id}`)).status).toBe(404);
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
