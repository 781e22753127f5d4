// An operator's determinism check: a run's history exported by the Temporal CLI
// (`temporal workflow show -o json`) replays through `npm run replay` against this checkout's
// workflow code — the SDK decodes the CLI's JSON only when one protobufjs serves all of Temporal's
// packages — and a history the code could not have made is reported, with exit code 1.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type TestStack } from '../helpers/stack';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'atelier-replay-'));
});
afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function replay(files: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'replay', '--', ...files], { cwd: root, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run replay', () => {
  it('replays a history the Temporal CLI exported, and reports one the code could not have made', { timeout: 180_000 }, async () => {
    const wf = await stack.api('POST', '/engine/v1/v1/workflows', {
      body: {
        name: 'replay me',
        spec: {
          trigger: { type: 'manual', config: {} },
          nodes: [
            { id: 'start', type: 'trigger.manual', position: [0, 0] },
            { id: 'js', type: 'code.javascript', position: [200, 0], params: { code: 'return { doubled: 21 * 2 }' } },
          ],
          edges: [{ id: 'e1', source: 'start', target: 'js', source_port: 'main' }],
        },
      },
    });
    expect(wf.status, wf.text).toBe(201);
    const started = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: wf.body.id, input: {} } });
    expect(started.status, started.text).toBe(201);
    let status = '';
    for (let i = 0; i < 150 && !['completed', 'failed'].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await stack.api('GET', `/engine/v1/v1/runs/${started.body.run_id}`)).body.status;
    }
    expect(status).toBe('completed');

    const { stdout: cli } = await run(join(root, 'temporal-dev.sh'), ['--install']);
    const { stdout: exported } = await run(cli.trim(), ['workflow', 'show', '--address', inject('temporalAddress'), '--workflow-id', started.body.temporal_workflow_id, '--output', 'json'], { maxBuffer: 64 << 20 });
    const good = join(dir, 'run.json');
    writeFileSync(good, exported);

    // The same history, but the node's activity scheduled under another name: not what the code does.
    const history = JSON.parse(readFileSync(good, 'utf8')) as { events: Array<Record<string, any>> };
    const scheduled = history.events.find((e) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED');
    expect(scheduled, 'the code node runs as an activity').toBeDefined();
    scheduled!.activityTaskScheduledEventAttributes.activityType.name = 'notAnAtelierActivity';
    const bad = join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(history));

    const ok = await replay([good]);
    expect(ok.code, ok.stderr + ok.stdout).toBe(0);
    expect(ok.stdout).toContain('run.json: ok');

    const both = await replay([good, bad]);
    expect(both.code).toBe(1);
    expect(both.stdout).toContain('run.json: ok');
    expect(both.stdout).toMatch(/tampered\.json: does not replay — \w+/);

    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"not": "a history"');
    expect((await replay([junk])).code).toBe(2);
  });
});
