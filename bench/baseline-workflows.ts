// The hand-written baseline for bench/engine.ts: the same shapes the engine runs (a chain, a
// fan-out) calling the same no-op activity directly, with no engine in between.
import { proxyActivities } from '@temporalio/workflow';

export interface BaselineActivities {
  noop(input: { i: number }): Promise<Record<string, unknown>>;
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

export async function baselineFanOut(n: number): Promise<number> {
  await Promise.all(Array.from({ length: n }, (_, i) => noop({ i })));
  return n;
}
