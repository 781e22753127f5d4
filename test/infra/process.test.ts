// The process as an operator runs it: `npm start` with embedded Postgres, SIGTERM, nothing left behind.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { describe, expect, inject, it } from 'vitest';
import { portOpen } from '../../src/infra/db/postgres';
import { generateApiKey } from '../../src/platform/auth/api-keys';
import { apiClient, startStack } from '../helpers/stack';
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

/**
 * A run waiting in a workflow thread of the real process (its SDK, its preload): the stack trace
 * query answers — empty, since workflow threads skip the SDK's per-promise stack capture unless
 * ATELIER_WORKFLOW_STACK_TRACES=1 (src/infra/temporal/workflow-thread-vm.mjs) — and the run then
 * finishes when signalled.
 */
async function waitingRunAnswersStackTrace(port: number, key: string): Promise<void> {
  const api = apiClient(`http://127.0.0.1:${port}/engine/v1/v1`, key);
  const spec = {
    nodes: [{ id: 'start', type: 'trigger.manual', position: [0, 0], params: {} }, { id: 'hook', type: 'control.wait_webhook', position: [0, 0], params: {} }],
    edges: [{ id: 'e1', source: 'start', target: 'hook' }],
    trigger: { type: 'manual', config: {} },
  };
  const wf = await api('POST', '/workflows', { body: { name: 'stack trace probe', spec } });
  expect(wf.status).toBe(201);
  const started = await api('POST', '/runs', { body: { workflow_id: wf.body.id, input: {} } });
  expect(started.status).toBe(201);
  const runId = started.body.run_id as string;
  await waitFor(async () => ((await api('GET', `/runs/${runId}`)).body.status === 'running' ? true : undefined), 30_000);
  const connection = await Connection.connect({ address: inject('temporalAddress') });
  try {
    const stack = await new Client({ connection }).workflow.getHandle(runId).query<string>('__stack_trace');
    expect(stack).toBe('');
  } finally {
    await connection.close();
  }
  expect((await api('POST', `/runs/${runId}/signals/webhook`, { body: { payload: { ok: true } } })).status).toBe(200);
  await waitFor(async () => ((await api('GET', `/runs/${runId}`)).body.status === 'completed' ? true : undefined), 30_000);
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
      await waitingRunAnswersStackTrace(port, key);
      // Its workflow thread reports its heap every 5 s (the same preload), so /metrics shows it.
      const metrics = await waitFor(async () => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        return Number(/^atelier_worker_threads (\d+)$/m.exec(text)?.[1]) >= 1 ? text : undefined;
      }, 15_000);
      expect(Number(/^atelier_worker_threads_heap_used_bytes (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(1_000_000);

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
