import ivm from 'isolated-vm';
import { z } from 'zod';
import { NodeError } from '../../../src/engine/node-error';
import { markExitBlocked } from '../../../src/infra/process-exit';
import type { LogLevel, NodeDefinition } from '../../../src/engine/types';

export const CODE_MEMORY_LIMIT_MB = 64;
// Issue 16.1: logs were capped by count only — 200 lines of 1 MB took a worker from 558 MB to 2.2 GB.
// Each line is cut inside the sandbox (so a huge string never crosses into the worker), and a node
// keeps at most 200 lines and 64 KB of log text.
export const MAX_LOG_LINES = 200;
export const MAX_LOG_LINE_CHARS = 2_000;
export const MAX_LOG_CHARS = 64 * 1024;
/** Sandboxes (isolates of up to 64 MB each) running at once in one worker, and for one account. */
export const MAX_SANDBOXES_PER_WORKER = 4;
export const MAX_SANDBOXES_PER_ACCOUNT = 2;

/** Counts running sandboxes; a sandbox over either cap waits for a slot (or its node's cancellation). */
class SandboxSlots {
  private total = 0;
  private readonly perAccount = new Map<string, number>();
  private waiters: Array<() => void> = [];

  private fits(account: string | undefined): boolean {
    return this.total < MAX_SANDBOXES_PER_WORKER && (account === undefined || (this.perAccount.get(account) ?? 0) < MAX_SANDBOXES_PER_ACCOUNT);
  }

  async acquire(account: string | undefined, signal?: AbortSignal): Promise<() => void> {
    while (!this.fits(account)) {
      if (signal?.aborted) throw new NodeError('code.javascript was cancelled', { type: 'cancelled', retryable: true });
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', wake);
          this.waiters = this.waiters.filter((w) => w !== wake);
          resolve();
        };
        this.waiters.push(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
    this.total++;
    if (account !== undefined) this.perAccount.set(account, (this.perAccount.get(account) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      if (account !== undefined) {
        const n = (this.perAccount.get(account) ?? 1) - 1;
        if (n > 0) this.perAccount.set(account, n);
        else this.perAccount.delete(account);
      }
      for (const wake of [...this.waiters]) wake();
    };
  }

  get running(): number {
    return this.total;
  }
}

export const sandboxSlots = new SandboxSlots();

const params = z.object({
  /** The body of `async function (inputs, variables) { … }`; its return value (JSON) is `main`. */
  code: z.string().min(1).max(100_000).describe('JavaScript run in an isolated sandbox; `return` a value for the main output'),
  timeout_s: z.number().positive().max(30).default(5).describe('CPU time limit for the script, in seconds'),
});

/**
 * Runs user code in a fresh V8 isolate (isolated-vm): its own heap capped at 64 MB, a wall-clock
 * limit, and nothing from Node — no `require`, `process`, timers or network. Inputs and variables
 * go in, and the result comes out, as JSON text, so nothing but data crosses the boundary.
 */
export async function runSandboxed(
  code: string,
  args: { inputs: unknown; variables: unknown },
  opts: { timeoutMs: number; memoryLimitMb?: number; signal?: AbortSignal; log?: (level: LogLevel, message: string) => void; accountId?: string },
): Promise<unknown> {
  const release = await sandboxSlots.acquire(opts.accountId, opts.signal);
  let isolate: ivm.Isolate;
  // Some allocations past the cap (a Map or an array rehashing into a backing store the heap cannot
  // hold) are a V8 fatal out-of-memory, not the catchable limit error: without this handler it
  // aborts the whole worker process (isolated-vm issues 107 and 527). With it the process lives on,
  // the node fails like any other memory overrun, and the isolate's memory and thread are lost.
  let catastrophe: (() => void) | undefined;
  const broken = new Promise<never>((_, reject) => (catastrophe = () => reject(new Error('memory limit (catastrophic)'))));
  broken.catch(() => undefined);
  try {
    isolate = new ivm.Isolate({
      memoryLimit: opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB,
      onCatastrophicError: (message) => {
        process.emitWarning(`code.javascript sandbox: ${message}; about ${opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB} MB of this process stay lost until it restarts`, { code: 'ATELIER_SANDBOX_CATASTROPHE' });
        markExitBlocked(`a code.javascript sandbox failed catastrophically (${message})`);
        stop('catastrophe');
        catastrophe?.();
      },
    });
  } catch (err) {
    release();
    throw err;
  }
  let timer: NodeJS.Timeout | undefined;
  let stopped: string | null = null;
  const stop = (reason: string) => {
    if (stopped !== null) return;
    stopped = reason;
    if (!isolate.isDisposed) isolate.dispose();
  };
  const onAbort = () => stop('cancelled');
  let logLines = 0;
  let logChars = 0;
  let droppedLines = 0;
  try {
    const context = await isolate.createContext();
    const log = new ivm.Callback((level: string, message: string) => {
      if (!opts.log) return;
      let text = String(message);
      if (text.length > MAX_LOG_LINE_CHARS + 40) text = `${text.slice(0, MAX_LOG_LINE_CHARS)}…`;
      if (logLines >= MAX_LOG_LINES || logChars + text.length > MAX_LOG_CHARS) {
        droppedLines++;
        return;
      }
      logLines++;
      logChars += text.length;
      opts.log(level === 'error' || level === 'warn' || level === 'debug' ? level : 'info', text);
    });
    await context.global.set('__log', log);
    // The console shim keeps the callback in a closure (user code cannot call it directly) and cuts
    // each line to MAX_LOG_LINE_CHARS before it leaves the isolate.
    await context.eval(
      `(function (log, max) {
        const text = (x) => typeof x === 'string' ? x : (() => { try { return JSON.stringify(x); } catch { return String(x); } })();
        globalThis.console = Object.freeze(Object.fromEntries(['log','info','warn','error','debug'].map((m) => [m, (...a) => {
          let line = '';
          for (const x of a) { line += (line ? ' ' : '') + String(text(x)).slice(0, max + 1); if (line.length > max) break; }
          if (line.length > max) line = line.slice(0, max) + '… (cut at ' + max + ' characters)';
          log(m === 'log' ? 'info' : m, line);
        }])));
      })(__log, ${MAX_LOG_LINE_CHARS}); delete globalThis.__log;`,
    );
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) stop('cancelled');
    // Sync time is bounded by `timeout`; awaits that never settle by the outer timer.
    const outer = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop('timeout');
        reject(new Error('timeout'));
      }, opts.timeoutMs);
    });
    const run = context.evalClosure(
      `return (async function (inputs, variables) {\n${code}\n})(JSON.parse($0), JSON.parse($1)).then((value) => {
        const text = JSON.stringify(value === undefined ? null : value);
        if (text === undefined) throw new TypeError('the return value is not JSON-serialisable');
        return text;
      });`,
      [JSON.stringify(args.inputs ?? {}), JSON.stringify(args.variables ?? {})],
      { timeout: opts.timeoutMs, result: { promise: true, copy: true } },
    );
    const text = (await Promise.race([run, outer, broken])) as string;
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (stopped === 'timeout' || /timed out/i.test(message)) {
      throw new NodeError(`code.javascript timed out after ${opts.timeoutMs / 1000} s`, { type: 'code_timeout' });
    }
    if (stopped === 'cancelled') throw new NodeError('code.javascript was cancelled', { type: 'cancelled', retryable: true });
    // "Array buffer allocation failed": the isolate's allocator refused a buffer past the cap.
    if (stopped === 'catastrophe' || /memory limit|Array buffer allocation failed/i.test(message)) {
      throw new NodeError(`code.javascript exceeded its ${opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB} MB memory limit`, { type: 'code_memory' });
    }
    throw new NodeError(message, { type: 'code_error' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (!isolate.isDisposed) isolate.dispose();
    release();
    if (droppedLines > 0) {
      opts.log?.('warn', `${droppedLines} more log line(s) dropped: a node keeps at most ${MAX_LOG_LINES} lines and ${MAX_LOG_CHARS / 1024} KB of logs`);
    }
  }
}

export const codeJavascript: NodeDefinition<typeof params> = {
  type: 'code.javascript',
  version: 1,
  category: 'code',
  name: 'JavaScript',
  description: '`code` is the body of an async function receiving `inputs` (keyed by source node id) and `variables`; its JSON return value is `main`. Runs in an isolated V8 sandbox (64 MB, `timeout_s` default 5 s, max 30 s; no require, process, timers or network; console.* goes to the node logs). A throw or a timeout fails the node with its message.',
  tags: ['code', 'transform', 'sandbox'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'The function\'s return value.' }],
  execution: 'activity',
  reads: ['variables'],
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const main = await runSandboxed(p.code, { inputs, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000),
      signal: ctx.signal,
      log: (level, message) => ctx.log(level, message),
      accountId: ctx.accountId,
    });
    return { output: { main } };
  },
};
