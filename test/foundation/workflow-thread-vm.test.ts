// The workflow-thread preload (src/infra/temporal/workflow-thread-vm.mjs): in worker threads — where
// Temporal runs workflow code — calls into `vm` run without Node's per-call timeout (and its thread);
// the main thread keeps it, and ATELIER_WORKFLOW_VM_TIMEOUT=1 keeps it in worker threads too.
// Run as production runs it: a process started with the preload, whose worker thread (created
// without execArgv, as the Temporal SDK creates its workflow threads) inherits it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ATELIER_NODE_ARGS } from '../../bench/lib/atelier-process';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** 60 ms of busy work under a 10 ms timeout, through both entry points the SDK uses. */
const busy = '(() => { const until = Date.now() + 60; while (Date.now() < until) {} return "done"; })()';

const probe = `
const vm = require('node:vm');
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
function calls() {
  const ctx = vm.createContext({}, { microtaskMode: 'afterEvaluate' });
  return [() => new vm.Script(${JSON.stringify(busy)}).runInContext(ctx, { timeout: 10, displayErrors: true }),
          () => vm.runInContext(${JSON.stringify(busy)}, ctx, { timeout: 10 })].map((call) => {
    try { return call(); } catch (err) { return err.message; }
  });
}
if (isMainThread) {
  const worker = new Worker(__filename);
  worker.once('message', (thread) => { console.log(JSON.stringify({ main: calls(), thread })); worker.terminate(); });
} else {
  parentPort.postMessage(calls());
}
`;

function run(env: Record<string, string>): { main: string[]; thread: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-vm-'));
  const file = join(dir, 'probe.cjs');
  writeFileSync(file, probe);
  const out = execFileSync(process.execPath, [...ATELIER_NODE_ARGS, file], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { main: string[]; thread: string[] };
}

describe('workflow threads call into vm without a per-call timeout', () => {
  it('drops the timeout in worker threads (Script.runInContext and vm.runInContext) and keeps it in the main thread', () => {
    const { main, thread } = run({ ATELIER_WORKFLOW_VM_TIMEOUT: '' });
    expect(thread).toEqual(['done', 'done']);
    for (const r of main) expect(r).toMatch(/timed out/);
  });

  it('keeps it in worker threads with ATELIER_WORKFLOW_VM_TIMEOUT=1', () => {
    const { thread } = run({ ATELIER_WORKFLOW_VM_TIMEOUT: '1' });
    expect(thread).toHaveLength(2);
    for (const r of thread) expect(r).toMatch(/timed out/);
  });
});
