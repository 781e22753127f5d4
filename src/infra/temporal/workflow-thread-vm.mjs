// Preloaded into every thread of an Atelier process (`--import` in `npm start` and scripts/dev.sh);
// it acts only in worker threads, which is where Temporal's worker runs workflow code. Plain
// JavaScript: worker threads inherit `--import` but not tsx's loader, so a .ts file would not load.
//
// The TypeScript SDK enters the workflow sandbox through `vm` with a `timeout` (its 5 s
// isolateExecutionTimeout) on every call — about ten calls per short run. Node implements that
// timeout by creating an event loop and an OS thread for each call and joining it afterwards
// (nodejs/node#47739): ~90 µs of CPU per call on a 2-core machine against ~1 µs without, ~4 ms of
// the process's CPU per trigger → set run (bench/RESULTS.md). Atelier's workflow code is its own —
// deterministic, bounded by the plan (max_steps); user code runs in activities — so workflow
// threads run without the per-call guard. A workflow task that still never returned would be timed
// out by Temporal (10 s) and handed to another worker.
// ATELIER_WORKFLOW_VM_TIMEOUT=1 keeps the SDK's per-call timeout.
//
// The SDK also installs a promise hook in workflow threads that builds a source-mapped stack trace
// for every promise workflow code creates, so that the "stack trace" query (Temporal UI, `temporal
// workflow stack`) can show where a running workflow waits. Skipping it cut the workflow threads'
// CPU by ~60 % in bench/engine.ts (fan-out 500) and Atelier's CPU per trigger → set run by 2–4 ms
// (bench/n8n.ts; both in bench/RESULTS.md). Atelier's workflows are
// interpreters — engineRun always waits in the same loop — and what an operator needs from a
// running one is which node it waits on: the UI's pending activities and the run workflow's `status`
// query (current node, per-node states, signal waits) answer that. So the hook is not installed
// unless ATELIER_WORKFLOW_STACK_TRACES=1; without it the stack trace query answers an empty stack.
//
// Each worker thread also reports its V8 heap every few seconds on a BroadcastChannel, which the
// main thread's /metrics turns into atelier_worker_threads_heap_* gauges: those heaps (the workflow
// threads' above all) are outside the main thread's heap, and without them a process's memory
// beyond its main heap could not be told apart from native allocations.
import vm from 'node:vm';
import v8 from 'node:v8';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

/** Shared with src/infra/metrics/worker-thread-heaps.ts. */
const HEAP_CHANNEL = 'atelier:worker-thread-heap';
const HEAP_REPORT_MS = 5000;

/** The run options without `timeout` (a filename string or no options pass as they are). */
function withoutTimeout(options) {
  if (!options || typeof options !== 'object' || options.timeout === undefined) return options;
  const { timeout: _timeout, ...rest } = options;
  return rest;
}

function dropWorkflowCallTimeouts() {
  const runScript = vm.Script.prototype.runInContext;
  vm.Script.prototype.runInContext = function runInContext(context, options) {
    return runScript.call(this, context, withoutTimeout(options));
  };
  const runCode = vm.runInContext;
  vm.runInContext = function runInContext(code, context, options) {
    return runCode.call(vm, code, context, withoutTimeout(options));
  };
}

/** The SDK's per-promise stack capture (vm-shared.js in @temporalio/worker) gets a hook that is never enabled. */
function skipWorkflowStackTraces() {
  const { promiseHooks } = v8;
  const createHook = promiseHooks.createHook;
  // lib/…/vm-shared.js, or src/…/vm-shared.ts when source maps are on (tsx turns them on).
  const sdkCaller = /[\\/]@temporalio[\\/]worker[\\/](?:lib|src)[\\/]workflow[\\/]vm-shared\.[jt]s:/;
  promiseHooks.createHook = function createHookUnlessSdkStackTraces(hooks) {
    if (sdkCaller.test(new Error().stack ?? '')) return () => undefined;
    return createHook.call(promiseHooks, hooks);
  };
}

/** This thread's heap, now and every HEAP_REPORT_MS, without keeping the thread alive. */
function reportHeap() {
  const channel = new BroadcastChannel(HEAP_CHANNEL);
  channel.unref();
  const send = () => {
    const heap = v8.getHeapStatistics();
    channel.postMessage({ threadId, used: heap.used_heap_size, total: heap.total_heap_size });
  };
  send();
  setInterval(send, HEAP_REPORT_MS).unref();
}

if (!isMainThread) reportHeap();
if (!isMainThread && process.env.ATELIER_WORKFLOW_VM_TIMEOUT !== '1') dropWorkflowCallTimeouts();
if (!isMainThread && process.env.ATELIER_WORKFLOW_STACK_TRACES !== '1') skipWorkflowStackTraces();
