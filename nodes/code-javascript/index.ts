import ivm from 'isolated-vm';
import { z } from 'zod';
import { NodeError } from '../../src/engine/node-error';
import type { LogLevel, NodeDefinition } from '../../src/engine/types';

export const CODE_MEMORY_LIMIT_MB = 64;
const MAX_LOG_LINES = 200;

const params = z.object({
  /** The body of `async function (inputs, variables) { … }`; its return value (JSON) is `main`. */
  code: z.string().min(1).max(100_000),
  timeout_s: z.number().positive().max(30).default(5),
});

/**
 * Runs user code in a fresh V8 isolate (isolated-vm): its own heap capped at 64 MB, a wall-clock
 * limit, and nothing from Node — no `require`, `process`, timers or network. Inputs and variables
 * go in, and the result comes out, as JSON text, so nothing but data crosses the boundary.
 */
export async function runSandboxed(
  code: string,
  args: { inputs: unknown; variables: unknown },
  opts: { timeoutMs: number; memoryLimitMb?: number; signal?: AbortSignal; log?: (level: LogLevel, message: string) => void },
): Promise<unknown> {
  const isolate = new ivm.Isolate({ memoryLimit: opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB });
  let timer: NodeJS.Timeout | undefined;
  let stopped: string | null = null;
  const stop = (reason: string) => {
    if (stopped !== null) return;
    stopped = reason;
    if (!isolate.isDisposed) isolate.dispose();
  };
  const onAbort = () => stop('cancelled');
  try {
    const context = await isolate.createContext();
    let lines = 0;
    const log = new ivm.Callback((level: string, message: string) => {
      if (!opts.log || lines++ >= MAX_LOG_LINES) return;
      opts.log(level === 'error' || level === 'warn' || level === 'debug' ? level : 'info', String(message));
    });
    await context.global.set('__log', log);
    await context.eval(
      `globalThis.console = Object.freeze(Object.fromEntries(['log','info','warn','error','debug'].map((m) => [m, (...a) =>
        __log(m === 'log' ? 'info' : m, a.map((x) => typeof x === 'string' ? x : (() => { try { return JSON.stringify(x); } catch { return String(x); } })()).join(' '))])));`,
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
    const text = (await Promise.race([run, outer])) as string;
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (stopped === 'timeout' || /timed out/i.test(message)) {
      throw new NodeError(`code.javascript timed out after ${opts.timeoutMs / 1000} s`, { type: 'code_timeout' });
    }
    if (stopped === 'cancelled') throw new NodeError('code.javascript was cancelled', { type: 'cancelled', retryable: true });
    if (/memory limit/i.test(message)) {
      throw new NodeError(`code.javascript exceeded its ${opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB} MB memory limit`, { type: 'code_memory' });
    }
    throw new NodeError(message, { type: 'code_error' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
    if (!isolate.isDisposed) isolate.dispose();
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
  defaults: { maxAttempts: 1, timeoutS: 60 },
  async execute(ctx, { params: p, inputs }) {
    const main = await runSandboxed(p.code, { inputs, variables: ctx.variables }, {
      timeoutMs: Math.round(p.timeout_s * 1000),
      signal: ctx.signal,
      log: (level, message) => ctx.log(level, message),
    });
    return { output: { main } };
  },
};
