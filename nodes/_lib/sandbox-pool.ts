// Where user code runs: isolated-vm isolates hosted by a child process of the worker
// (nodes/_lib/sandbox-host.mjs), never in the worker itself. A host whose isolate failed
// catastrophically (V8's fatal out-of-memory, whose heap can never be freed in that process), or
// whose memory grew past HOST_RSS_LIMIT_MB, gets no more work and is ended once the sandboxes it
// still runs have finished; the next sandbox starts a fresh host. So a tenant can fail its own
// node, and nothing of the worker stays lost.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A host whose resident memory passes this after a sandbox ends is replaced. */
export const HOST_RSS_LIMIT_MB = 384;
/** A host with no sandbox to run for this long is ended (the next sandbox starts one). */
const HOST_IDLE_MS = 5 * 60_000;
/** Time a host gets past a sandbox's own timeout to answer before it is taken for hung and killed. */
const HOST_GRACE_MS = 5_000;

const HOST_ENTRY = fileURLToPath(new URL('./sandbox-host.mjs', import.meta.url));

export type SandboxJob = {
  code: string;
  inputs: string;
  variables: string;
  timeoutMs: number;
  memoryLimitMb: number;
  maxLogLines: number;
  maxLogLineChars: number;
  maxLogChars: number;
};

export type SandboxOutcome =
  | { ok: true; text: string; droppedLogLines: number }
  | { ok: false; kind: 'timeout' | 'cancelled' | 'memory' | 'error' | 'host_lost'; message: string; droppedLogLines: number };

type Pending = {
  job: SandboxJob;
  log: (level: string, text: string) => void;
  resolve: (outcome: SandboxOutcome) => void;
  watchdog?: NodeJS.Timeout;
  /** Where the job runs now (a job sent to a host that had just failed moves to the next one). */
  host?: SandboxHost;
  id?: number;
  hung?: boolean;
};

type HostMessage =
  | { t: 'ready' }
  | { t: 'log'; id: number; level: string; text: string }
  | { t: 'catastrophe'; message: string }
  | ({ t: 'done'; id: number; rss: number } & ({ ok: true; text: string; droppedLogLines: number } | { ok: false; kind: string; message: string; droppedLogLines: number }));

let nextId = 1;

class SandboxHost {
  readonly child: ChildProcess;
  readonly pending = new Map<number, Pending>();
  retiring: string | null = null;
  exited = false;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly onEnd: (host: SandboxHost) => void,
    private readonly redo: (pending: Pending) => void,
  ) {
    this.child = fork(HOST_ENTRY, [], {
      // No loader, no NODE_OPTIONS, no environment: the worker's secrets are not in this process.
      execArgv: ['--no-node-snapshot', '--max-old-space-size=512'],
      env: {},
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: HostMessage) => this.onMessage(m));
    this.child.on('exit', (code, signal) => this.onExit(code, signal));
    // A host that could not be started emits no exit: fail what was sent to it all the same.
    this.child.on('error', () => (this.child.pid === undefined ? this.onExit(null, null) : this.kill()));
    this.sleep();
  }

  run(pending: Pending): void {
    const id = nextId++;
    pending.host = this;
    pending.id = id;
    this.pending.set(id, pending);
    this.wake();
    this.child.send({ t: 'run', id, ...pending.job });
  }

  cancel(id: number): void {
    if (this.pending.has(id) && this.child.connected) this.child.send({ t: 'cancel', id });
  }

  /** No more work for this host; it ends when the sandboxes it runs have finished. */
  retire(reason: string): void {
    this.retiring ??= reason;
    this.onEnd(this);
    if (this.pending.size === 0) this.kill();
  }

  kill(): void {
    this.retiring ??= 'killed';
    this.onEnd(this);
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private onMessage(m: HostMessage): void {
    if (m.t === 'catastrophe') return this.retire(`catastrophe: ${m.message}`);
    if (m.t === 'log') return this.pending.get(m.id)?.log(m.level, m.text);
    if (m.t !== 'done') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    clearTimeout(p.watchdog);
    if (m.rss > HOST_RSS_LIMIT_MB * 1024 * 1024) this.retire(`resident memory ${Math.round(m.rss / 1048576)} MB`);
    else if (this.retiring !== null && this.pending.size === 0) this.kill();
    else this.sleep();
    if (!m.ok && m.kind === 'retired') return this.redo(p);
    p.resolve(m.ok ? { ok: true, text: m.text, droppedLogLines: m.droppedLogLines } : { ok: false, kind: m.kind as 'error', message: m.message, droppedLogLines: m.droppedLogLines });
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exited) return;
    this.exited = true;
    clearTimeout(this.idle);
    this.retiring ??= 'exited';
    this.onEnd(this);
    for (const p of this.pending.values()) {
      clearTimeout(p.watchdog);
      if (p.hung) p.resolve({ ok: false, kind: 'timeout', message: 'the sandbox did not answer in time', droppedLogLines: 0 });
      else p.resolve({ ok: false, kind: 'host_lost', message: `the sandbox process ended (${signal ?? `exit code ${code}`})`, droppedLogLines: 0 });
    }
    this.pending.clear();
  }

  /** An idle host holds neither the worker's event loop open nor its memory for long. */
  private sleep(): void {
    if (this.pending.size > 0) return;
    this.child.unref();
    this.child.channel?.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.retire('idle'), HOST_IDLE_MS);
    this.idle.unref();
  }

  private wake(): void {
    clearTimeout(this.idle);
    this.child.ref();
    this.child.channel?.ref();
  }
}

class SandboxPool {
  private current: SandboxHost | undefined;
  /** Hosts started since this process began (the first one included). */
  started = 0;

  private host(): SandboxHost {
    if (!this.current || this.current.retiring !== null) {
      this.current = new SandboxHost(
        (h) => {
          if (this.current === h) this.current = undefined;
        },
        (p) => this.dispatch(p),
      );
      this.started++;
    }
    return this.current;
  }

  private dispatch(p: Pending): void {
    this.host().run(p);
  }

  /** Runs one sandbox on the current host; never rejects. */
  run(job: SandboxJob, opts: { signal?: AbortSignal; log: (level: string, text: string) => void }): Promise<SandboxOutcome> {
    return new Promise((resolve) => {
      const cancel = () => p.host?.cancel(p.id!);
      const p: Pending = {
        job,
        log: opts.log,
        resolve: (outcome) => {
          opts.signal?.removeEventListener('abort', cancel);
          resolve(outcome);
        },
      };
      // A host that does not answer in time is hung: killing it fails what it runs, and frees it.
      p.watchdog = setTimeout(() => {
        p.hung = true;
        p.host?.kill();
      }, job.timeoutMs + HOST_GRACE_MS);
      opts.signal?.addEventListener('abort', cancel, { once: true });
      this.dispatch(p);
      if (opts.signal?.aborted) cancel();
    });
  }

  /** The process id of the host new sandboxes go to (starting one if none runs). */
  hostPid(): number | undefined {
    return this.host().child.pid;
  }
}

export const sandboxPool = new SandboxPool();
