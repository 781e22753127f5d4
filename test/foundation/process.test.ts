// The process as an operator runs it: `npm start` with embedded Postgres, SIGTERM, nothing left behind.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { portOpen } from '../../src/infra/db/postgres';
import { generateApiKey } from '../../src/platform/auth/api-keys';
import { startStack } from '../helpers/stack';
import { ATELIER_NODE_ARGS } from '../../bench/lib/atelier-process';

const root = resolve(import.meta.dirname, '../..');

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs: number, failFast: () => void = () => undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    failFast();
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('process lifecycle', () => {
  it('starts API, worker and embedded Postgres, and SIGTERM stops all of it cleanly', async () => {
    const dataDir = mkdtempSync(join(inject('dataDir'), 'proc-'));
    chmodSync(dataDir, 0o755); // as root, initdb runs as the postgres OS user
    const port = 20000 + Math.floor(Math.random() * 20000);
    const pgPort = port + 1;
    const key = generateApiKey('live');
    const child = spawn(process.execPath, [...ATELIER_NODE_ARGS, 'src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        EMBEDDED_PG_PORT: String(pgPort),
        DATABASE_URL: '',
        ATELIER_DATA_DIR: dataDir,
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        TEMPORAL_TASK_QUEUE: `proc-${port}`,
        ATELIER_BOOTSTRAP_KEY: key,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const health = await waitFor(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        return res.status === 200 ? res.json() : undefined;
      }, 90_000, () => {
        if (child.exitCode !== null) throw new Error(`exited early with code ${child.exitCode}`);
      });
      expect(health).toMatchObject({ status: 'ok' });
      const balance = await fetch(`http://127.0.0.1:${port}/v1/billing/balance`, { headers: { authorization: `Bearer ${key}` } });
      expect(await balance.json()).toMatchObject({ balance_usd: 100 });
      expect(output).toContain('Atelier is up');
      expect(await portOpen(pgPort)).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await portOpen(port)).toBe(false);
      expect(await portOpen(pgPort)).toBe(false);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- process output ---\n${output.slice(-4000)}`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('health answers 503 naming the worker when none polls the task queue', async () => {
    const apiOnly = await startStack({ ATELIER_ROLE: 'api' });
    try {
      const r = await apiOnly.api('GET', '/healthz', { key: null });
      expect(r.status).toBe(503);
      expect(r.body.failing).toEqual(['worker']);
      expect(r.body.checks.worker.error).toContain(apiOnly.config.temporal.taskQueue);
    } finally {
      await apiOnly.close();
    }
  });
});
