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
import vm from 'node:vm';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

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

if (!isMainThread && process.env.ATELIER_WORKFLOW_VM_TIMEOUT !== '1') dropWorkflowCallTimeouts();
