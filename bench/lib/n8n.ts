// n8n for the benches that measure Atelier beside it: installed once into a folder outside the
// project (not a dependency), BENCH_N8N_DIR (/tmp/atelier-bench-n8n), and started with one
// imported, activated workflow on a fresh user folder (SQLite database) each time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';

export const N8N_VERSION = '1.94.1';
export const n8nDir = process.env.BENCH_N8N_DIR ?? '/tmp/atelier-bench-n8n';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** n8n into BENCH_N8N_DIR, once (`npm install`, with the xlsx override this registry needs); its binary. */
export function installN8n(): string {
  const bin = join(n8nDir, 'node_modules', '.bin', 'n8n');
  if (existsSync(bin) && existsSync(join(n8nDir, 'node_modules', 'n8n', 'package.json'))) return bin;
  mkdirSync(n8nDir, { recursive: true });
  writeFileSync(
    join(n8nDir, 'package.json'),
    JSON.stringify({ name: 'atelier-bench-n8n', private: true, dependencies: { n8n: N8N_VERSION }, overrides: { xlsx: '0.18.5' } }, null, 2),
  );
  console.log(`installing n8n ${N8N_VERSION} into ${n8nDir} (once; several minutes)…`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: n8nDir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install n8n failed');
  return bin;
}

export interface N8n {
  port: number;
  pid: number;
  /** The last 4,000 characters n8n wrote to stderr. */
  stderr(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * n8n on a free port with `workflow` imported and activated, SQLite and the default execution
 * saving; resolves once `ready(port)` answers true. `env` adds to (or overrides) its environment.
 */
export async function startN8n(workflow: { id: string }, ready: (port: number) => Promise<boolean>, env: Record<string, string> = {}): Promise<N8n> {
  const bin = installN8n();
  const userFolder = join(n8nDir, 'user');
  rmSync(userFolder, { recursive: true, force: true });
  mkdirSync(userFolder, { recursive: true });
  const port = await freePort();
  const fullEnv = {
    ...process.env,
    N8N_USER_FOLDER: userFolder,
    N8N_PORT: String(port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_LOG_LEVEL: 'warn',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    N8N_SECURE_COOKIE: 'false',
    // SQLite (the default database) and the default execution saving: every execution is stored.
    DB_TYPE: 'sqlite',
    NODE_OPTIONS: '',
    ...env,
  };
  const file = join(userFolder, 'workflow.json');
  writeFileSync(file, JSON.stringify(workflow));
  const cli = (args: string[]) => {
    const r = spawnSync(bin, args, { env: fullEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`n8n ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  cli(['import:workflow', `--input=${file}`]);
  cli(['update:workflow', `--id=${workflow.id}`, '--active=true']);
  const child = spawn(bin, ['start'], { env: fullEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!alive()) return;
    child.kill('SIGTERM');
    await new Promise((r) => (alive() ? child.once('exit', r) : r(null)));
  };
  const until = Date.now() + 180_000;
  for (;;) {
    if (!alive()) throw new Error(`n8n exited during start-up (${child.exitCode ?? child.signalCode}): ${stderr}`);
    if (await ready(port).catch(() => false)) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`n8n did not become ready within 180 s: ${stderr}`);
    }
    await sleep(250);
  }
  return { port, pid: child.pid!, stderr: () => stderr, alive, stop };
}
