// Starts test/engine/runs/fault-worker.ts (a worker in a process of its own, so a test can SIGKILL
// it mid-activity) with the environment given, and resolves once it polls ("ready" on stdout).
// Detached, so killing its process group takes tsx and node with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export function spawnFaultWorker(env: NodeJS.ProcessEnv, started: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', join(import.meta.dirname, 'fault-worker.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start in time: ${stderr}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited early (${code}): ${stderr}`));
    });
  });
}
