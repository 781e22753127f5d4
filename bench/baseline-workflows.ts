// The hand-written baseline for bench/engine.ts: the same shapes the engine runs (a chain, a
// fan-out) calling the same no-op activity directly, with no engine in between.
import { proxyActivities } from '@temporalio/workflow';

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
