// One Atelier process (API + worker) as an operator runs it, for the chaos bench and the CI chaos
// test: started through scripts/start.sh (as `npm start` starts it, with its node flags and heap
// limit), which execs node, so the child's pid is the process that serves the API and polls the
// task queue and a SIGKILL lands there, with nothing in between to clean up.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Node's arguments before the entry file, as scripts/start.sh passes them (less its heap limit). */
export const ATELIER_NODE_ARGS = ['--no-node-snapshot', '--import', 'tsx', '--import', './src/infra/temporal/workflow-thread-vm.mjs'];

/**
 * The environment of an Atelier process a bench measures: production mode on loopback, its own
 * database, Temporal task queue and data dir, a bootstrap key, fresh secrets, limits scaled ×1000.
 */
export function atelierEnv(o: { port: number; databaseUrl: string; temporalAddress: string; taskQueue: string; dataDir: string; key: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // As `npm start` sets it (package.json): two malloc arenas, not one per thread.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${o.port}`,
    DATABASE_URL: o.databaseUrl,
    TEMPORAL_ADDRESS: o.temporalAddress,
    TEMPORAL_TASK_QUEUE: o.taskQueue,
    ATELIER_DATA_DIR: o.dataDir,
    ATELIER_BOOTSTRAP_KEY: o.key,
    ATELIER_BOOTSTRAP_PASSWORD: 'bench password',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ATELIER_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ATELIER_RATE_LIMIT_SCALE: '1000',
  };
}

export interface AtelierProcessOptions {
  /** Environment for src/config.ts (PORT, DATABASE_URL, TEMPORAL_ADDRESS, …), on top of process.env. */
  env: Record<string, string>;
  port: number;
  key: string;
  /** Each generation's output goes to `<logDir>/atelier-<n>.log`. */
  logDir: string;
  /** A prebuilt workflow bundle (a restart then skips webpack); without it the process bundles. */
  workflowBundlePath?: string;
  readyTimeoutMs?: number;
  /**
   * When the process counts as up: `api` (default) once its API answers an authenticated request;
   * `log` once it prints "Atelier is up" (a worker-only process, ATELIER_ROLE=worker, serves no HTTP).
   */
  readyWhen?: 'api' | 'log';
  /** Node flags for scripts/start.sh to put before the entry (e.g. `--max-semi-space-size=64`). */
  nodeFlags?: string[];
}

/** Starts, SIGKILLs and restarts one Atelier process; `generation` counts the processes started. */
export class AtelierProcess {
  child: ChildProcess | undefined;
  generation = 0;
  constructor(private readonly opts: AtelierProcessOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Spawns a process and resolves once it is up (`readyWhen`). */
  async start(): Promise<void> {
    this.generation += 1;
    const log = join(this.opts.logDir, `atelier-${this.generation}.log`);
    const out = createWriteStream(log);
    const entry = this.opts.workflowBundlePath ? 'bench/lib/atelier-main.ts' : 'src/main.ts';
    const child = spawn('bash', [join(ROOT, 'scripts/start.sh'), ...(this.opts.nodeFlags ?? []), entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.opts.env,
        PORT: String(this.opts.port),
        HOST: '127.0.0.1',
        ATELIER_BOOTSTRAP_KEY: this.opts.key,
        ...(this.opts.workflowBundlePath ? { ATELIER_CHAOS_WORKFLOW_BUNDLE: this.opts.workflowBundlePath } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    let up = false;
    if (this.opts.readyWhen === 'log') child.stdout?.on('data', (d: Buffer) => (up ||= d.toString().includes('Atelier is up')));
    this.child = child;
    const deadline = Date.now() + (this.opts.readyTimeoutMs ?? 180_000);
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`Atelier exited (${child.exitCode ?? child.signalCode}) during start-up; see ${log}`);
      }
      if (this.opts.readyWhen === 'log' ? up : await this.apiAnswers()) return;
      if (Date.now() > deadline) throw new Error(`Atelier did not come up within ${(this.opts.readyTimeoutMs ?? 180_000) / 1000} s; see ${log}`);
      await sleep(250);
    }
  }

  private async apiAnswers(): Promise<boolean> {
    try {
      const r = await fetch(`${this.baseUrl}/engine/v1/v1/nodes`, { headers: { authorization: `Bearer ${this.opts.key}` } });
      await r.arrayBuffer();
      return r.status === 200;
    } catch {
      return false; // not listening yet
    }
  }

  /** Sends `signal` and waits for the exit (SIGKILL after 20 s for a SIGTERM that hangs). */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }

  /** Synchronous last resort for exit paths (`process.on('exit')`): never leaves the child behind. */
  killNow(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
