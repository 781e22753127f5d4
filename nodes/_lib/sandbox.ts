// User code in a sandbox, for the code, expression and loop nodes: an isolated-vm isolate in the
// sandbox host process (sandbox-pool.ts), with per-worker and per-account caps on sandboxes running
// at once and capped logs.
import { type LogLevel, NodeError } from '../../src/engine/node-sdk';
import { sandboxPool, type SandboxOutcome } from './sandbox-pool';

export const CODE_MEMORY_LIMIT_MB = 64;
// Logs capped by count alone let 200 lines of 1 MB take a worker from 558 MB to 2.2 GB. Each line
// is cut inside the sandbox (so a huge string never crosses into the worker), and a node keeps at
// most 200 lines and 64 KB of log text.
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
