// The workflow-thread preload (src/infra/temporal/workflow-thread-vm.mjs): in worker threads — where
// Temporal runs workflow code — calls into `vm` run without Node's per-call timeout (and its thread);
// the main thread keeps it, and ATELIER_WORKFLOW_VM_TIMEOUT=1 keeps it in worker threads too. The
// SDK's per-promise stack-trace hook is not installed in worker threads unless
// ATELIER_WORKFLOW_STACK_TRACES=1; other promise hooks are.
// Run as production runs it: a process started with the preload, whose worker thread (created
// without execArgv, as the Temporal SDK creates its workflow threads) inherits it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/** Counts the promise inits a hook sees while ten promises are made; the hook is created from this file. */
const hookCounter = `
const v8 = require('node:v8');
module.exports = () => {
  let inits = 0;
  const stop = v8.promiseHooks.createHook({ init: () => { inits += 1; } });
  for (let i = 0; i < 10; i++) void Promise.resolve(i);
  stop();
  return inits;
};
`;

/** A worker thread creating one hook from a file where the SDK keeps its hook, and one from elsewhere. */
const hookProbe = `
const { Worker, isMainThread, parentPort } = require('node:worker_threads');
if (isMainThread) {
  const worker = new Worker(__filename);
  worker.once('message', (counts) => { console.log(JSON.stringify(counts)); worker.terminate(); });
} else {
  parentPort.postMessage({
    sdk: require('./node_modules/@temporalio/worker/lib/workflow/vm-shared.js')(),
    other: require('./other-hook.js')(),
  });
}
`;

function runHooks(env: Record<string, string>): { sdk: number; other: number } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-hooks-'));
  const sdkDir = join(dir, 'node_modules', '@temporalio', 'worker', 'lib', 'workflow');
  mkdirSync(sdkDir, { recursive: true });
  writeFileSync(join(sdkDir, 'vm-shared.js'), hookCounter);
  writeFileSync(join(dir, 'other-hook.js'), hookCounter);
  writeFileSync(join(dir, 'probe.cjs'), hookProbe);
  const out = execFileSync(process.execPath, [...ATELIER_NODE_ARGS, join(dir, 'probe.cjs')], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { sdk: number; other: number };
}

describe('workflow threads skip the SDK\'s per-promise stack traces', () => {
  it('the SDK\'s hook sees no promise in worker threads by default; hooks created elsewhere still do', () => {
    const counts = runHooks({ ATELIER_WORKFLOW_STACK_TRACES: '' });
    expect(counts.sdk).toBe(0);
    expect(counts.other).toBeGreaterThanOrEqual(10);
  });

  it('ATELIER_WORKFLOW_STACK_TRACES=1 installs it', () => {
    const counts = runHooks({ ATELIER_WORKFLOW_STACK_TRACES: '1' });
    expect(counts.sdk).toBeGreaterThanOrEqual(10);
    expect(counts.other).toBeGreaterThanOrEqual(10);
  });
});

/** The main thread's view of its worker threads' heaps, read once a worker thread has started. */
const heapProbe = `
import { Worker } from 'node:worker_threads';
import { watchWorkerThreadHeaps, workerThreadHeaps } from ${JSON.stringify(join(root, 'src/infra/metrics/worker-thread-heaps.ts'))};
watchWorkerThreadHeaps();
const worker = new Worker(new URL('./idle.cjs', import.meta.url));
worker.once('online', () => setTimeout(() => { console.log(JSON.stringify(workerThreadHeaps())); void worker.terminate(); }, 500));
`;

describe('worker threads report their heaps to the main thread', () => {
  it('a process started as npm start starts it sees its worker thread\'s heap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atelier-heaps-'));
    writeFileSync(join(dir, 'probe.mts'), heapProbe);
    // A worker from a file, as the SDK starts its workflow threads (eval'd workers get no --import).
    writeFileSync(join(dir, 'idle.cjs'), 'setTimeout(() => undefined, 3000);');
    const out = execFileSync(process.execPath, [...ATELIER_NODE_ARGS, join(dir, 'probe.mts')], { cwd: root, encoding: 'utf8' });
    const heaps = JSON.parse(out.trim().split('\n').pop()!) as { threads: number; usedBytes: number; totalBytes: number };
    expect(heaps.threads).toBeGreaterThanOrEqual(1);
    expect(heaps.usedBytes).toBeGreaterThan(100_000);
    expect(heaps.totalBytes).toBeGreaterThanOrEqual(heaps.usedBytes);
  });
});
