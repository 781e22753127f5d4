// Shared by the engine run tests (test/engine/runs): spec builders, a loopback HTTP "side effect" server that counts
// calls and can hold a request open, and helpers to create workflows and wait for runs.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, inject } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';

/**
 * The engine run tests' fixture: one whole Atelier (API + worker) and one CounterServer for the test
 * file, started in beforeAll and stopped in afterAll. Read `fx.stack` and `fx.counter` inside tests.
 */
export function useEngineStack(env: Record<string, string> = {}): { readonly stack: TestStack; readonly counter: CounterServer } {
  const fx = {} as { stack: TestStack; counter: CounterServer };
  beforeAll(async () => {
    [fx.stack, fx.counter] = await Promise.all([startStack(env), new CounterServer().start()]);
  });
  afterAll(async () => {
    await fx.stack?.close();
    await fx.counter?.stop();
  });
  return fx;
}

export interface NodeSpecIn {
  id: string;
  type: string;
  params?: Record<string, unknown>;
  retry?: { max_attempts: number; backoff?: 'fixed' | 'exponential' } | null;
  timeout_s?: number | null;
  continue_on_error?: boolean;
  disabled?: boolean;
}

export function spec(
  nodes: NodeSpecIn[],
  edges: Array<[string, string] | [string, string, string]>,
  extra: Record<string, unknown> = {},
) {
  return {
    nodes: nodes.map((n, i) => ({ position: [i * 200, 0], params: {}, ...n })),
    edges: edges.map(([source, target, port], i) => ({ id: `e${i}`, source, target, source_port: port ?? 'main' })),
    trigger: { type: 'manual', config: {} },
    ...extra,
  };
}

export async function createWorkflow(stack: TestStack, s: unknown, opts: { key?: string; name?: string } = {}): Promise<string> {
  const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: opts.name ?? 'test workflow', spec: s }, key: opts.key });
  if (r.status !== 201 && r.status !== 200) throw new Error(`create workflow: ${r.status} ${r.text}`);
  return r.body.id as string;
}

export async function startRun(stack: TestStack, workflowId: string, input: Record<string, unknown> = {}, opts: { key?: string; body?: Record<string, unknown> } = {}) {
  const r = await stack.api('POST', '/engine/v1/v1/runs', { body: { workflow_id: workflowId, input, ...opts.body }, key: opts.key });
  if (r.status !== 201) throw new Error(`start run: ${r.status} ${r.text}`);
  return r.body as { run_id: string; temporal_workflow_id: string; status: string; created_at: string };
}

export const FINISHED = ['completed', 'failed', 'timed_out', 'cancelled'];

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 45_000, everyMs = 150): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function getRun(stack: TestStack, runId: string, key?: string) {
  const r = await stack.api('GET', `/engine/v1/v1/runs/${runId}`, { key });
  if (r.status !== 200) throw new Error(`get run: ${r.status} ${r.text}`);
  return r.body;
}

export function waitForRun(stack: TestStack, runId: string, statuses: string[] = FINISHED, timeoutMs = 45_000, key?: string) {
  return waitFor(`run ${runId} to be ${statuses.join('|')}`, async () => {
    const run = await getRun(stack, runId, key);
    return statuses.includes(run.status) ? run : undefined;
  }, timeoutMs);
}

/**
 * A run's Temporal history once its execution has closed. The run's row says `completed` as soon as
 * its last projection commits, but the markers of the local activities that wrote it reach the
 * history only when that workflow task completes, a moment later.
 */
export async function closedHistory(stack: TestStack, runId: string) {
  const handle = stack.atelier.deps.temporal.workflow.getHandle(runId);
  await handle.result().catch(() => undefined);
  return handle.fetchHistory();
}

/**
 * A node's output port as the node produced it: inline, or, when it was stored apart (a result
 * reference), downloaded from the run's download path.
 */
export async function portValue(stack: TestStack, run: { node_outputs: Record<string, { output: Record<string, unknown>; downloads?: Record<string, string> }> }, nodeId: string, port = 'main'): Promise<any> {
  const out = run.node_outputs[nodeId]!;
  const path = out.downloads?.[port];
  if (!path) return out.output[port];
  const got = await stack.api('GET', path);
  if (got.status !== 200) throw new Error(`download of ${nodeId}.${port}: ${got.status} ${got.text.slice(0, 200)}`);
  return got.body;
}

export async function runToEnd(stack: TestStack, s: unknown, input: Record<string, unknown> = {}) {
  const wf = await createWorkflow(stack, s);
  const { run_id } = await startRun(stack, wf, input);
  return waitForRun(stack, run_id);
}

export interface Hit {
  id: string;
  startedAt: number;
  finishedAt?: number;
  aborted?: boolean;
}

/** A loopback server standing in for an external API: counts calls per id, optionally slow. */
export class CounterServer {
  server: Server;
  hits: Hit[] = [];
  url = '';

  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const hit: Hit = { id: u.searchParams.get('id') ?? '', startedAt: Date.now() };
      this.hits.push(hit);
      const ms = Number(u.searchParams.get('ms') ?? 0);
      const status = Number(u.searchParams.get('status') ?? 200);
      const timer = setTimeout(() => {
        hit.finishedAt = Date.now();
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id: hit.id, n: this.count(hit.id) }));
      }, ms);
      res.on('close', () => {
        if (!res.writableFinished) {
          hit.aborted = true;
          clearTimeout(timer);
        }
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  count(id: string): number {
    return this.hits.filter((h) => h.id === id).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

export const httpNode = (id: string, server: CounterServer, ms = 0, extra: Partial<NodeSpecIn> = {}): NodeSpecIn => ({
  id,
  type: 'http.request',
  params: { url: `${server.url}/hit?id=${id}&ms=${ms}`, timeout_s: 120 },
  ...extra,
});

/** An http.request node that fails (404 with fail_on_status: not retryable by the node). */
export const failingNode = (id: string, server: CounterServer, extra: Partial<NodeSpecIn> = {}): NodeSpecIn => ({
  id,
  type: 'http.request',
  params: { url: `${server.url}/hit?id=${id}&status=404`, fail_on_status: true },
  retry: { max_attempts: 1 },
  ...extra,
});

/** Replays histories against the suite's workflow bundle: one result per history, `error` set on a non-determinism. */
export async function replayHistories(histories: Array<{ workflowId: string; history: unknown }>) {
  const results = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle: { codePath: inject('workflowBundlePath') } },
    histories.map((h) => ({ workflowId: h.workflowId, history: h.history as never })),
  )) {
    results.push(result);
  }
  return results;
}
