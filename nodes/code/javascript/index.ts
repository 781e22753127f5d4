import { z } from 'zod';
import { type LogLevel, type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { sandboxPool, type SandboxOutcome } from '../sandbox-pool';

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
 * go in, and the result comes out, as JSON text, so nothing but data crosses the boundary. The
 * isolate lives in the sandbox host process (sandbox-pool.ts), which is replaced after a failure
 * that would otherwise leave its memory lost. `accountId` is required: every sandbox takes one of
 * its account's slots.
 */
export async function runSandboxed(
  code: string,
  args: { inputs: unknown; variables: unknown },
  opts: { timeoutMs: number; memoryLimitMb?: number; signal?: AbortSignal; log?: (level: LogLevel, message: string) => void; accountId: string | undefined },
): Promise<unknown> {
  const release = await sandboxSlots.acquire(opts.accountId, opts.signal);
  const memoryLimitMb = opts.memoryLimitMb ?? CODE_MEMORY_LIMIT_MB;
  let outcome: SandboxOutcome;
  try {
    outcome = await sandboxPool.run(
      {
        code,
        inputs: JSON.stringify(args.inputs ?? {}),
        variables: JSON.stringify(args.variables ?? {}),
        timeoutMs: opts.timeoutMs,
        memoryLimitMb,
        maxLogLines: MAX_LOG_LINES,
        maxLogLineChars: MAX_LOG_LINE_CHARS,
        maxLogChars: MAX_LOG_CHARS,
      },
      { signal: opts.signal, log: (level, text) => opts.log?.(level as LogLevel, text) },
    );
  } finally {
    release();
  }
  if (outcome.droppedLogLines > 0) {
    opts.log?.('warn', `${outcome.droppedLogLines} more log line(s) dropped: a node keeps at most ${MAX_LOG_LINES} lines and ${MAX_LOG_CHARS / 1024} KB of logs`);
  }
  if (outcome.ok) return JSON.parse(outcome.text) as unknown;
  switch (outcome.kind) {
    case 'timeout':
      throw new NodeError(`code.javascript timed out after ${opts.timeoutMs / 1000} s`, { type: 'code_timeout' });
    case 'cancelled':
      throw new NodeError('code.javascript was cancelled', { type: 'cancelled', retryable: true });
    case 'memory':
      throw new NodeError(`code.javascript exceeded its ${memoryLimitMb} MB memory limit`, { type: 'code_memory' });
    case 'host_lost':
      // Another sandbox on the same host took it down (or the system killed it): not this code's fault.
      throw new NodeError(`code.javascript could not finish: ${outcome.message}`, { type: 'sandbox_unavailable', retryable: true });
    default:
      throw new NodeError(outcome.message, { type: 'code_error' });
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
