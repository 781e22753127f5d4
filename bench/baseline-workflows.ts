// The hand-written baseline for bench/engine.ts: the same shapes the engine runs (a chain, a
// fan-out) calling the same no-op activity directly, with no engine in between.
import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

export interface BaselineActivities {
  noop(input: { i: number; pad?: string }): Promise<Record<string, unknown>>;
}

const { noop } = proxyActivities<BaselineActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '6 seconds',
  retry: { maximumAttempts: 3, initialInterval: '1 second' },
});

export async function baselineChain(n: number): Promise<number> {
  for (let i = 0; i < n; i++) await noop({ i });
  return n;
}

/** n parallel calls; with `padBytes`, each call's input carries that many more bytes (as a node's params would). */
export async function baselineFanOut(n: number, padBytes = 0): Promise<number> {
  const pad = padBytes > 0 ? { pad: 'x'.repeat(padBytes) } : {};
  await Promise.all(Array.from({ length: n }, (_, i) => noop({ i, ...pad })));
  return n;
}

/**
 * The least a workflow can be: started, one workflow task, completed with its input. bench/n8n.ts
 * runs it closed-loop beside Atelier's trigger → set: the rate Temporal itself allows on the server.
 */
export async function baselineEmpty(input: Record<string, unknown>): Promise<Record<string, unknown>> {
  return input;
}

/** bench/lib/trigger-floor.ts's local activity: the run's events and end in one statement. */
export interface FloorActivities {
  floorWriteRun(runId: string, events: Array<{ type: string; data: Record<string, unknown> }>): Promise<void>;
}

const { floorWriteRun } = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '1 minute' });

/**
 * Trigger → set at its durable floor (bench/lib/trigger-floor.ts): both nodes computed in the
 * workflow task, their events and the run's end written by one local activity, then completed.
 */
export async function floorTriggerSet(a: { runId: string; input: Record<string, unknown>; values: Record<string, unknown> }): Promise<void> {
  const started = Date.now();
  const node = (id: string, output: Record<string, unknown>) => [
    { type: 'node_started', data: { node_id: id, timestamp: new Date(started).toISOString() } },
    { type: 'node_output', data: { node_id: id, output: { main: output }, usd_charged: 0 } },
    { type: 'node_completed', data: { node_id: id, duration_ms: 0, ok: true } },
  ];
  await floorWriteRun(a.runId, [
    ...node('start', a.input),
    ...node('set', { ...a.input, ...a.values }),
    { type: 'run_finished', data: { status: 'completed', duration_ms: Date.now() - started, total_usd_charged: 0 } },
  ]);
}
